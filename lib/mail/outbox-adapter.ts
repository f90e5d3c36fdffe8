import "server-only";
import { withSystemContext } from "@/lib/db/context";
import type { Tx } from "@/lib/db/types";
import { mailOutbox } from "./schema";
import type { MailAdapter, MailMessage, SendOptions } from "./types";

async function insert(tx: Tx, message: MailMessage): Promise<{ id: string }> {
  const [row] = await tx
    .insert(mailOutbox)
    .values({
      fromAddress: message.from,
      toAddress: message.to,
      subject: message.subject,
      html: message.html,
      text: message.text,
      template: message.template ?? null,
      locale: message.locale ?? null,
    })
    .returning({ id: mailOutbox.id });
  if (!row) throw new Error("The outbox did not return the new row.");
  return row;
}

/** Stores emails in the mail_outbox table instead of sending them (no SMTP_URL). */
export class OutboxMailAdapter implements MailAdapter {
  readonly kind = "outbox";
  readonly transactional = true;

  send(message: MailMessage, options?: SendOptions): Promise<{ id: string }> {
    if (options?.tx) return insert(options.tx, message);
    return withSystemContext("mail.outbox.send", (tx) => insert(tx, message));
  }
}
