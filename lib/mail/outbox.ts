import "server-only";
import { count, desc, eq } from "drizzle-orm";
import { withSystemContext } from "@/lib/db/context";
import { mailOutbox } from "./schema";
import { isUuid } from "@/lib/validation/uuid";

/** What the mailbox list shows of one email (no bodies). */
export type OutboxSummary = {
  id: string;
  to: string;
  subject: string;
  template: string | null;
  createdAt: Date;
};

export type OutboxMessage = OutboxSummary & {
  from: string;
  html: string;
  text: string;
  locale: string | null;
};

export type OutboxPage = {
  items: OutboxSummary[];
  page: number;
  pages: number;
  total: number;
};

export const outboxPageSize = 20;

/** One page of the dev outbox, newest first (for /dev/mailbox only). */
export async function listOutbox(page: number, pageSize = outboxPageSize): Promise<OutboxPage> {
  return withSystemContext("dev.mailbox.list", async (tx) => {
    const [totals] = await tx.select({ total: count() }).from(mailOutbox);
    const total = Number(totals?.total ?? 0);
    const pages = Math.max(1, Math.ceil(total / pageSize));
    const current = Math.min(Math.max(1, Math.floor(page)), pages);
    const items = await tx
      .select({
        id: mailOutbox.id,
        to: mailOutbox.toAddress,
        subject: mailOutbox.subject,
        template: mailOutbox.template,
        createdAt: mailOutbox.createdAt,
      })
      .from(mailOutbox)
      .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
      .limit(pageSize)
      .offset((current - 1) * pageSize);
    return { items, page: current, pages, total };
  });
}

/** One email of the dev outbox, or null when the id is unknown or malformed. */
export async function getOutboxMessage(id: string): Promise<OutboxMessage | null> {
  if (!isUuid(id)) return null;
  return withSystemContext("dev.mailbox.read", async (tx) => {
    const [row] = await tx
      .select({
        id: mailOutbox.id,
        from: mailOutbox.fromAddress,
        to: mailOutbox.toAddress,
        subject: mailOutbox.subject,
        html: mailOutbox.html,
        text: mailOutbox.text,
        template: mailOutbox.template,
        locale: mailOutbox.locale,
        createdAt: mailOutbox.createdAt,
      })
      .from(mailOutbox)
      .where(eq(mailOutbox.id, id))
      .limit(1);
    return row ?? null;
  });
}
