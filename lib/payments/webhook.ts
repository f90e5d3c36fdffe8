import "server-only";
import { runAsSystem } from "@/lib/db/run-context";
import type { Db, Tx } from "@/lib/db/types";
import { paymentEvents } from "./schema";
import { paymentEventHandlers } from "./event-handlers";
import "./handlers";
import type { PaymentEvent, PaymentProvider } from "./provider";

export interface ReceivedWebhook {
  /** `duplicate`: this event was recorded before; nothing ran again. */
  outcome: "handled" | "duplicate";
  event: PaymentEvent;
}

/**
 * One webhook delivery, for either provider (docs/payments.md, "Exactly once"):
 * 1. the provider checks the signature over the raw body (WebhookSignatureError otherwise:
 *    nothing is written);
 * 2. one system transaction inserts the event into payment_events, unique on
 *    (provider, event id); a second delivery inserts nothing and stops there;
 * 3. the registered handlers run in that same transaction. A throw rolls back the event row
 *    with their writes, so the provider's next delivery runs them again: each event's effect
 *    happens once or not at all.
 * `inTransaction` runs last in that transaction, duplicate or not: the sandbox marks its
 * event delivered there, so the mark and the effect commit together.
 */
export async function receivePaymentWebhook(input: {
  db: Db;
  provider: PaymentProvider;
  rawBody: string;
  signature: string | null;
  inTransaction?: (tx: Tx) => Promise<void>;
}): Promise<ReceivedWebhook> {
  const event = await input.provider.verifyWebhook(input.rawBody, input.signature);
  return runAsSystem(input.db, "payments.webhook", async (tx) => {
    const inserted = await tx
      .insert(paymentEvents)
      .values({
        provider: event.provider,
        eventId: event.id,
        type: event.type,
        providerType: event.providerType,
        objectId: objectIdOf(event),
        payload: JSON.parse(input.rawBody) as unknown,
        occurredAt: event.createdAt,
      })
      .onConflictDoNothing({ target: [paymentEvents.provider, paymentEvents.eventId] })
      .returning({ id: paymentEvents.id });
    const outcome = inserted.length === 0 ? "duplicate" : "handled";
    if (outcome === "handled") {
      for (const handler of paymentEventHandlers(event.type)) await handler(event, tx);
    }
    await input.inTransaction?.(tx);
    return { outcome, event };
  });
}

function objectIdOf(event: PaymentEvent): string | null {
  switch (event.data.kind) {
    case "payment":
      return event.data.payment.id;
    case "refund":
      return event.data.refund.id;
    case "setup":
      return event.data.setup.id;
    case "account":
      return event.data.account.id;
    default:
      return null;
  }
}
