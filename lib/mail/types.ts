import type { Tx } from "@/lib/db/types";

/** A rendered email, ready for an adapter. */
export type MailMessage = {
  from: string;
  to: string;
  subject: string;
  html: string;
  text: string;
  /** Template name and locale, kept by the outbox for the mailbox view. */
  template?: string;
  locale?: string;
};

export type SendOptions = {
  /** An open transaction: the outbox writes its row inside it (rolled back with it). */
  tx?: Tx;
};

/**
 * The mail port. `transactional` adapters (the outbox) can write inside the caller's
 * transaction; the others (SMTP) must be called after it commits.
 */
export interface MailAdapter {
  readonly kind: "outbox" | "smtp";
  readonly transactional: boolean;
  send(message: MailMessage, options?: SendOptions): Promise<{ id: string }>;
}
