import "server-only";
import { AuthError } from "@/lib/auth/service/errors";
import type { RequestInfo } from "@/lib/auth/service/http";
import { consumeRateLimit } from "@/lib/rate-limit/rate-limit";

/**
 * Rate limits that depend on what a request asks for (anonymous sign-up, the web3 grant),
 * so they are checked by the handler once it has read the body. Per client address, shared
 * by every instance through PostgreSQL; 429 over_request_rate_limit with Retry-After.
 */
export interface AuthRateRule {
  name: string;
  limit: number;
  windowSeconds: number;
}

export const ANONYMOUS_SIGNIN_RULE: AuthRateRule = {
  name: "anonymous",
  limit: 30,
  windowSeconds: 3600,
};
export const WEB3_RULE: AuthRateRule = { name: "web3", limit: 30, windowSeconds: 300 };
/** MFA: challenges and verifications, 15 per minute each (GoTrue's MFA limit). */
export const MFA_CHALLENGE_RULE: AuthRateRule = {
  name: "mfa-challenge",
  limit: 15,
  windowSeconds: 60,
};
export const MFA_VERIFY_RULE: AuthRateRule = { name: "mfa-verify", limit: 15, windowSeconds: 60 };

/** Must be called outside a transaction (PGlite has a single connection). */
export async function enforceAuthRateLimit(rule: AuthRateRule, info: RequestInfo): Promise<void> {
  const result = await consumeRateLimit({
    key: `auth:${rule.name}:${info.ip}`,
    limit: rule.limit,
    windowSeconds: rule.windowSeconds,
  });
  if (!result.allowed) {
    throw new AuthError(429, "over_request_rate_limit", "Request rate limit reached", {
      headers: { "Retry-After": String(result.retryAfterSeconds) },
    });
  }
}
