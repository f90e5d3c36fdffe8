import { z } from "zod";
import { textRule } from "@/lib/validation/text";

/** The contact-address forms' schemas, shared by the browser and the server actions. */
export const contactEmailLimits = { email: 254, label: 60, count: 20 } as const;

export const addContactEmailSchema = z.object({
  email: z
    .string()
    .trim()
    .toLowerCase()
    .check(textRule())
    .min(1)
    .max(contactEmailLimits.email)
    .pipe(z.email()),
  label: z.string().trim().check(textRule()).max(contactEmailLimits.label).default(""),
});
export type AddContactEmailInput = z.input<typeof addContactEmailSchema>;

export const contactEmailIdSchema = z.object({ contactEmailId: z.uuid() });
