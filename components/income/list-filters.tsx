import Link from "next/link";
import { getTranslations } from "next-intl/server";

/**
 * The filters of an income list: a GET form, so every state is in the URL and the form
 * works without JavaScript (status, a date range and, for charges, a reference search).
 */
export async function ListFilters({
  base,
  statuses,
  values,
  withSearch,
}: {
  base: string;
  statuses: readonly { value: string; label: string }[];
  values: { status: string | null; from: string | null; to: string | null; q?: string | null };
  withSearch: boolean;
}) {
  const t = await getTranslations("income");
  return (
    <form
      method="get"
      action={base}
      aria-label={t("filters")}
      className="flex flex-wrap items-end gap-3 rounded-card border border-border p-3"
    >
      <div className="flex flex-col gap-1">
        <label htmlFor="filter-status" className="text-sm font-medium">
          {t("status")}
        </label>
        <select
          id="filter-status"
          name="status"
          defaultValue={values.status ?? ""}
          className="field-control h-10"
        >
          <option value="">{t("anyStatus")}</option>
          {statuses.map((status) => (
            <option key={status.value} value={status.value}>
              {status.label}
            </option>
          ))}
        </select>
      </div>
      <div className="flex flex-col gap-1">
        <label htmlFor="filter-from" className="text-sm font-medium">
          {t("from")}
        </label>
        <input
          id="filter-from"
          name="from"
          type="date"
          defaultValue={values.from ?? ""}
          className="field-control h-10"
        />
      </div>
      <div className="flex flex-col gap-1">
        <label htmlFor="filter-to" className="text-sm font-medium">
          {t("to")}
        </label>
        <input
          id="filter-to"
          name="to"
          type="date"
          defaultValue={values.to ?? ""}
          className="field-control h-10"
        />
      </div>
      {withSearch ? (
        <div className="flex flex-col gap-1">
          <label htmlFor="filter-q" className="text-sm font-medium">
            {t("reference")}
          </label>
          <input
            id="filter-q"
            name="q"
            type="search"
            maxLength={20}
            defaultValue={values.q ?? ""}
            className="field-control h-10 w-40"
          />
        </div>
      ) : null}
      <button type="submit" className="btn btn-primary h-10 px-4">
        {t("apply")}
      </button>
      <Link href={base} className="btn btn-ghost h-10 px-4">
        {t("clear")}
      </Link>
    </form>
  );
}
