import { type ReactNode } from "react";
import { AuthBoundary } from "@/components/auth/auth-boundary";
import { DefaultLayout } from "@/components/layout/default-layout";
import { ScopedMessages } from "@/components/layout/scoped-messages";

export default function AccountLayout({ children }: { children: ReactNode }) {
  return (
    <DefaultLayout>
      <ScopedMessages scope="auth">
        <AuthBoundary>{children}</AuthBoundary>
      </ScopedMessages>
    </DefaultLayout>
  );
}
