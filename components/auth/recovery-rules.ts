/**
 * What the forgot-password and reset-password forms read before they validate (their zod
 * schemas are in recovery-schemas.ts, loaded on the first submit): the limits, this form's
 * own "passwords differ" message key (translated from "auth"), and where the link lands.
 */
export const PASSWORDS_DIFFER = "auth:passwordsDiffer";
export const recoveryLimits = { email: 254, password: 72, passwordMin: 8 } as const;

/** Where the recovery link lands: the callback exchanges the code, then the reset page. */
export const RESET_PASSWORD_PATH = "/account/reset-password";

export const RECOVERY_CALLBACK_PATH = `/callback?next=${encodeURIComponent(RESET_PASSWORD_PATH)}`;
