import { index, pgTable, timestamp, uuid } from "drizzle-orm/pg-core";
import { users } from "@/lib/auth/schema";

/**
 * The platform's moderators: a platform role, not an organisation's. They decide on reviews
 * an organisation reported (restore or remove). A row makes a user one; deleting it revokes
 * at once, because every check reads this table (`app.is_platform_moderator()`, migration
 * 0021), never a claim of the token.
 *
 * RLS on and no policy, and no grant to the API roles: nobody reads or writes it as
 * `anon` or `authenticated`. Rows are added and removed by `npm run moderator` (and the demo
 * seed) as the owner.
 */
export const platformModerators = pgTable(
  "platform_moderators",
  {
    userId: uuid("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    addedAt: timestamp("added_at", { withTimezone: true }).notNull().defaultNow(),
    /** Who made them one (null: the command line or the seed). */
    addedBy: uuid("added_by").references(() => users.id, { onDelete: "set null" }),
  },
  (t) => [index("platform_moderators_added_by_idx").on(t.addedBy)],
).enableRLS();
