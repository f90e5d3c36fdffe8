import { asc, eq, sql } from "drizzle-orm";
import { users } from "@/lib/auth/schema";
import type { Queryable } from "@/lib/db/types";
import { profiles } from "@/lib/profile/schema";
import { platformModerators } from "./schema";

/**
 * Who is a platform moderator, for the command line (`npm run moderator`), the seed and
 * tests: run on a system context's transaction (the owner), the only one that may write
 * platform_moderators. The app itself never writes the table; it asks
 * `app.is_platform_moderator()` (lib/moderation/moderation.ts).
 */
export type ModeratorChange = "added" | "removed" | "unchanged" | "noSuchUser";

async function userIdByEmail(db: Queryable, email: string): Promise<string | null> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(sql`lower(${users.email})`, email.trim().toLowerCase()))
    .limit(1);
  return row?.id ?? null;
}

/** Makes the account with this sign-in email a moderator (`addedBy`: who did, if a user). */
export async function addModerator(
  db: Queryable,
  email: string,
  addedBy: string | null = null,
): Promise<ModeratorChange> {
  const userId = await userIdByEmail(db, email);
  if (!userId) return "noSuchUser";
  const added = await db
    .insert(platformModerators)
    .values({ userId, addedBy })
    .onConflictDoNothing()
    .returning({ userId: platformModerators.userId });
  return added.length ? "added" : "unchanged";
}

/** Revokes it: the next request of that account is refused, whatever its session holds. */
export async function removeModerator(db: Queryable, email: string): Promise<ModeratorChange> {
  const userId = await userIdByEmail(db, email);
  if (!userId) return "noSuchUser";
  const removed = await db
    .delete(platformModerators)
    .where(eq(platformModerators.userId, userId))
    .returning({ userId: platformModerators.userId });
  return removed.length ? "removed" : "unchanged";
}

export interface ModeratorRow {
  userId: string;
  email: string | null;
  displayName: string | null;
  addedAt: Date;
}

export async function listModerators(db: Queryable): Promise<ModeratorRow[]> {
  return db
    .select({
      userId: platformModerators.userId,
      email: users.email,
      displayName: profiles.displayName,
      addedAt: platformModerators.addedAt,
    })
    .from(platformModerators)
    .innerJoin(users, eq(users.id, platformModerators.userId))
    .leftJoin(profiles, eq(profiles.id, platformModerators.userId))
    .orderBy(asc(platformModerators.addedAt), asc(platformModerators.userId));
}
