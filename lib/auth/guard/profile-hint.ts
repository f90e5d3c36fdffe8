import "server-only";
import { createHash, createHmac, timingSafeEqual } from "node:crypto";
import { getApiKeys } from "@/lib/auth/service/keys";

/**
 * The proxy's cheap profile check: `lm-profile` holds `<user id>.<HMAC of the id>`, set once
 * the database has shown that user to have a profile. The HMAC key derives from the
 * service-role key (server-only), so a visitor cannot forge the hint. Only the positive
 * answer is cached: users without a profile (a short transient state) are looked up on each
 * guarded request. Profiles are never deleted on their own (only with the user, whose id
 * then no longer signs in), so a positive hint cannot go stale.
 */
export const PROFILE_HINT_COOKIE = "lm-profile";

async function hintKey(): Promise<Buffer> {
  const { serviceRoleKey } = await getApiKeys();
  return createHash("sha256").update(`profile-hint\u0000${serviceRoleKey}`).digest();
}

function sign(key: Buffer, userId: string): string {
  return createHmac("sha256", key).update(userId).digest("base64url");
}

export async function createProfileHint(userId: string): Promise<string> {
  return `${userId}.${sign(await hintKey(), userId)}`;
}

export async function readProfileHint(value: string | undefined, userId: string): Promise<boolean> {
  if (!value) return false;
  const dot = value.lastIndexOf(".");
  if (dot === -1 || value.slice(0, dot) !== userId) return false;
  const given = Buffer.from(value.slice(dot + 1));
  const expected = Buffer.from(sign(await hintKey(), userId));
  return given.length === expected.length && timingSafeEqual(given, expected);
}

export function profileHintCookieOptions(secure: boolean) {
  return {
    path: "/",
    httpOnly: true,
    sameSite: "lax" as const,
    secure,
    maxAge: 400 * 24 * 60 * 60,
  };
}
