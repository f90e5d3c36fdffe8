import { eq } from "drizzle-orm";
import { hashPassword } from "@/lib/auth/service/passwords";
import { identities, users } from "@/lib/auth/schema";
import type { Queryable } from "@/lib/db/types";
import { demoOwnerUserId } from "@/lib/organisations/seed";
import { profiles } from "@/lib/profile/schema";

/**
 * The demo owner of "Live Market Demo": a confirmed email account with a profile, so a fresh
 * clone can sign in and open the back office at once. Demo data only (`npm run db:seed`, the
 * embedded first start); the address and password are in the README.
 */
export const demoOwner = {
  id: demoOwnerUserId,
  email: "owner@demo.livemarket.test",
  password: "live-market-demo",
  displayName: "Demo Owner",
} as const;

export async function seedDemoUsers(db: Queryable): Promise<void> {
  // Fixed id: inserted once, never overwritten (a changed password stays changed).
  const existing = await db.select({ id: users.id }).from(users).where(eq(users.id, demoOwner.id));
  if (existing.length) return;
  const now = new Date("2026-01-01T00:00:00Z");
  await db.insert(users).values({
    id: demoOwner.id,
    aud: "authenticated",
    role: "authenticated",
    email: demoOwner.email,
    encryptedPassword: await hashPassword(demoOwner.password),
    emailConfirmedAt: now,
    rawAppMetaData: { provider: "email", providers: ["email"] },
    rawUserMetaData: {},
    createdAt: now,
    updatedAt: now,
  });
  await db.insert(identities).values({
    providerId: demoOwner.id,
    userId: demoOwner.id,
    provider: "email",
    identityData: { sub: demoOwner.id, email: demoOwner.email, email_verified: true },
    createdAt: now,
    updatedAt: now,
  });
  await db
    .insert(profiles)
    .values({
      id: demoOwner.id,
      displayName: demoOwner.displayName,
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing();
}
