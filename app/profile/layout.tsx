import { type ReactNode } from "react";
import { AuthBoundary } from "@/components/auth/auth-boundary";
import { DefaultLayout } from "@/components/layout/default-layout";

export default function ProfileLayout({ children }: { children: ReactNode }) {
  return (
    <DefaultLayout>
      <AuthBoundary>{children}</AuthBoundary>
    </DefaultLayout>
  );
}
