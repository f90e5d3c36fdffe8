import "server-only";
import { sql } from "drizzle-orm";
import { runAsSystem } from "@/lib/db/run-context";
import { statement } from "@/lib/db/statement";
import type { Db, Tx } from "@/lib/db/types";
import { paymentEvents } from "./schema";
import { paymentEventHandlers } from "./event-handlers";
import "./handlers";
import type { PaymentEvent, PaymentProvider } from "./provider";

/** The event's row, once per (provider, event id): built once, every payment runs it. */
const recordEvent = statement<
  {
    provider: string;
    eventId: string;
    type: string;
    providerType: string;
    objectId: string | null;
    payload: unknown;
    occurredAt: Date;
  },
  { id: string }[]
>("payments: record event", (db) =>
  db
    .insert(paymentEvents)
    .values({
      provider: sql.placeholder("provider"),
      eventId: sql.placeholder("eventId"),
      type: sql.placeholder("type"),
      providerType: sql.placeholder("providerType"),
      objectId: sql.placeholder("objectId"),
      payload: sql.placeholder("payload"),
      occurredAt: sql.placeholder("occurredAt"),
    })
    .onConflictDoNothing({ target: [paymentEvents.provider, paymentEvents.eventId] })
    .returning({ id: paymentEvents.id }),
);

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
    const inserted = await recordEvent(tx, {
      provider: event.provider,
      eventId: event.id,
      type: event.type,
      providerType: event.providerType,
      objectId: objectIdOf(event),
      payload: JSON.parse(input.rawBody) as unknown,
      occurredAt: event.createdAt,
    });
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
