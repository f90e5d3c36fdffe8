import "server-only";
import type { Tx } from "@/lib/db/types";
import { getSmsAdapter } from "./adapter";
import type { SmsMessage } from "./types";

/** What `enqueueSms` leaves to do once the transaction has committed. */
export type PendingSms = { deliver(): Promise<{ id: string }> };

/**
 * Sends as part of a transaction: the dev outbox writes its row inside `tx` (a rollback
 * leaves no message behind); a provider's HTTP API cannot take part in a transaction, so
 * it is called by `deliver()`, which the caller runs after the commit.
 */
export async function enqueueSms(tx: Tx, message: SmsMessage): Promise<PendingSms> {
  const adapter = getSmsAdapter();
  if (adapter.transactional) {
    const sent = await adapter.send(message, { tx });
    return { deliver: async () => sent };
  }
  return { deliver: () => adapter.send(message) };
}

/** Sends now, outside any transaction. */
export function sendSms(message: SmsMessage): Promise<{ id: string }> {
  return getSmsAdapter().send(message);
}
