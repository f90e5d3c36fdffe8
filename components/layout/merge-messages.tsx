"use client";

import {
  NextIntlClientProvider,
  useLocale,
  useMessages,
  useTimeZone,
  type AbstractIntlMessages,
} from "next-intl";
import { type ReactNode, useMemo } from "react";
import { mergeMessages } from "@/lib/i18n/merge-messages";

/**
 * Adds messages to those of the provider above (the root document's shell namespaces)
 * instead of replacing them, as a nested NextIntlClientProvider would: the page sends only
 * its own. Locale and time zone are the outer provider's (the request config sets no
 * formats or `now`).
 */
export function MergeMessages({
  messages,
  children,
}: {
  messages: AbstractIntlMessages;
  children: ReactNode;
}) {
  const outer = useMessages();
  const locale = useLocale();
  const timeZone = useTimeZone();
  const merged = useMemo(() => mergeMessages(outer, messages), [outer, messages]);
  return (
    <NextIntlClientProvider locale={locale} timeZone={timeZone} messages={merged}>
      {children}
    </NextIntlClientProvider>
  );
}
