import "server-only";
import { eq } from "drizzle-orm";
import { withSystemContext, withUserContext, type UserClaims } from "@/lib/db/context";
import type { Profile, ProfileValues } from "./profile-schema";
import { profiles } from "./schema";

/**
 * The profile data layer. Every read and write of a user's own profile runs in their user
 * context, so RLS (id = auth.uid()) decides what they reach; the WHERE repeats it.
 */
type ProfileRow = typeof profiles.$inferSelect;

function toProfile(row: ProfileRow): Profile {
  return {
    id: row.id,
    displayName: row.displayName,
    avatarUrl: row.avatarUrl,
    phone: row.phone,
    locale: row.locale,
    marketingConsent: row.marketingConsent,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export async function getOwnProfile(claims: UserClaims): Promise<Profile | null> {
  const rows = await withUserContext(claims, (tx) =>
    tx.select().from(profiles).where(eq(profiles.id, claims.sub)).limit(1),
  );
  return rows[0] ? toProfile(rows[0]) : null;
}

/** Creates the caller's profile; an existing one is left as it is and returned. */
export async function createOwnProfile(
  claims: UserClaims,
  values: ProfileValues,
  phone: string | null,
): Promise<Profile> {
  return withUserContext(claims, async (tx) => {
    await tx
      .insert(profiles)
      .values({ id: claims.sub, phone, ...values })
      .onConflictDoNothing({ target: profiles.id });
    const rows = await tx.select().from(profiles).where(eq(profiles.id, claims.sub)).limit(1);
    if (!rows[0]) throw new Error("The profile was not created.");
    return toProfile(rows[0]);
  });
}

/** Updates the caller's profile; null when they have none. */
export async function updateOwnProfile(
  claims: UserClaims,
  values: ProfileValues,
): Promise<Profile | null> {
  const rows = await withUserContext(claims, (tx) =>
    tx.update(profiles).set(values).where(eq(profiles.id, claims.sub)).returning(),
  );
  return rows[0] ? toProfile(rows[0]) : null;
}

/** Whether a user has a profile: the proxy's check, a primary-key lookup. */
export async function userHasProfile(userId: string): Promise<boolean> {
  const rows = await withSystemContext("auth: profile presence for the route guard", (tx) =>
    tx.select({ id: profiles.id }).from(profiles).where(eq(profiles.id, userId)).limit(1),
  );
  return rows.length > 0;
}
