import type { Factor } from "@supabase/supabase-js";

/**
 * The rule of auth-js `mfa.getAuthenticatorAssuranceLevel`: a verified factor makes the next
 * level aal2, and a session below it must pass the TOTP step first. Pure, for tests.
 */
export function needsAal2(aal: unknown, factors: readonly Pick<Factor, "status">[]): boolean {
  return aal !== "aal2" && factors.some((factor) => factor.status === "verified");
}

/** What the links of the email-change mails report when they land on /profile/update. */
export type EmailChangeReturn = "confirmedOne" | "done" | "failed" | null;

type Params = Record<string, string | string[] | undefined>;

export function readEmailChangeReturn(params: Params): EmailChangeReturn {
  if (!params.email_change) return null;
  if (params.error || params.error_code) return "failed";
  if (params.message) return "confirmedOne";
  return "done";
}
