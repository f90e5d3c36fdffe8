import { z } from "zod";
import { credentialsSchema, identifierSchema } from "@/lib/auth/client/credentials-schema";
import { profileSchema } from "@/lib/profile/profile-schema";
import { validationResolver } from "@/lib/validation/resolver";
import { textRule } from "@/lib/validation/text";
import { forgotPasswordSchema, resetPasswordSchema } from "./recovery-schemas";

/**
 * The zod schemas of the sign-in and profile forms, as react-hook-form resolvers. This
 * module is its own chunk, loaded on a form's first submit (lazy-resolver.ts): zod is about
 * 49 kB gzipped, a quarter of a sign-in page's JavaScript budget, and nothing validates
 * before a submit. The shared schemas (credentials, recovery, profile) are the server's too.
 */
const oneTimeCodeSchema = z.object({
  code: z
    .string()
    .trim()
    .min(1)
    .regex(/^[0-9]{6}$/),
});

const newPasswordSchema = z.object({
  password: z.string().check(textRule()).min(1).min(8).max(72),
});

const phoneSchema = z.object({
  phone: z
    .string()
    .trim()
    .min(1)
    .max(30)
    .regex(/^\+?[0-9][0-9 ().-]{5,22}$/),
});

const factorNameSchema = z.object({ name: z.string().trim().check(textRule()).max(60) });

export const formResolvers = {
  credentials: validationResolver(credentialsSchema),
  identifier: validationResolver(identifierSchema),
  oneTimeCode: validationResolver(oneTimeCodeSchema),
  forgotPassword: validationResolver(forgotPasswordSchema),
  resetPassword: validationResolver(resetPasswordSchema),
  newPassword: validationResolver(newPasswordSchema),
  phone: validationResolver(phoneSchema),
  factorName: validationResolver(factorNameSchema),
  profile: validationResolver(profileSchema),
};

export type OneTimeCodeValues = z.infer<typeof oneTimeCodeSchema>;
export type NewPasswordValues = z.infer<typeof newPasswordSchema>;
export type PhoneValues = z.infer<typeof phoneSchema>;
export type FactorNameValues = z.infer<typeof factorNameSchema>;
