import { type ReactNode } from "react";
import { BackofficeFrame } from "@/components/backoffice/backoffice-frame";
import { gateMember } from "@/lib/backoffice/doors";
import { isPlatformModerator } from "@/lib/moderation/moderation";
import { listMyOrganisations } from "@/lib/organisations/memberships";

export default async function OrganisationLayout({
  children,
  params,
}: {
  children: ReactNode;
  params: Promise<{ organisationId: string }>;
}) {
  const access = await gateMember((await params).organisationId);
  const [organisations, moderator] = await Promise.all([
    listMyOrganisations(access.claims),
    isPlatformModerator(access.claims),
  ]);
  return (
    <BackofficeFrame access={access} organisations={organisations} moderator={moderator}>
      {children}
    </BackofficeFrame>
  );
}
