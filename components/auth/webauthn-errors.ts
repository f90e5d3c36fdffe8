/**
 * The "auth.passkey.errors" message key for a failed WebAuthn step: an auth service error
 * (auth-js `error.code`), an auth-js WebAuthnError (`code` ERROR_…), or the browser's own
 * DOMException (`name`). Used by the passkey button, the MFA step and the profile's passkey
 * and security-key settings. Pure.
 */
export type WebAuthnErrorKey =
  | "cancelled"
  | "alreadyRegistered"
  | "unsupported"
  | "wrongSite"
  | "notRecognised"
  | "expired"
  | "tooMany"
  | "disabled"
  | "aalRequired"
  | "banned"
  | "rateLimited"
  | "verificationFailed"
  | "sessionEnded"
  | "failed";

const BY_CODE: Record<string, WebAuthnErrorKey> = {
  // The browser, through auth-js (webauthn.errors.ts).
  ERROR_CEREMONY_ABORTED: "cancelled",
  ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED: "alreadyRegistered",
  ERROR_INVALID_DOMAIN: "wrongSite",
  ERROR_INVALID_RP_ID: "wrongSite",
  ERROR_AUTHENTICATOR_MISSING_DISCOVERABLE_CREDENTIAL_SUPPORT: "unsupported",
  ERROR_AUTHENTICATOR_MISSING_USER_VERIFICATION_SUPPORT: "unsupported",
  ERROR_AUTHENTICATOR_NO_SUPPORTED_PUBKEYCREDPARAMS_ALG: "unsupported",
  // The auth service.
  webauthn_credential_exists: "alreadyRegistered",
  webauthn_verification_failed: "notRecognised",
  webauthn_challenge_not_found: "expired",
  webauthn_challenge_expired: "expired",
  mfa_challenge_expired: "expired",
  mfa_factor_not_found: "expired",
  mfa_verification_failed: "verificationFailed",
  too_many_passkeys: "tooMany",
  too_many_enrolled_mfa_factors: "tooMany",
  passkey_disabled: "disabled",
  mfa_webauthn_enroll_not_enabled: "disabled",
  mfa_webauthn_verify_not_enabled: "disabled",
  insufficient_aal: "aalRequired",
  user_banned: "banned",
  over_request_rate_limit: "rateLimited",
  validation_failed: "wrongSite",
  session_not_found: "sessionEnded",
  bad_jwt: "sessionEnded",
  no_authorization: "sessionEnded",
};

const BY_NAME: Record<string, WebAuthnErrorKey> = {
  NotAllowedError: "cancelled",
  AbortError: "cancelled",
  InvalidStateError: "alreadyRegistered",
  SecurityError: "wrongSite",
  NotSupportedError: "unsupported",
  AuthSessionMissingError: "sessionEnded",
};

export function webauthnErrorKey(error: unknown): WebAuthnErrorKey {
  if (!error || typeof error !== "object") return "failed";
  const { code, name, message } = error as { code?: unknown; name?: unknown; message?: unknown };
  if (typeof code === "string" && Object.hasOwn(BY_CODE, code)) return BY_CODE[code] ?? "failed";
  if (typeof name === "string" && Object.hasOwn(BY_NAME, name)) return BY_NAME[name] ?? "failed";
  if (typeof message === "string" && /does not support webauthn/i.test(message)) {
    return "unsupported";
  }
  const cause = (error as { cause?: unknown }).cause;
  return cause && cause !== error ? webauthnErrorKey(cause) : "failed";
}

/**
 * Whether this page can run a WebAuthn ceremony: the browser has the API, and the page is
 * on a host name (browsers refuse IP addresses as relying party, e.g. http://127.0.0.1).
 */
export function webauthnAvailable(): boolean {
  if (typeof window === "undefined" || !("PublicKeyCredential" in window)) return false;
  if (typeof navigator.credentials?.get !== "function") return false;
  const host = window.location.hostname;
  return !/^[\d.]+$/.test(host) && !host.includes(":") && !host.startsWith("[");
}
