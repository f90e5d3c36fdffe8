/**
 * The "profile.security.errors" message key for an auth service error code (auth-js
 * `error.code`) on the account-security forms: MFA, address changes, identities. Pure.
 */
export type SecurityErrorKey =
  | "mfaCode"
  | "mfaExpired"
  | "aalRequired"
  | "nameTaken"
  | "tooManyFactors"
  | "singleIdentity"
  | "identityNotFound"
  | "identityExists"
  | "providerDisabled"
  | "linkingDisabled"
  | "codeInvalid"
  | "addressTaken"
  | "rateLimited"
  | "invalidAddress"
  | "sessionEnded"
  | "failed";

const KEYS: Record<string, SecurityErrorKey> = {
  mfa_verification_failed: "mfaCode",
  mfa_challenge_expired: "mfaExpired",
  mfa_factor_not_found: "mfaExpired",
  insufficient_aal: "aalRequired",
  mfa_factor_name_conflict: "nameTaken",
  too_many_enrolled_mfa_factors: "tooManyFactors",
  single_identity_not_deletable: "singleIdentity",
  identity_not_found: "identityNotFound",
  identity_already_exists: "identityExists",
  provider_disabled: "providerDisabled",
  manual_linking_disabled: "linkingDisabled",
  otp_expired: "codeInvalid",
  email_exists: "addressTaken",
  phone_exists: "addressTaken",
  user_already_exists: "addressTaken",
  over_request_rate_limit: "rateLimited",
  over_email_send_rate_limit: "rateLimited",
  over_sms_send_rate_limit: "rateLimited",
  email_address_invalid: "invalidAddress",
  validation_failed: "invalidAddress",
  session_not_found: "sessionEnded",
  bad_jwt: "sessionEnded",
  no_authorization: "sessionEnded",
};

export function securityErrorKey(code: string | undefined): SecurityErrorKey {
  return code && Object.hasOwn(KEYS, code) ? (KEYS[code] ?? "failed") : "failed";
}

/**
 * The key for a failed "Link Google account" (linkIdentity): the service answers GoTrue's
 * 400 validation_failed "Unsupported provider: provider is not enabled" when Google sign-in
 * is not set up, which is no invalid address.
 */
export function linkErrorKey(code: string | undefined): SecurityErrorKey {
  return code === "validation_failed" ? "providerDisabled" : securityErrorKey(code);
}
