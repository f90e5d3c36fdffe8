import "server-only";
import { randomUUID } from "node:crypto";
import { users } from "@/lib/auth/schema";
import { recordAudit } from "@/lib/auth/service/audit";
import { authConfig } from "@/lib/auth/service/config";
import { unprocessable } from "@/lib/auth/service/errors";
import type { RequestInfo } from "@/lib/auth/service/http";
import { anonymousSigninRule, enforceAuthRateLimit } from "@/lib/auth/service/limits";
import { createSession, type SessionResponse } from "@/lib/auth/service/sessions";
import { withSystemContext } from "@/lib/db/context";

/**
 * POST /signup without email or phone (supabase-js `signInAnonymously`): a user with
 * `is_anonymous` true, role authenticated, no identity and app_metadata provider
 * "anonymous", as GoTrue creates it. 30 per hour per client address. The user becomes a
 * regular one when an email, phone or identity is added (PUT /user, linkIdentity).
 */
export async function handleAnonymousSignup(
  data: Record<string, unknown>,
  info: RequestInfo,
): Promise<SessionResponse> {
  if (!authConfig().anonymousUsers) {
    throw unprocessable("anonymous_provider_disabled", "Anonymous sign-ins are disabled");
  }
  await enforceAuthRateLimit(anonymousSigninRule(), info);
  return withSystemContext("auth: anonymous sign-in", async (tx) => {
    const now = new Date();
    const [user] = await tx
      .insert(users)
      .values({
        id: randomUUID(),
        aud: "authenticated",
        role: "authenticated",
        rawAppMetaData: { provider: "anonymous", providers: ["anonymous"] },
        rawUserMetaData: data,
        isAnonymous: true,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    if (!user) throw new Error("User insert returned no row.");
    const actor = { id: user.id, username: "", ip: info.ip };
    await recordAudit(tx, actor, "user_signedup", { provider: "anonymous" });
    const session = await createSession(tx, user, "anonymous", info);
    await recordAudit(tx, actor, "login", { provider: "anonymous" });
    return session;
  });
}
