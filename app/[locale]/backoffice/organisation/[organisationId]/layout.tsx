import { type ReactNode } from "react";
import { BackofficeFrame } from "@/components/backoffice/backoffice-frame";
import { gateMember } from "@/lib/backoffice/doors";
import { listMyOrganisations } from "@/lib/organisations/memberships";

export default async function OrganisationLayout({
  children,
  params,
}: {
  children: ReactNode;
  params: Promise<{ organisationId: string }>;
}) {
  const access = await gateMember((await params).organisationId);
  const organisations = await listMyOrganisations(access.claims);
  return (
    <BackofficeFrame access={access} organisations={organisations}>
      {children}
    </BackofficeFrame>
  );
}
