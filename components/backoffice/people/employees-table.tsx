import { getLocale, getTranslations } from "next-intl/server";
import { DataTable } from "@/components/ui/data-table/data-table";
import { EmptyState } from "@/components/ui/empty-state";
import { formatDate } from "@/lib/i18n/format";
import type { OrganisationAccess } from "@/lib/organisations/access";
import type { EmployeePage, EmployeeQuery } from "@/lib/people/employees";
import { employeesTable } from "@/lib/people/list-params";
import { EmployeeRows } from "./employee-rows";
import { roleName } from "./labels";

/** The member list: name (links to the member), email, role, status, since (employee-rows.tsx). */
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
      rows={[]}
      clientRows={{
        count: result.rows.length,
        node: (
          <EmployeeRows
            organisationId={access.organisation.id}
            rows={result.rows.map((row) => ({
              id: row.id,
              name: row.name || t("list.noName"),
              email: row.email,
              role: roleName((key) => tb(`roleNames.${key}`), row),
              status: row.status,
              since: formatDate(row.since, { locale, timeZone: access.organisation.timeZone }),
            }))}
          />
        ),
      }}
      empty={<EmptyState title={t("list.emptyTitle")} description={t("list.emptyBody")} />}
    />
  );
}
