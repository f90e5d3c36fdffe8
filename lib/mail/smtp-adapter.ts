import "server-only";
import nodemailer, { type Transporter } from "nodemailer";
import type { MailAdapter, MailMessage } from "./types";

/** Sends over SMTP with nodemailer; SMTP_URL is smtp[s]://user:pass@host:port. */
export class SmtpMailAdapter implements MailAdapter {
  readonly kind = "smtp";
  readonly transactional = false;
  private readonly transporter: Transporter;

  constructor(url: string) {
    this.transporter = nodemailer.createTransport(url);
  }

  async send(message: MailMessage): Promise<{ id: string }> {
    const info = await this.transporter.sendMail({
      from: message.from,
      to: message.to,
      subject: message.subject,
      html: message.html,
      text: message.text,
    });
    return { id: String(info.messageId) };
  }

  close(): void {
    this.transporter.close();
  }
}
