import type { Metadata } from "next";
import { getLocale, getTranslations } from "next-intl/server";
import type { SearchParams } from "nuqs/server";
import { AuditFiltersForm } from "@/components/backoffice/admin/audit-filters";
import { AuditTable, loadOpenedAuditEntry } from "@/components/backoffice/admin/audit-table";
import { PageHeader } from "@/components/backoffice/page-header";
import { auditFiltersFrom, loadAuditParams, serializeAuditParams } from "@/lib/audit/audit-params";
import { loadAuditScreen } from "@/lib/audit/list";
import { gatePage } from "@/lib/backoffice/doors";
import { organisationPath } from "@/lib/backoffice/navigation";

type Props = {
  params: Promise<{ organisationId: string }>;
  searchParams: Promise<SearchParams>;
};

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("orgAdmin.audit");
  return { title: t("metaTitle") };
}

/** The audit trail: filters and keyset pages in the URL, newest first. */
export default async function AuditPage({ params, searchParams }: Props) {
  const { access } = await gatePage((await params).organisationId, "settings.audit.read");
  const [state, { entry }] = await Promise.all([
    loadAuditParams(searchParams),
    loadOpenedAuditEntry(searchParams),
  ]);
  const filters = auditFiltersFrom(state);
  const [t, locale, { page, options }] = await Promise.all([
    getTranslations("orgAdmin.audit"),
    getLocale(),
    loadAuditScreen(access, filters, state.cursor, state.size),
  ]);
  const path = organisationPath(access.organisation.id, "/settings/audit");
  const { timeZone } = access.organisation;
  const hrefFor = (cursor: string | null) =>
    serializeAuditParams(path, {
      person: filters.actorUserId ?? null,
      action: filters.action ?? null,
      resource: filters.resourceType ?? null,
      from: filters.from ?? null,
      to: filters.to ?? null,
      size: state.size,
      cursor,
    });
  return (
    <>
      <PageHeader title={t("title")} description={t("intro", { timeZone })} />
      <AuditFiltersForm path={path} filters={filters} size={state.size} options={options} />
      <AuditTable
        organisationId={access.organisation.id}
        page={page}
        locale={locale}
        timeZone={timeZone}
        hrefFor={hrefFor}
        cursor={state.cursor}
        opened={entry}
        filtered={Boolean(
          filters.actorUserId ||
          filters.action ||
          filters.resourceType ||
          filters.from ||
          filters.to,
        )}
      />
    </>
  );
}
