import { type ReactNode } from "react";
import { AuthBoundary } from "@/components/auth/auth-boundary";
import { DefaultLayout } from "@/components/layout/default-layout";

/**
 * The profile pages. Each page passes the catalogue its client components read
 * (components/layout/client-messages.ts): /profile/update its scope, /profile/create the
 * profile form's, /profile and the invitations none beyond the shell's.
 */
export default function ProfileLayout({ children }: { children: ReactNode }) {
  return (
    <DefaultLayout>
      <AuthBoundary>{children}</AuthBoundary>
    </DefaultLayout>
  );
}
