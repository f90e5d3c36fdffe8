import { getMessages } from "next-intl/server";
import { type ReactNode } from "react";
import { MergeMessages } from "@/components/layout/merge-messages";
import { ActionErrorMessages } from "./action-error-messages";
import {
  backofficeMessageScopes,
  type BackofficeMessageScope,
  LOADED_IN_THE_BROWSER,
  pickMessagePaths,
} from "./screen-messages";

/**
 * A back-office screen's own messages for its client components (screen-messages.ts). The
 * action error texts are not among them: a scope that names them gets them loaded in the
 * browser (action-error-messages.tsx).
 */
export async function ScreenMessages({
  scope,
  children,
}: {
  scope: BackofficeMessageScope;
  children: ReactNode;
}) {
  const paths = backofficeMessageScopes[scope];
  const messages = pickMessagePaths(
    await getMessages(),
    paths.filter((path) => path !== LOADED_IN_THE_BROWSER),
  );
  return (
    <MergeMessages messages={messages}>
      {paths.some((path) => path === LOADED_IN_THE_BROWSER) ? (
        <ActionErrorMessages>{children}</ActionErrorMessages>
      ) : (
        children
      )}
    </MergeMessages>
  );
}
