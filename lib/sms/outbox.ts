import "server-only";
import { desc } from "drizzle-orm";
import { withSystemContext } from "@/lib/db/context";
import { smsOutbox } from "./schema";

export type SmsOutboxItem = { id: string; to: string; body: string; createdAt: Date };

/** The newest text messages of the dev outbox (for /dev/sms and tests). */
export async function listSmsOutbox(limit = 50): Promise<SmsOutboxItem[]> {
  return withSystemContext("dev.sms.list", (tx) =>
    tx
      .select({
        id: smsOutbox.id,
        to: smsOutbox.toNumber,
        body: smsOutbox.body,
        createdAt: smsOutbox.createdAt,
      })
      .from(smsOutbox)
      .orderBy(desc(smsOutbox.createdAt), desc(smsOutbox.id))
      .limit(limit),
  );
}
