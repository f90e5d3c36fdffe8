import { randomInt, randomUUID } from "node:crypto";
import { users } from "@/lib/auth/schema";
import type { RequestInfo } from "@/lib/auth/service/http";
import type { UserRow } from "@/lib/auth/service/users";
import { withSystemContext } from "@/lib/db/context";

/**
 * Users written straight into auth.users (no sign-up, no bcrypt), for tests that drive the
 * auth service's session and token functions in-process.
 */
export async function insertUser(
  fields: Partial<typeof users.$inferInsert> = {},
): Promise<UserRow> {
  const now = new Date();
  const [user] = await withSystemContext("test: insert auth user", (tx) =>
    tx
      .insert(users)
      .values({
        id: randomUUID(),
        aud: "authenticated",
        role: "authenticated",
        email: `user-${randomUUID()}@example.com`,
        emailConfirmedAt: now,
        rawAppMetaData: { provider: "email", providers: ["email"] },
        rawUserMetaData: {},
        createdAt: now,
        updatedAt: now,
        ...fields,
      })
      .returning(),
  );
  if (!user) throw new Error("User insert returned no row.");
  return user;
}

/**
 * A phone number no other user has (auth.users.phone is unique): tests may run again on the
 * same database (mutation testing reruns them without a reset).
 */
export function uniquePhone(): string {
  return `3469${randomInt(10_000_000).toString().padStart(7, "0")}`;
}

/** The request details the auth service records (client address, user agent). */
export function requestDetails(fields: Partial<RequestInfo> = {}): RequestInfo {
  return {
    versioned: true,
    ip: "203.0.113.7",
    userAgent: "TestAgent/1.0",
    origin: null,
    ...fields,
  };
}
