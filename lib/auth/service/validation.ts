import { z } from "zod";
import { COMMON_PASSWORDS } from "@/lib/auth/service/common-passwords";
import { AuthError, validationFailed } from "@/lib/auth/service/errors";

/**
 * Input rules of the auth service: emails, E.164 phones, the password policy. The minimum
 * length is a setting (AUTH_PASSWORD_MIN_LENGTH, read by password-policy.ts); this is its
 * default.
 */
export const MIN_PASSWORD_LENGTH = 8;
const MAX_PASSWORD_LENGTH = 72; // bcrypt reads 72 bytes at most

const emailShape = z.email();

/** Lower-cased and trimmed; throws 400 validation_failed when not an address. */
export function normalizeEmail(raw: string): string {
  const email = raw.trim().toLowerCase();
  if (email.length > 255 || !emailShape.safeParse(email).success) {
    throw validationFailed("Unable to validate email address: invalid format");
  }
  return email;
}

const E164 = /^[1-9]\d{6,14}$/;

/** E.164 digits without `+` (spaces, dashes and brackets dropped); throws 400 otherwise. */
export function normalizePhone(raw: string): string {
  const phone = raw
    .trim()
    .replace(/[\s\-().]/g, "")
    .replace(/^\+/, "");
  if (!E164.test(phone)) {
    throw validationFailed("Invalid phone number format (E.164 required)");
  }
  return phone;
}

export type WeakPasswordReason = "length" | "pwned";

/** The reasons a password is refused (empty: acceptable). */
export function passwordWeaknesses(
  password: string,
  minLength = MIN_PASSWORD_LENGTH,
): WeakPasswordReason[] {
  const reasons: WeakPasswordReason[] = [];
  if ([...password].length < minLength) reasons.push("length");
  if (COMMON_PASSWORDS.has(password.toLowerCase())) reasons.push("pwned");
  return reasons;
}

/** Throws 422 weak_password (with its reasons) when the password breaks the policy. */
export function assertStrongPassword(password: string, minLength = MIN_PASSWORD_LENGTH): void {
  if (Buffer.byteLength(password, "utf8") > MAX_PASSWORD_LENGTH) {
    throw new AuthError(
      422,
      "validation_failed",
      `Password cannot be longer than ${MAX_PASSWORD_LENGTH} characters`,
    );
  }
  const reasons = passwordWeaknesses(password, minLength);
  if (reasons.length === 0) return;
  const message = reasons.includes("length")
    ? `Password should be at least ${minLength} characters.`
    : "Password is known to be weak and easy to guess, please choose a different one.";
  throw new AuthError(422, "weak_password", message, { extra: { weak_password: { reasons } } });
}

/** A lenient optional string field: null and absent are the same; other types are refused. */
export const nullableString = z
  .string()
  .nullish()
  .transform((v) => v ?? undefined);

export const nullableRecord = z
  .record(z.string(), z.unknown())
  .nullish()
  .transform((v) => v ?? undefined);

/** Parses a body with a zod object (unknown keys dropped); wrong types → 400 bad_json. */
export function parseBody<T extends z.ZodType>(schema: T, body: unknown): z.infer<T> {
  const parsed = schema.safeParse(body);
  if (!parsed.success) {
    const field = parsed.error.issues[0]?.path.join(".") || "body";
    throw new AuthError(
      400,
      "bad_json",
      `Could not read the request body: field ${field} has the wrong type`,
    );
  }
  return parsed.data;
}
