/**
 * The contact form's fields and limits, apart from the schema (contact-schema.ts) so that
 * the form can render its fields without loading zod with the page.
 */
/** Field limits of the contact form, shared by the form (hints, maxLength) and the server. */
export const contactLimits = {
  name: 100,
  email: 254,
  subject: 150,
  message: { min: 10, max: 5000 },
} as const;

export const contactFields = ["name", "email", "subject", "message"] as const;
export type ContactField = (typeof contactFields)[number];
