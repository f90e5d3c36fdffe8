import "server-only";
import { authConfig } from "@/lib/auth/service/config";
import { assertStrongPassword } from "@/lib/auth/service/validation";

/**
 * The password policy with this server's settings: at least AUTH_PASSWORD_MIN_LENGTH
 * characters (GoTrue's PASSWORD_MIN_LENGTH), at most 72 bytes, not a common password.
 * Throws 422 weak_password ("Password should be at least N characters.") otherwise.
 */
export function assertPasswordPolicy(password: string): void {
  assertStrongPassword(password, authConfig().passwordMinLength);
}
