import "server-only";
import { env } from "@/lib/env";
import type { Locale } from "@/lib/i18n/config";
import type { Tx } from "@/lib/db/types";
import { getMailAdapter } from "./adapter";
import { renderMail } from "./render";
import type { MailTemplateData, MailTemplateName } from "./templates/registry";
import type { MailMessage } from "./types";

export type SendMailInput<N extends MailTemplateName> = {
  to: string;
  template: N;
  data: MailTemplateData<N>;
  locale: Locale;
};

async function compose<N extends MailTemplateName>(input: SendMailInput<N>): Promise<MailMessage> {
  const settings = env();
  const rendered = await renderMail(input.template, input.data, input.locale, settings.SITE_URL);
  return {
    from: settings.MAIL_FROM,
    to: input.to,
    ...rendered,
    template: input.template,
    locale: input.locale,
  };
}

/** Renders a template and sends it now through the configured adapter. */
export async function sendMail<N extends MailTemplateName>(
  input: SendMailInput<N>,
): Promise<{ id: string }> {
  return getMailAdapter().send(await compose(input));
}

/** What `enqueueMail` leaves to do once the transaction has committed. */
export type PendingMail = { deliver(): Promise<void> };

/**
 * Sends as part of a transaction: the outbox writes its row inside `tx` (so a rollback
 * leaves no email behind); SMTP cannot take part in a transaction, so it is sent by
 * `deliver()`, which the caller runs after the commit.
 */
export async function enqueueMail<N extends MailTemplateName>(
  tx: Tx,
  input: SendMailInput<N>,
): Promise<PendingMail> {
  const adapter = getMailAdapter();
  const message = await compose(input);
  if (adapter.transactional) {
    await adapter.send(message, { tx });
    return { deliver: async () => {} };
  }
  return {
    deliver: async () => {
      await adapter.send(message);
    },
  };
}
