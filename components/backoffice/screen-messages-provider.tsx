import { getMessages } from "next-intl/server";
import { type ReactNode } from "react";
import { MergeMessages } from "@/components/layout/merge-messages";
import {
  backofficeMessageScopes,
  type BackofficeMessageScope,
  pickMessagePaths,
} from "./screen-messages";

/** A back-office screen's own messages for its client components (screen-messages.ts). */
export async function ScreenMessages({
  scope,
  children,
}: {
  scope: BackofficeMessageScope;
  children: ReactNode;
}) {
  const messages = pickMessagePaths(await getMessages(), backofficeMessageScopes[scope]);
  return <MergeMessages messages={messages}>{children}</MergeMessages>;
}
