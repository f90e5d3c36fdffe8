import { z } from "zod";
import { encodeValidationMessage } from "@/lib/validation/messages";
import { textRule } from "@/lib/validation/text";
import { CREDENTIALS_REQUIRED, credentialLimits } from "./credential-rules";

/**
 * Email-or-phone + password, shared by the sign-in and sign-up forms. Either missing gives
 * the spec §5 message "You must provide either an email or phone number and a password."
 * (CREDENTIALS_REQUIRED, translated from the "auth" catalogue); the output names the
 * channel the auth service expects. The service validates again (its own rules: E.164,
 * password policy) and its answer is shown as a form error. The forms load this module on
 * their first submit (components/auth/form-schemas.ts); what they read before that (limits,
 * the error keys) is in credential-rules.ts, without zod.
 */

const EMAIL = z.email();
const PHONE = /^\+?[0-9][0-9 ().-]{5,22}$/;

/** `@` → a valid email; otherwise a phone number (digits, spaces, `+ ( ) . -`). */
function checkIdentifier(identifier: string, ctx: z.RefinementCtx): void {
  if (identifier.includes("@")) {
    if (!EMAIL.safeParse(identifier).success) {
      ctx.addIssue({
        code: "custom",
        path: ["identifier"],
        message: encodeValidationMessage("email"),
      });
    }
  } else if (!PHONE.test(identifier)) {
    ctx.addIssue({
      code: "custom",
      path: ["identifier"],
      message: encodeValidationMessage("format"),
    });
  }
}

export const credentialsSchema = z
  .object({
    identifier: z.string().trim().check(textRule()).max(credentialLimits.identifier),
    password: z.string().check(textRule()).max(credentialLimits.password),
  })
  .superRefine((value, ctx) => {
    if (!value.identifier || !value.password) {
      ctx.addIssue({ code: "custom", path: ["identifier"], message: CREDENTIALS_REQUIRED });
      return;
    }
    checkIdentifier(value.identifier, ctx);
  })
  .transform((value) =>
    value.identifier.includes("@")
      ? { email: value.identifier.toLowerCase(), password: value.password }
      : { phone: `+${value.identifier.replace(/\D/g, "")}`, password: value.password },
  );

/**
 * Email or phone alone: the one-time-code sign-in (spec §5: a code by email or by SMS). Same
 * rules and normalisation as above; an empty field is "required".
 */
export const identifierSchema = z
  .object({ identifier: z.string().trim().min(1).max(credentialLimits.identifier) })
  .superRefine((value, ctx) => {
    if (value.identifier) checkIdentifier(value.identifier, ctx);
  })
  .transform((value): { email: string } | { phone: string } =>
    value.identifier.includes("@")
      ? { email: value.identifier.toLowerCase() }
      : { phone: `+${value.identifier.replace(/\D/g, "")}` },
  );

export type IdentifierInput = z.input<typeof identifierSchema>;
export type Identifier = z.output<typeof identifierSchema>;

export type CredentialsInput = z.input<typeof credentialsSchema>;
export type Credentials = z.output<typeof credentialsSchema>;

export {
  CREDENTIALS_REQUIRED,
  credentialLimits,
  authErrorKey,
  type AuthErrorKey,
} from "./credential-rules";
