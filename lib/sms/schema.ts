import { index, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";

/**
 * The dev SMS outbox: every text message the app sends when no SMS provider is configured,
 * readable at /dev/sms outside production. RLS is on with no policy for anon or
 * authenticated, so only system contexts (the adapter, the dev page, tests) see it.
 */
export const smsOutbox = pgTable(
  "sms_outbox",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    toNumber: text("to_number").notNull(),
    body: text("body").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("sms_outbox_created_at_idx").on(t.createdAt.desc(), t.id.desc())],
).enableRLS();
