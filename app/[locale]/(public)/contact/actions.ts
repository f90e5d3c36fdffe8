"use server";

import { headers } from "next/headers";
import { getLocale, getTranslations } from "next-intl/server";
import { contactFields, type ContactField } from "@/lib/contact/contact-fields";
import { submitContactMessage } from "@/lib/contact/submit-contact";
import { clientAddress } from "@/lib/security/client-address";
import { translateValidationMessage } from "@/lib/validation/messages";
import type { ContactFormState } from "./form-state";
import { formArgument } from "@/lib/validation/form-argument";

/** The contact form's server action: re-validates, rate-limits, stores, acknowledges. */
export async function sendContactMessage(
  _previous: ContactFormState,
  formData: FormData,
): Promise<ContactFormState> {
  const form = formArgument(formData);
  const values = Object.fromEntries(
    contactFields.map((field) => {
      const value = form.get(field);
      return [field, typeof value === "string" ? value : ""];
    }),
  ) as Record<ContactField, string>;
  try {
    const [locale, requestHeaders] = await Promise.all([getLocale(), headers()]);
    const result = await submitContactMessage(values, {
      locale,
      clientAddress: clientAddress(requestHeaders),
    });
    switch (result.status) {
      case "sent":
        return { status: "sent", name: result.name, email: result.email };
      case "invalid": {
        // Translated here, so that the page ships no message decoder.
        const tv = await getTranslations({ locale, namespace: "validation" });
        const fieldErrors = Object.fromEntries(
          Object.entries(result.fieldErrors).map(([field, message]) => [
            field,
            translateValidationMessage(tv, message),
          ]),
        );
        return { status: "invalid", fieldErrors, values };
      }
      case "rateLimited":
        return { status: "rateLimited", retryAfterSeconds: result.retryAfterSeconds, values };
    }
  } catch (error) {
    console.error("contact: submission failed", error);
    return { status: "failed", values };
  }
}
