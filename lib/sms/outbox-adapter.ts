import "server-only";
import { withSystemContext } from "@/lib/db/context";
import type { Tx } from "@/lib/db/types";
import { smsOutbox } from "./schema";
import type { SmsAdapter, SmsMessage } from "./types";

async function insert(tx: Tx, message: SmsMessage): Promise<{ id: string }> {
  const [row] = await tx
    .insert(smsOutbox)
    .values({ toNumber: message.to, body: message.body })
    .returning({ id: smsOutbox.id });
  if (!row) throw new Error("The SMS outbox did not return the new row.");
  return row;
}

/** Stores text messages in the sms_outbox table instead of sending them (no provider). */
export class OutboxSmsAdapter implements SmsAdapter {
  readonly kind = "outbox";
  readonly transactional = true;

  send(message: SmsMessage, options?: { tx?: Tx }): Promise<{ id: string }> {
    if (options?.tx) return insert(options.tx, message);
    return withSystemContext("sms.outbox.send", (tx) => insert(tx, message));
  }
}
