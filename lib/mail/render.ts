import "server-only";
import { createElement } from "react";
import type * as ReactDomServer from "react-dom/server";
import { createTranslator } from "next-intl";
import { type Locale } from "@/lib/i18n/config";
import { loadMessages } from "@/lib/i18n/messages";
import { htmlToText } from "./html-to-text";
import { EmailLayout } from "./templates/email-layout";
import { mailTemplates, type MailTemplateData, type MailTemplateName } from "./templates/registry";
import type { MailTemplate, MailTranslator } from "./templates/types";

export type RenderedMail = { subject: string; html: string; text: string };

/**
 * react-dom/server is refused inside the React Server Components graph (server actions
 * and route handlers live there), so it is loaded at run time through Node's own module
 * loader rather than bundled. Email templates are hook-free, so the React copy that
 * renders them does not matter.
 */
async function renderToStaticMarkup(element: ReturnType<typeof createElement>): Promise<string> {
  const server = (await import(
    /* webpackIgnore: true */ /* turbopackIgnore: true */ "react-dom/server"
  )) as typeof ReactDomServer;
  return server.renderToStaticMarkup(element);
}

/**
 * One translator per locale for the process: a translator parses each message the first time
 * it formats it and keeps the result, so a new one per email parsed every message of every
 * email again (docs/bench.md "Checkout"). The catalogues do not change while running.
 */
const translators = new Map<Locale, Promise<MailTranslator>>();

function mailTranslator(locale: Locale): Promise<MailTranslator> {
  let translator = translators.get(locale);
  if (!translator) {
    translator = loadMessages(locale).then((messages) =>
      createTranslator({ locale, messages, namespace: "mail" }),
    );
    translators.set(locale, translator);
    translator.catch(() => translators.delete(locale));
  }
  return translator;
}

/** Renders a template in a locale: subject, HTML document and plain-text part. */
export async function renderMail<N extends MailTemplateName>(
  name: N,
  data: MailTemplateData<N>,
  locale: Locale,
  siteUrl: string,
): Promise<RenderedMail> {
  const t = await mailTranslator(locale);
  const template = mailTemplates[name] as MailTemplate<MailTemplateData<N>>;
  const subject = template.subject(t, data);
  const body = createElement(template.Body, { t, data, siteUrl });
  const document = createElement(EmailLayout, {
    t,
    lang: locale,
    title: subject,
    siteUrl,
    body,
  });
  const html = `<!DOCTYPE html>${await renderToStaticMarkup(document)}`;
  return { subject, html, text: htmlToText(html) };
}
