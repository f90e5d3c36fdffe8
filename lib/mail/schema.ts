import { index, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";

/**
 * The dev outbox: every email the app sends when no SMTP server is configured, readable at
 * /dev/mailbox outside production. RLS is on with no policy for anon or authenticated, so
 * only system contexts (the mail adapter, the mailbox page) read or write it.
 */
export const mailOutbox = pgTable(
  "mail_outbox",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    fromAddress: text("from_address").notNull(),
    toAddress: text("to_address").notNull(),
    subject: text("subject").notNull(),
    html: text("html").notNull(),
    text: text("text").notNull(),
    template: text("template"),
    locale: text("locale"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("mail_outbox_created_at_idx").on(t.createdAt.desc(), t.id.desc())],
).enableRLS();
