import { z } from "zod";
import { textRule } from "@/lib/validation/text";
import { PASSWORDS_DIFFER, recoveryLimits } from "./recovery-rules";

/**
 * Schemas of the forgot-password and reset-password forms. Field messages come from the
 * spec §5 error map; PASSWORDS_DIFFER is this form's own rule, translated from "auth".
 * The auth service checks the password policy again and answers with an error code. The
 * forms load them on their first submit (form-schemas.ts); recovery-rules.ts holds what they
 * read before, without zod.
 */

export const forgotPasswordSchema = z.object({
  email: z.string().trim().check(textRule()).min(1).max(recoveryLimits.email).pipe(z.email()),
});

export const resetPasswordSchema = z
  .object({
    password: z
      .string()
      .check(textRule())
      .min(1)
      .min(recoveryLimits.passwordMin)
      .max(recoveryLimits.password),
    confirm: z.string().check(textRule()).min(1).max(recoveryLimits.password),
  })
  .refine((value) => value.password === value.confirm, {
    path: ["confirm"],
    message: PASSWORDS_DIFFER,
  });

export type ForgotPasswordInput = z.input<typeof forgotPasswordSchema>;
export type ForgotPasswordValues = z.output<typeof forgotPasswordSchema>;
export type ResetPasswordValues = z.output<typeof resetPasswordSchema>;

export { PASSWORDS_DIFFER, recoveryLimits } from "./recovery-rules";
