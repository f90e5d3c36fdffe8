import { createTranslator } from "next-intl";
import { loadMessages } from "@/lib/i18n/messages";
import type { DocumentLabel } from "./pdf";
import type { DocumentLocale } from "./snapshot";

/** The document's labels (`invoices.document`) in its locale, outside a request. */
export async function documentLabels(locale: DocumentLocale): Promise<DocumentLabel> {
  const t = createTranslator({
    locale,
    messages: await loadMessages(locale),
    namespace: "invoices.document",
  });
  return (key, values) => t(key as Parameters<typeof t>[0], values);
}
