import type { ContactField } from "@/lib/contact/contact-fields";

/** What the contact action answers; `values` refill the form when JavaScript is off. */
export type ContactFormState =
  | { status: "idle" }
  | {
      status: "invalid";
      /** The first message of each invalid field, in the user's language. */
      fieldErrors: Partial<Record<ContactField, string>>;
      values: Record<ContactField, string>;
    }
  | { status: "rateLimited"; retryAfterSeconds: number; values: Record<ContactField, string> }
  | { status: "failed"; values: Record<ContactField, string> }
  | { status: "sent"; name: string; email: string };

export const initialContactState: ContactFormState = { status: "idle" };
