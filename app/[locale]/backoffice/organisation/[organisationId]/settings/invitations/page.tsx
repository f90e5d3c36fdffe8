import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import type { SearchParams } from "nuqs/server";
import { PageHeader } from "@/components/backoffice/page-header";
import { InvitationStatusFilter } from "@/components/backoffice/people/invitation-status-filter";
import { InvitationsTable } from "@/components/backoffice/people/invitations-table";
import { createDataTableLoader } from "@/components/ui/data-table/params";
import { gatePage } from "@/lib/backoffice/doors";
import { listInvitations } from "@/lib/people/invitations";
import { invitationsTable, loadInvitationFilters } from "@/lib/people/list-params";
import { ScreenMessages } from "@/components/backoffice/screen-messages-provider";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("people.invitations");
  return { title: t("settingsMetaTitle") };
}

const loadTable = createDataTableLoader(invitationsTable);

/** Every invitation of the organisation, any status, filtered by status and paged. */
export default async function AllInvitationsPage({
  params,
  searchParams,
}: {
  params: Promise<{ organisationId: string }>;
  searchParams: Promise<SearchParams>;
}) {
  const { access } = await gatePage((await params).organisationId, "people.invitation.read");
  const [table, filters, t] = await Promise.all([
    loadTable(searchParams),
    loadInvitationFilters(searchParams),
    getTranslations("people.invitations"),
  ]);
  const query = { ...table, status: filters.status };
  const result = await listInvitations(access, query);
  return (
    <ScreenMessages scope="invitations">
      <PageHeader title={t("settingsTitle")} description={t("settingsIntro")} />
      <InvitationStatusFilter />
      <InvitationsTable access={access} query={query} {...result} />
    </ScreenMessages>
  );
}
