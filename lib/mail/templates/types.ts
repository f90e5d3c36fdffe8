import type { ReactElement } from "react";
import type { createTranslator } from "next-intl";
import type enMessages from "@/messages/en";

/** A translator over the "mail" namespace (templates take it as a prop: no hooks). */
export type MailTranslator = ReturnType<typeof createTranslator<typeof enMessages, "mail">>;

export type MailTemplateProps<Data> = { t: MailTranslator; data: Data; siteUrl: string };

/**
 * An email template: a subject and a body component. Bodies are plain functions of their
 * props (no hooks, no context), rendered to static HTML; the plain-text part is derived
 * from that HTML, so there is one source for both.
 */
export type MailTemplate<Data> = {
  subject: (t: MailTranslator, data: Data) => string;
  Body: (props: MailTemplateProps<Data>) => ReactElement;
};
