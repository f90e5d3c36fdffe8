import { NextIntlClientProvider } from "next-intl";
import { getMessages } from "next-intl/server";
import { type ReactNode } from "react";
import { type ClientMessageScope, scopedClientMessages } from "./client-messages";

/** The messages of a scope for the client components below it (client-messages.ts). */
export async function ScopedMessages({
  scope,
  children,
}: {
  scope: ClientMessageScope;
  children: ReactNode;
}) {
  const messages = scopedClientMessages(await getMessages(), scope);
  return <NextIntlClientProvider messages={messages}>{children}</NextIntlClientProvider>;
}
