import { getLocale, getTranslations } from "next-intl/server";
import { Badge } from "@/components/ui/badge";
import { DataTable } from "@/components/ui/data-table/data-table";
import { EmptyState } from "@/components/ui/empty-state";
import { formatDateTime } from "@/lib/i18n/format";
import type { OrganisationAccess } from "@/lib/organisations/access";
import { invitationsTable } from "@/lib/people/list-params";
import type { InvitationQuery, InvitationRow } from "@/lib/people/invitations";
import { resendInvitationAction, revokeInvitationAction } from "@/lib/people/actions";
import { InvitationRowActions } from "./invitation-row-actions";
import { invitationBadge, roleName } from "./labels";

/**
 * The invitations table of people/invitations (pending) and settings/invitations (all):
 * rows rendered on the server, resend and withdraw for pending ones when the caller may
 * (`people.invitation.write` and a role they may give: `row.manageable`).
 */
export async function InvitationsTable({
  access,
  query,
  rows,
  total,
  page,
}: {
  access: OrganisationAccess;
  query: InvitationQuery;
  rows: readonly InvitationRow[];
  total: number;
  page: number;
}) {
  const [t, tb, locale] = await Promise.all([
    getTranslations("people"),
    getTranslations("backoffice"),
    getLocale(),
  ]);
  const canWrite = access.can("people.invitation.write");
  const when = (date: Date) =>
    formatDateTime(date, { locale, timeZone: access.organisation.timeZone });
  const columns = [
    { id: "email", header: t("invitations.email"), sortKey: "email" as const },
    { id: "role", header: t("invitations.role") },
    { id: "status", header: t("invitations.status") },
    { id: "sent", header: t("invitations.sent"), sortKey: "sent" as const },
    { id: "expires", header: t("invitations.expires"), sortKey: "expires" as const },
    { id: "invitedBy", header: t("invitations.invitedBy") },
    ...(canWrite
      ? [{ id: "actions", header: t("invitations.actions"), align: "end" as const }]
      : []),
  ];
  return (
    <DataTable
      caption={t("invitations.caption")}
      captionHidden
      config={invitationsTable}
      state={{ page, size: query.size, sort: query.sort, dir: query.dir }}
      total={total}
      columns={columns}
      rows={rows.map((row) => ({
        id: row.id,
        cells: {
          email: <span className="whitespace-nowrap">{row.email}</span>,
          role: roleName((key) => tb(`roleNames.${key}`), row),
          status: (
            <Badge variant={invitationBadge[row.status]}>
              {t(`invitationStatuses.${row.status}`)}
            </Badge>
          ),
          sent: (
            <span className="whitespace-nowrap">
              {when(row.sentAt)}
              <span className="block text-xs text-muted-foreground">
                {t("invitations.sendCount", { count: row.sendCount })}
              </span>
            </span>
          ),
          expires: <span className="whitespace-nowrap">{when(row.expiresAt)}</span>,
          invitedBy: row.invitedByName,
          // Resend and withdraw hand out the invitation's role: only for those who may give it.
          actions:
            canWrite && row.open && row.manageable ? (
              <InvitationRowActions
                organisationId={access.organisation.id}
                invitationId={row.id}
                email={row.email}
                resendAction={resendInvitationAction}
                revokeAction={revokeInvitationAction}
              />
            ) : null,
        },
      }))}
      empty={
        <EmptyState title={t("invitations.emptyTitle")} description={t("invitations.emptyBody")} />
      }
    />
  );
}
