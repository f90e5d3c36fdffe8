import "server-only";
import { authConfig } from "@/lib/auth/service/config";
import { AuthError } from "@/lib/auth/service/errors";
import type { RequestInfo } from "@/lib/auth/service/http";
import { consumeRateLimit } from "@/lib/rate-limit/rate-limit";

/**
 * The per-client-address rate limits of the auth service, from the GoTrue-named settings
 * (AUTH_RATE_LIMIT_TOKEN_REFRESH, _OTP, _VERIFY, _ANONYMOUS_USERS, _WEB3,
 * AUTH_MFA_RATE_LIMIT_CHALLENGE_AND_VERIFY). Counters live in PostgreSQL, shared by every
 * instance; over the limit → 429 over_request_rate_limit with Retry-After. The router applies
 * the per-endpoint ones; handlers apply those that depend on the body (anonymous sign-up,
 * web3) and the MFA ones. Sending limits (per recipient, per client, shared) are in
 * otp-delivery.ts.
 */
export interface AuthRateRule {
  name: string;
  limit: number;
  windowSeconds: number;
}

const FIVE_MINUTES = 300;

/** The router's rules, by `<METHOD> <path>`. GoTrue gives each endpoint its own bucket. */
export function endpointRateRules(): Record<string, AuthRateRule> {
  const limits = authConfig().rateLimits;
  const every5min = (name: string, limit: number) => ({
    name,
    limit,
    windowSeconds: FIVE_MINUTES,
  });
  return {
    "POST token": every5min("token", limits.tokenRefresh),
    "POST signup": every5min("signup", limits.otp),
    "POST otp": every5min("otp", limits.otp),
    "POST recover": every5min("recover", limits.otp),
    "POST resend": every5min("resend", limits.otp),
    "PUT user": every5min("user", limits.otp),
    "GET reauthenticate": every5min("reauthenticate", limits.otp),
    "GET verify": every5min("verify", limits.verify),
    "POST verify": every5min("verify", limits.verify),
    "GET callback": every5min("callback", limits.verify),
    "POST callback": every5min("callback", limits.verify),
  };
}

/** Anonymous sign-ins (POST /signup without email or phone), on top of the sign-up limit. */
export const anonymousSigninRule = (): AuthRateRule => ({
  name: "anonymous",
  limit: authConfig().rateLimits.anonymousUsers,
  windowSeconds: 3600,
});

export const web3Rule = (): AuthRateRule => ({
  name: "web3",
  limit: authConfig().rateLimits.web3,
  windowSeconds: FIVE_MINUTES,
});

/** MFA: challenges and verifications, per minute each (GoTrue's MFA limit). */
export const mfaChallengeRule = (): AuthRateRule => ({
  name: "mfa-challenge",
  limit: authConfig().rateLimits.mfaChallengeAndVerify,
  windowSeconds: 60,
});

export const mfaVerifyRule = (): AuthRateRule => ({
  name: "mfa-verify",
  limit: authConfig().rateLimits.mfaChallengeAndVerify,
  windowSeconds: 60,
});

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
