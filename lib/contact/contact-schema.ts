import * as z from "zod/mini";
import { contactLimits } from "./contact-fields";
import { textRule } from "@/lib/validation/text";

export { contactFields, contactLimits, type ContactField } from "./contact-fields";

/**
 * The one schema of the contact form: the browser validates with it and the server action
 * validates again with it (both through parseWithValidation).
 * Messages come from the spec §5 error map, not from here. Written with `zod/mini` (the same
 * checks as `z.string().trim().min().max()`, as functions): the browser bundle gets the few
 * checks it uses instead of all of zod (about 29 kB gzipped on /contact).
 */
export const contactSchema = z.object({
  name: z.string().check(z.trim(), textRule(), z.minLength(1), z.maxLength(contactLimits.name)),
  email: z.pipe(
    z.string().check(z.trim(), textRule(), z.minLength(1), z.maxLength(contactLimits.email)),
    z.email(),
  ),
  subject: z
    .string()
    .check(z.trim(), textRule(), z.minLength(1), z.maxLength(contactLimits.subject)),
  message: z
    .string()
    .check(
      z.trim(),
      textRule({ multiline: true }),
      z.minLength(1),
      z.minLength(contactLimits.message.min),
      z.maxLength(contactLimits.message.max),
    ),
});

export type ContactInput = z.input<typeof contactSchema>;
export type ContactValues = z.output<typeof contactSchema>;
