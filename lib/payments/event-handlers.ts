import "server-only";
import type { Tx } from "@/lib/db/types";
import type { PaymentEvent, PaymentEventType } from "./provider";

/**
 * Code that reacts to payment events (checkout confirming an order, a refund issuing a credit
 * note, …). A handler runs inside the transaction that records the event
 * (lib/payments/webhook.ts): it writes with `tx` only, and a throw rolls the event back so
 * that the provider's retry runs it again. Handlers of one type run in registration order,
 * those registered for "*" after them.
 *
 * A module registers its handlers when it is loaded, and lists itself in
 * lib/payments/handlers.ts so that the webhook always loads it. The registry lives on
 * globalThis and each handler has a name: Next bundles a module more than once (route
 * handlers, server actions), and a second copy registering the same name replaces the first
 * instead of running the handler twice.
 */
export type PaymentEventHandler = (event: PaymentEvent, tx: Tx) => Promise<void>;

type Registration = { name: string; handler: PaymentEventHandler };
type Registry = Map<PaymentEventType | "*", Registration[]>;

const KEY = Symbol.for("livemarket.payments.eventHandlers");
const store = globalThis as typeof globalThis & { [KEY]?: Registry };

function registry(): Registry {
  store[KEY] ??= new Map();
  return store[KEY];
}

/**
 * Registers `handler` for `type` ("*": every event) under `name` (e.g.
 * "checkout.confirm-order"), replacing a handler of the same name and type. Returns a
 * function that removes it.
 */
export function registerPaymentEventHandler(
  type: PaymentEventType | "*",
  name: string,
  handler: PaymentEventHandler,
): () => void {
  const others = (registry().get(type) ?? []).filter((entry) => entry.name !== name);
  const entry = { name, handler };
  registry().set(type, [...others, entry]);
  return () => {
    registry().set(
      type,
      (registry().get(type) ?? []).filter((registered) => registered !== entry),
    );
  };
}

export function paymentEventHandlers(type: PaymentEventType): PaymentEventHandler[] {
  return [...(registry().get(type) ?? []), ...(registry().get("*") ?? [])].map(
    (entry) => entry.handler,
  );
}
