import { z } from "zod";
import { textRule } from "@/lib/validation/text";

/**
 * Schemas of the forgot-password and reset-password forms. Field messages come from the
 * spec §5 error map; PASSWORDS_DIFFER is this form's own rule, translated from "auth".
 * The auth service checks the password policy again and answers with an error code.
 */
export const PASSWORDS_DIFFER = "auth:passwordsDiffer";
export const recoveryLimits = { email: 254, password: 72, passwordMin: 8 } as const;

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

/** Where the recovery link lands: the callback exchanges the code, then the reset page. */
export const RESET_PASSWORD_PATH = "/account/reset-password";

export const RECOVERY_CALLBACK_PATH = `/callback?next=${encodeURIComponent(RESET_PASSWORD_PATH)}`;
