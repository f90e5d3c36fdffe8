import type { Metadata } from "next";
import Link from "next/link";
import { getTranslations } from "next-intl/server";
import type { SearchParams } from "nuqs/server";
import { PageHeader } from "@/components/backoffice/page-header";
import { InvitationsTable } from "@/components/backoffice/people/invitations-table";
import { buttonVariants } from "@/components/ui/button";
import { createDataTableLoader } from "@/components/ui/data-table/params";
import { gatePage } from "@/lib/backoffice/doors";
import { organisationPath } from "@/lib/backoffice/navigation";
import { listInvitations } from "@/lib/people/invitations";
import { invitationsTable } from "@/lib/people/list-params";
import { ScreenMessages } from "@/components/backoffice/screen-messages-provider";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("people.invitations");
  return { title: t("metaTitle") };
}

const loadTable = createDataTableLoader(invitationsTable);

/** Pending invitations (expired ones shown as expired), with resend and withdraw. */
export default async function PendingInvitationsPage({
  params,
  searchParams,
}: {
  params: Promise<{ organisationId: string }>;
  searchParams: Promise<SearchParams>;
}) {
  const { access } = await gatePage((await params).organisationId, "people.invitation.read");
  const [table, t] = await Promise.all([loadTable(searchParams), getTranslations("people")]);
  const query = { ...table, status: null, openOnly: true };
  const result = await listInvitations(access, query);
  const id = access.organisation.id;
  return (
    <ScreenMessages scope="invitations">
      <PageHeader
        title={t("invitations.title")}
        description={t("invitations.intro")}
        actions={
          access.can("people.invitation.write") ? (
            <Link href={organisationPath(id, "/people/create")} className={buttonVariants()}>
              {t("list.invite")}
            </Link>
          ) : null
        }
      />
      <InvitationsTable access={access} query={query} {...result} />
    </ScreenMessages>
  );
}
