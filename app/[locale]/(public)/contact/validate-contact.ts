import { contactFields, contactSchema, type ContactField } from "@/lib/contact/contact-schema";
import { translateValidationMessage, type ValidationTranslator } from "@/lib/validation/messages";
import { parseWithValidation } from "@/lib/validation/parse";

export type ContactFieldMessages = Partial<Record<ContactField, string>>;

/**
 * The browser's check of the contact form: the shared schema (the server action runs the
 * same), first message of each field, translated with `tv`. Loaded by the form on first use, not with the page:
 * zod's core is about 23 kB gzipped, more than the page's JavaScript budget leaves.
 */
export function validateContact(
  form: HTMLFormElement,
  tv: ValidationTranslator,
): ContactFieldMessages {
  const data = new FormData(form);
  const values = Object.fromEntries(
    contactFields.map((field) => [field, String(data.get(field) ?? "")]),
  );
  const result = parseWithValidation(contactSchema, values);
  if (result.success) return {};
  const messages: ContactFieldMessages = {};
  for (const field of contactFields) {
    const first = result.fieldErrors[field]?.[0];
    if (first) messages[field] = translateValidationMessage(tv, first);
  }
  return messages;
}
