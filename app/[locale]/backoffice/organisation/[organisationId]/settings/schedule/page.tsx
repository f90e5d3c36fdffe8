import type { Metadata } from "next";
import Link from "next/link";
import { getFormatter, getTranslations } from "next-intl/server";
import type { SearchParams } from "nuqs/server";
import { PageHeader } from "@/components/backoffice/page-header";
import { buttonVariants } from "@/components/ui/button";
import { DataTable } from "@/components/ui/data-table/data-table";
import { createDataTableLoader } from "@/components/ui/data-table/params";
import { EmptyState } from "@/components/ui/empty-state";
import { gatePage } from "@/lib/backoffice/doors";
import { organisationPath } from "@/lib/backoffice/navigation";
import { schedulesTable } from "@/lib/schedules/list-params";
import { listSchedules } from "@/lib/schedules/schedules";
import { Icon } from "@/components/ui/icon";

type Props = {
  params: Promise<{ organisationId: string }>;
  searchParams: Promise<SearchParams>;
};

const loadTable = createDataTableLoader(schedulesTable);

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("orgSettings.schedule");
  return { title: t("metaTitle") };
}

/** The organisation's schedules, paged and sorted on the server (URL state). */
export default async function SchedulesPage({ params, searchParams }: Props) {
  const { access } = await gatePage((await params).organisationId, "settings.schedule.read");
  const state = await loadTable(searchParams);
  const [t, format, { rows, total, page }] = await Promise.all([
    getTranslations("orgSettings.schedule"),
    getFormatter(),
    listSchedules(access.claims, access.organisation.id, state),
  ]);
  const base = organisationPath(access.organisation.id, "/settings/schedule");
  const create = access.can("settings.schedule.write") ? (
    <Link href={`${base}/create`} className={buttonVariants({ variant: "primary" })}>
      <Icon name="plus" aria-hidden className="size-4" />
      {t("create")}
    </Link>
  ) : null;
  return (
    <>
      <PageHeader title={t("title")} description={t("intro")} actions={create} />
      <DataTable
        caption={t("listLabel")}
        captionHidden
        config={schedulesTable}
        state={{ ...state, page }}
        total={total}
        columns={[
          { id: "name", header: t("columnName"), sortKey: "name" },
          { id: "timeZone", header: t("columnTimeZone") },
          { id: "openDays", header: t("columnOpenDays") },
          { id: "updated", header: t("columnUpdated"), sortKey: "updated", align: "end" },
        ]}
        rows={rows.map((row) => ({
          id: row.id,
          cells: {
            name: (
              <Link
                href={`${base}/${row.id}`}
                className="font-medium text-primary-text underline-offset-4 hover:underline"
              >
                {row.name}
              </Link>
            ),
            timeZone: row.timeZone.replaceAll("_", " "),
            openDays: t("openDays", { count: row.openDays }),
            updated: format.dateTime(row.updatedAt, {
              dateStyle: "medium",
              timeStyle: "short",
              timeZone: access.organisation.timeZone,
            }),
          },
        }))}
        empty={
          <EmptyState title={t("emptyTitle")} description={t("emptyBody")} headingLevel="h2" />
        }
      />
    </>
  );
}
