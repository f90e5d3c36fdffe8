import * as z from "zod/mini";

/** Field limits of the contact form, shared by the form (hints, maxLength) and the server. */
export const contactLimits = {
  name: 100,
  email: 254,
  subject: 150,
  message: { min: 10, max: 5000 },
} as const;

/**
 * The one schema of the contact form: the browser validates with it (react-hook-form +
 * validationResolver) and the server action validates again with it (parseWithValidation).
 * Messages come from the spec §5 error map, not from here. Written with `zod/mini` (the same
 * checks as `z.string().trim().min().max()`, as functions): the browser bundle gets the few
 * checks it uses instead of all of zod (about 29 kB gzipped on /contact).
 */
export const contactSchema = z.object({
  name: z.string().check(z.trim(), z.minLength(1), z.maxLength(contactLimits.name)),
  email: z.pipe(
    z.string().check(z.trim(), z.minLength(1), z.maxLength(contactLimits.email)),
    z.email(),
  ),
  subject: z.string().check(z.trim(), z.minLength(1), z.maxLength(contactLimits.subject)),
  message: z
    .string()
    .check(
      z.trim(),
      z.minLength(1),
      z.minLength(contactLimits.message.min),
      z.maxLength(contactLimits.message.max),
    ),
});

export type ContactInput = z.input<typeof contactSchema>;
export type ContactValues = z.output<typeof contactSchema>;

export const contactFields = ["name", "email", "subject", "message"] as const;
export type ContactField = (typeof contactFields)[number];
