import type { Metadata } from "next";
import Link from "next/link";
import { getTranslations } from "next-intl/server";
import type { SearchParams } from "nuqs/server";
import { PageHeader } from "@/components/backoffice/page-header";
import { EmployeesTable } from "@/components/backoffice/people/employees-table";
import { roleName } from "@/components/backoffice/people/labels";
import { PeopleFilters } from "@/components/backoffice/people/people-filters";
import { buttonVariants } from "@/components/ui/button";
import { createDataTableLoader } from "@/components/ui/data-table/params";
import { gatePage } from "@/lib/backoffice/doors";
import { organisationPath } from "@/lib/backoffice/navigation";
import { loadPeopleList } from "@/lib/people/employees";
import { employeesTable, loadEmployeeFilters } from "@/lib/people/list-params";
import { ScreenMessages } from "@/components/backoffice/screen-messages-provider";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("people.list");
  return { title: t("metaTitle") };
}

const loadTable = createDataTableLoader(employeesTable);

/** The organisation's members: search, filters, sort and paging in the URL. */
export default async function PeoplePage({
  params,
  searchParams,
}: {
  params: Promise<{ organisationId: string }>;
  searchParams: Promise<SearchParams>;
}) {
  const { access } = await gatePage((await params).organisationId, "people.employment.read");
  const [table, filters, t, tb] = await Promise.all([
    loadTable(searchParams),
    loadEmployeeFilters(searchParams),
    getTranslations("people.list"),
    getTranslations("backoffice"),
  ]);
  const query = { ...table, ...filters };
  const { result, roles } = await loadPeopleList(access, query);
  const id = access.organisation.id;
  const actions = (
    <>
      {access.can("people.invitation.read") ? (
        <Link
          href={organisationPath(id, "/people/invitations")}
          className={buttonVariants({ variant: "outline" })}
        >
          {t("invitations")}
        </Link>
      ) : null}
      {access.can("people.invitation.write") && access.can("people.invitation.read") ? (
        <Link href={organisationPath(id, "/people/create")} className={buttonVariants()}>
          {t("invite")}
        </Link>
      ) : null}
    </>
  );
  return (
    <ScreenMessages scope="peopleList">
      <PageHeader title={t("title")} description={t("intro")} actions={actions} />
      <PeopleFilters
        roles={roles.map((role) => ({
          id: role.id,
          label: roleName((key) => tb(`roleNames.${key}`), role),
        }))}
      />
      <EmployeesTable access={access} query={query} result={result} />
    </ScreenMessages>
  );
}
