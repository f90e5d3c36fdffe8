import { z } from "zod";

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
 * Messages come from the spec §5 error map, not from here.
 */
export const contactSchema = z.object({
  name: z.string().trim().min(1).max(contactLimits.name),
  email: z.string().trim().min(1).max(contactLimits.email).pipe(z.email()),
  subject: z.string().trim().min(1).max(contactLimits.subject),
  message: z.string().trim().min(1).min(contactLimits.message.min).max(contactLimits.message.max),
});

export type ContactInput = z.input<typeof contactSchema>;
export type ContactValues = z.output<typeof contactSchema>;

export const contactFields = ["name", "email", "subject", "message"] as const;
export type ContactField = (typeof contactFields)[number];
