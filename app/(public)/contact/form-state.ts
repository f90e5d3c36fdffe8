import type { ContactField } from "@/lib/contact/contact-schema";

/** What the contact action answers; `values` refill the form when JavaScript is off. */
export type ContactFormState =
  | { status: "idle" }
  | {
      status: "invalid";
      fieldErrors: Partial<Record<ContactField, string>>;
      values: Record<ContactField, string>;
    }
  | { status: "rateLimited"; retryAfterSeconds: number; values: Record<ContactField, string> }
  | { status: "failed"; values: Record<ContactField, string> }
  | { status: "sent"; name: string; email: string };

export const initialContactState: ContactFormState = { status: "idle" };
