import "server-only";
import { withSystemContext } from "@/lib/db/context";
import type { Locale } from "@/lib/i18n/config";
import { enqueueMail } from "@/lib/mail/send";
import { consumeRateLimit } from "@/lib/rate-limit/rate-limit";
import { parseWithValidation } from "@/lib/validation/parse";
import { contactFields, contactSchema, type ContactField } from "./contact-schema";
import { contactMessages } from "./schema";

/** Messages one client address may send per window. */
export const contactRateLimit = { limit: 5, windowSeconds: 60 * 60 } as const;

export type SubmitContactResult =
  | { status: "sent"; id: string; name: string; email: string }
  /** Encoded validation messages (lib/validation), the first per field. */
  | { status: "invalid"; fieldErrors: Partial<Record<ContactField, string>> }
  | { status: "rateLimited"; retryAfterSeconds: number };

/**
 * The contact form's use case: validate with the shared schema, count the attempt against
 * the sender's address, then store the message and the acknowledgement email in one
 * transaction (the outbox row commits with the message; SMTP is sent after the commit).
 * Invalid input writes nothing, not even a rate-limit hit.
 */
export async function submitContactMessage(
  input: unknown,
  context: { locale: Locale; clientAddress: string | null },
): Promise<SubmitContactResult> {
  const parsed = parseWithValidation(contactSchema, input);
  if (!parsed.success) {
    const fieldErrors: Partial<Record<ContactField, string>> = {};
    for (const field of contactFields) {
      const first = parsed.fieldErrors[field]?.[0];
      if (first) fieldErrors[field] = first;
    }
    return { status: "invalid", fieldErrors };
  }

  const limit = await consumeRateLimit({
    key: `contact:ip:${context.clientAddress ?? "unknown"}`,
    ...contactRateLimit,
  });
  if (!limit.allowed) return { status: "rateLimited", retryAfterSeconds: limit.retryAfterSeconds };

  const values = parsed.data;
  const { id, mail } = await withSystemContext("contact.submit", async (tx) => {
    const [row] = await tx
      .insert(contactMessages)
      .values({ ...values, locale: context.locale, clientAddress: context.clientAddress })
      .returning({ id: contactMessages.id });
    if (!row) throw new Error("The contact message was not stored.");
    const pending = await enqueueMail(tx, {
      to: values.email,
      template: "contactAcknowledgement",
      data: { name: values.name, subject: values.subject, message: values.message },
      locale: context.locale,
    });
    return { id: row.id, mail: pending };
  });

  try {
    await mail.deliver();
  } catch (error) {
    // The message is stored; only the acknowledgement failed. Logged, not shown.
    console.error("contact: acknowledgement email failed", { contactMessageId: id, error });
  }
  return { status: "sent", id, name: values.name, email: values.email };
}
