import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { buttonVariants } from "@/components/ui/button";
import { fieldControlClass, Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { NativeSelect } from "@/components/ui/native-select";
import { auditPageSizes, type AuditFilters } from "@/lib/audit/audit-params";
import { auditOptionLabels } from "@/lib/audit/describe";
import type { AuditFilterOptions } from "@/lib/audit/list";
import { cn } from "@/lib/utils/cn";

const selectClass = cn(fieldControlClass, "h-10");

/**
 * The audit trail's filters: a plain GET form, so the filters land in the URL (and work
 * without JavaScript); applying them starts again from the newest entries (no cursor).
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
  return (
    <form
      method="get"
      action={path}
      aria-label={t("filters")}
      className="mb-4 rounded-card border border-border bg-surface p-4"
    >
      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-6">
        <div className="flex flex-col gap-1.5 xl:col-span-2">
          <Label htmlFor="audit-person">{t("person")}</Label>
          <NativeSelect
            id="audit-person"
            name="person"
            defaultValue={filters.actorUserId ?? ""}
            options={[
              { value: "", label: t("anyPerson") },
              ...options.actors.map((actor) => ({
                value: actor.id,
                label: actor.name ?? t("unknownPerson"),
              })),
            ]}
          />
        </div>
        <div className="flex flex-col gap-1.5">
          <Label htmlFor="audit-action">{t("action")}</Label>
          <NativeSelect
            id="audit-action"
            name="action"
            defaultValue={filters.action ?? ""}
            options={[
              { value: "", label: t("anyAction") },
              ...options.actions
                .map((action) => ({ value: action, label: labels.action(action) }))
                .sort((x, y) => x.label.localeCompare(y.label)),
            ]}
          />
        </div>
        <div className="flex flex-col gap-1.5">
          <Label htmlFor="audit-resource">{t("resource")}</Label>
          <NativeSelect
            id="audit-resource"
            name="resource"
            defaultValue={filters.resourceType ?? ""}
            options={[
              { value: "", label: t("anyResource") },
              ...options.resourceTypes.map((type) => ({
                value: type,
                label: labels.resourceType(type),
              })),
            ]}
          />
        </div>
        <div className="flex flex-col gap-1.5">
          <Label htmlFor="audit-from">{t("from")}</Label>
          <Input id="audit-from" type="date" name="from" defaultValue={filters.from ?? ""} />
        </div>
        <div className="flex flex-col gap-1.5">
          <Label htmlFor="audit-to">{t("to")}</Label>
          <Input id="audit-to" type="date" name="to" defaultValue={filters.to ?? ""} />
        </div>
      </div>
      <div className="mt-4 flex flex-wrap items-end gap-3">
        <div className="flex flex-col gap-1.5">
          <Label htmlFor="audit-size">{t("pageSize")}</Label>
          <select
            id="audit-size"
            name="size"
            defaultValue={String(size)}
            className={cn(selectClass, "w-24")}
          >
            {auditPageSizes.map((option) => (
              <option key={option} value={option}>
                {option}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className={buttonVariants({ variant: "primary" })}>
          {t("apply")}
        </button>
        <Link href={path} className={buttonVariants({ variant: "ghost" })}>
          {t("clear")}
        </Link>
      </div>
    </form>
  );
}
