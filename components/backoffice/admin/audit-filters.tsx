import { getTranslations } from "next-intl/server";
import { auditPageSizes, type AuditFilters } from "@/lib/audit/audit-params";
import { auditOptionLabels } from "@/lib/audit/describe";
import type { AuditFilterOptions } from "@/lib/audit/list";
import { AuditFiltersFields, type AuditFiltersTexts } from "./audit-filters-fields";

/**
 * The audit trail's filters: a plain GET form, so the filters land in the URL (and work
 * without JavaScript); applying them starts again from the newest entries (no cursor).
 * The texts and options are prepared here and drawn by a client component, so the page's
 * payload carries them as data once instead of as elements with their classes (about 3 kB
 * less per page; docs/backoffice.md, "Lists send data, not elements").
 */
export async function AuditFiltersForm({
  path,
  filters,
  size,
  options,
}: {
  path: string;
  filters: AuditFilters;
  size: number;
  options: AuditFilterOptions;
}) {
  const [t, labels] = await Promise.all([getTranslations("orgAdmin.audit"), auditOptionLabels()]);
  const texts: AuditFiltersTexts = {
    filters: t("filters"),
    person: t("person"),
    action: t("action"),
    resource: t("resource"),
    from: t("from"),
    to: t("to"),
    pageSize: t("pageSize"),
    apply: t("apply"),
    clear: t("clear"),
  };
  return (
    <AuditFiltersFields
      path={path}
      texts={texts}
      values={{
        person: filters.actorUserId ?? "",
        action: filters.action ?? "",
        resource: filters.resourceType ?? "",
        from: filters.from ?? "",
        to: filters.to ?? "",
        size: String(size),
      }}
      people={[
        { value: "", label: t("anyPerson") },
        ...options.actors.map((actor) => ({
          value: actor.id,
          label: actor.name ?? t("unknownPerson"),
        })),
      ]}
      actions={[
        { value: "", label: t("anyAction") },
        ...options.actions
          .map((action) => ({ value: action, label: labels.action(action) }))
          .sort((x, y) => x.label.localeCompare(y.label)),
      ]}
      resources={[
        { value: "", label: t("anyResource") },
        ...options.resourceTypes.map((type) => ({
          value: type,
          label: labels.resourceType(type),
        })),
      ]}
      sizes={auditPageSizes.map(String)}
    />
  );
}
