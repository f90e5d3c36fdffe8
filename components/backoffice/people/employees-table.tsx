import Link from "next/link";
import { getLocale, getTranslations } from "next-intl/server";
import { Badge } from "@/components/ui/badge";
import { DataTable } from "@/components/ui/data-table/data-table";
import { EmptyState } from "@/components/ui/empty-state";
import { organisationPath } from "@/lib/backoffice/navigation";
import { formatDate } from "@/lib/i18n/format";
import type { OrganisationAccess } from "@/lib/organisations/access";
import type { EmployeePage, EmployeeQuery } from "@/lib/people/employees";
import { employeesTable } from "@/lib/people/list-params";
import { employmentBadge, roleName } from "./labels";

/** The member list: name (links to the member), email, role, status, since. */
export async function EmployeesTable({
  access,
  query,
  result,
}: {
  access: OrganisationAccess;
  query: EmployeeQuery;
  result: EmployeePage;
}) {
  const [t, tb, locale] = await Promise.all([
    getTranslations("people"),
    getTranslations("backoffice"),
    getLocale(),
  ]);
  return (
    <DataTable
      caption={t("list.caption")}
      captionHidden
      config={employeesTable}
      state={{ page: result.page, size: query.size, sort: query.sort, dir: query.dir }}
      total={result.total}
      columns={[
        { id: "name", header: t("list.name"), sortKey: "name" },
        { id: "email", header: t("list.email") },
        { id: "role", header: t("list.role"), sortKey: "role" },
        { id: "status", header: t("list.status"), sortKey: "status" },
        { id: "since", header: t("list.since"), sortKey: "since" },
      ]}
      rows={result.rows.map((row) => ({
        id: row.id,
        cells: {
          name: (
            <Link
              href={organisationPath(access.organisation.id, `/people/${row.id}`)}
              className="font-medium text-primary-text underline-offset-4 hover:underline"
            >
              {row.name || t("list.noName")}
            </Link>
          ),
          email: <span className="whitespace-nowrap">{row.email}</span>,
          role: roleName((key) => tb(`roleNames.${key}`), row),
          status: (
            <Badge variant={employmentBadge[row.status]}>{t(`statuses.${row.status}`)}</Badge>
          ),
          since: (
            <span className="whitespace-nowrap">
              {formatDate(row.since, { locale, timeZone: access.organisation.timeZone })}
            </span>
          ),
        },
      }))}
      empty={<EmptyState title={t("list.emptyTitle")} description={t("list.emptyBody")} />}
    />
  );
}
