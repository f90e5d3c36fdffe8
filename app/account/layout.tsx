import { type ReactNode } from "react";
import { AuthBoundary } from "@/components/auth/auth-boundary";
import { DefaultLayout } from "@/components/layout/default-layout";

export default function AccountLayout({ children }: { children: ReactNode }) {
  return (
    <DefaultLayout>
      <AuthBoundary>{children}</AuthBoundary>
    </DefaultLayout>
  );
}
