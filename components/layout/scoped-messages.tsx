import { getMessages } from "next-intl/server";
import { type ReactNode } from "react";
import { type ClientMessageScope, scopedClientMessages } from "./client-messages";
import { MergeMessages } from "./merge-messages";

/**
 * The messages of a scope for the client components below it (client-messages.ts), added to
 * the shell's in the browser: only the scope's namespaces are in the page.
 */
export async function ScopedMessages({
  scope,
  children,
}: {
  scope: ClientMessageScope;
  children: ReactNode;
}) {
  const messages = scopedClientMessages(await getMessages(), scope);
  return <MergeMessages messages={messages}>{children}</MergeMessages>;
}
