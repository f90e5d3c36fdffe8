import { type ReactNode } from "react";
import { BackofficeFrame } from "@/components/backoffice/backoffice-frame";
import { gateMember } from "@/lib/backoffice/doors";

export default async function OrganisationLayout({
  children,
  params,
}: {
  children: ReactNode;
  params: Promise<{ organisationId: string }>;
}) {
  const { access, organisations, moderator } = await gateMember((await params).organisationId);
  return (
    <BackofficeFrame access={access} organisations={organisations} moderator={moderator}>
      {children}
    </BackofficeFrame>
  );
}
