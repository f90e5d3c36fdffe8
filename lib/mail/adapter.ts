import "server-only";
import { env } from "@/lib/env";
import { OutboxMailAdapter } from "./outbox-adapter";
import { SmtpMailAdapter } from "./smtp-adapter";
import type { MailAdapter } from "./types";

let adapter: MailAdapter | undefined;

/** The configured adapter: SMTP when SMTP_URL is set, else the dev outbox. */
export function getMailAdapter(): MailAdapter {
  if (!adapter) {
    const url = env().SMTP_URL;
    adapter = url ? new SmtpMailAdapter(url) : new OutboxMailAdapter();
  }
  return adapter;
}

/** Only for tests: forget the adapter so changed settings are read again. */
export function resetMailAdapterForTests(): void {
  adapter = undefined;
}
