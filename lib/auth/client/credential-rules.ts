/**
 * What the sign-in forms read before they validate (credentials-schema.ts holds the zod
 * schemas, loaded on the first submit): the field limits, the "credentials required"
 * message key and the "auth.errors" key of an auth service error.
 */
export const CREDENTIALS_REQUIRED = "auth:credentialsRequired";
export const credentialLimits = { identifier: 254, password: 72 } as const;

export type AuthErrorKey =
  | "invalidCredentials"
  | "notConfirmed"
  | "userExists"
  | "weakPassword"
  | "samePassword"
  | "rateLimited"
  | "signupDisabled"
  | "anonymousDisabled"
  | "failed";

/** The "auth.errors" catalogue key for an auth service error code (auth-js `error.code`). */
export function authErrorKey(code: string | undefined): AuthErrorKey {
  switch (code) {
    case "invalid_credentials":
      return "invalidCredentials";
    case "email_not_confirmed":
    case "phone_not_confirmed":
      return "notConfirmed";
    case "user_already_exists":
    case "email_exists":
    case "phone_exists":
      return "userExists";
    case "weak_password":
      return "weakPassword";
    case "same_password":
      return "samePassword";
    case "over_request_rate_limit":
    case "over_email_send_rate_limit":
    case "over_sms_send_rate_limit":
      return "rateLimited";
    case "signup_disabled":
    case "email_provider_disabled":
    case "phone_provider_disabled":
      return "signupDisabled";
    case "anonymous_provider_disabled":
      return "anonymousDisabled";
    default:
      return "failed";
  }
}
