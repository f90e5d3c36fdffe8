import type { Tx } from "@/lib/db/types";
import type { PaymentEvent, PaymentEventType } from "./provider";

/**
 * Code that reacts to payment events (checkout confirming an order, a refund issuing a credit
 * note, …). A handler runs inside the transaction that records the event
 * (lib/payments/webhook.ts): it writes with `tx` only, and a throw rolls the event back so
 * that the provider's retry runs it again. Handlers of one type run in registration order,
 * those registered for "*" after them.
 *
 * The registry lives on globalThis: Next bundles a module more than once (route handlers,
 * server actions), and a handler registered in one copy must be seen by the webhook's.
 */
export type PaymentEventHandler = (event: PaymentEvent, tx: Tx) => Promise<void>;

type Registry = Map<PaymentEventType | "*", PaymentEventHandler[]>;

const KEY = Symbol.for("livemarket.payments.eventHandlers");
const store = globalThis as typeof globalThis & { [KEY]?: Registry };

function registry(): Registry {
  store[KEY] ??= new Map();
  return store[KEY];
}

/** Registers `handler` for `type` ("*": every event); returns a function that removes it. */
export function registerPaymentEventHandler(
  type: PaymentEventType | "*",
  handler: PaymentEventHandler,
): () => void {
  const list = registry().get(type) ?? [];
  registry().set(type, [...list, handler]);
  return () => {
    registry().set(
      type,
      (registry().get(type) ?? []).filter((registered) => registered !== handler),
    );
  };
}

export function paymentEventHandlers(type: PaymentEventType): PaymentEventHandler[] {
  return [...(registry().get(type) ?? []), ...(registry().get("*") ?? [])];
}
