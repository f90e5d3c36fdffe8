import { type ReactNode } from "react";
import { DefaultLayout } from "@/components/layout/default-layout";
import { ScopedMessages } from "@/components/layout/scoped-messages";

/**
 * The sign-in pages. The browser auth client (AuthBoundary) is mounted by each page that
 * needs it, not here: on /callback it would detect the `?code=` itself (auth-js
 * `detectSessionInUrl`) and race the server's single-use exchange.
 */
export default function AuthLayout({ children }: { children: ReactNode }) {
  return (
    <DefaultLayout>
      <ScopedMessages scope="auth">{children}</ScopedMessages>
    </DefaultLayout>
  );
}
