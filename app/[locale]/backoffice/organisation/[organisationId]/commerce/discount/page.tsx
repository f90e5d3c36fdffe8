import type { Metadata } from "next";
import Link from "next/link";
import { getFormatter, getTranslations } from "next-intl/server";
import { createLoader, parseAsStringLiteral, type SearchParams } from "nuqs/server";
import { ListFilterForm } from "@/components/backoffice/list-filter-form";
import { ModuleOff } from "@/components/backoffice/module-off";
import { PageHeader } from "@/components/backoffice/page-header";
import { DiscountStatusBadge } from "@/components/backoffice/selling-terms/discount-status-badge";
import { buttonVariants } from "@/components/ui/button";
import { DataTable } from "@/components/ui/data-table/data-table";
import { createDataTableLoader } from "@/components/ui/data-table/params";
import { EmptyState } from "@/components/ui/empty-state";
import { Icon } from "@/components/ui/icon";
import { gatePage } from "@/lib/backoffice/doors";
import { organisationPath } from "@/lib/backoffice/navigation";
import { minorToAmount } from "@/lib/commerce/money";
import { listDiscountCodes, type DiscountSummary } from "@/lib/selling-terms/backoffice-reads";
import { discountStatuses, discountsTable } from "@/lib/selling-terms/list-params";
import { basisPointsToPercent } from "@/lib/selling-terms/settings-schema";

type Props = {
  params: Promise<{ organisationId: string }>;
  searchParams: Promise<SearchParams>;
};

const loadTable = createDataTableLoader(discountsTable);
const loadFilters = createLoader({ status: parseAsStringLiteral(discountStatuses) });

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("sellingTerms.discountList");
  return { title: t("metaTitle") };
}

/**
 * The organisation's discount codes with their use against the limit and their status,
 * filtered by status with a plain GET form, paged and sorted on the server.
 */
export default async function DiscountsPage({ params, searchParams }: Props) {
  const { organisationId } = await params;
  const gate = await gatePage(organisationId, "commerce.product.read", "commerce");
  if (gate.moduleOff) return <ModuleOff organisationId={organisationId} module="commerce" />;
  const { access } = gate;
  const [state, filters] = await Promise.all([loadTable(searchParams), loadFilters(searchParams)]);
  const [t, ts, format, { rows, total, page }] = await Promise.all([
    getTranslations("sellingTerms.discountList"),
    getTranslations("sellingTerms.statuses"),
    getFormatter(),
    listDiscountCodes(access.claims, access.organisation.id, { ...state, status: filters.status }),
  ]);
  const base = organisationPath(access.organisation.id, "/commerce/discount");
  const createLink = access.can("commerce.discount.write") ? (
    <Link href={`${base}/create`} className={buttonVariants({ variant: "primary" })}>
      <Icon name="plus" aria-hidden className="size-4" />
      {t("create")}
    </Link>
  ) : null;
  const kept = {
    sort: state.sort === discountsTable.defaultSort ? null : state.sort,
    dir: state.dir === discountsTable.defaultDir ? null : state.dir,
    size: state.size === discountsTable.defaultPageSize ? null : String(state.size),
  };
  const money = (minor: number, currency: string) =>
    format.number(minorToAmount(minor, currency), { style: "currency", currency });
  const when = (date: Date) =>
    format.dateTime(date, { dateStyle: "medium", timeZone: access.organisation.timeZone });
  const discount = (row: DiscountSummary) => {
    const off =
      row.kind === "percent"
        ? t("percentOff", { percent: basisPointsToPercent(row.basisPoints ?? 0) })
        : t("amountOff", { amount: money(row.amountMinor ?? 0, row.currency) });
    return row.minSubtotalMinor === null
      ? off
      : `${off}, ${t("minimum", { amount: money(row.minSubtotalMinor, row.currency) })}`;
  };
  const validity = (row: DiscountSummary) => {
    if (row.startsAt && row.endsAt) {
      return t("between", { start: when(row.startsAt), end: when(row.endsAt) });
    }
    if (row.startsAt) return t("from", { start: when(row.startsAt) });
    if (row.endsAt) return t("until", { end: when(row.endsAt) });
    return t("always");
  };
  return (
    <>
      <PageHeader title={t("title")} description={t("intro")} actions={createLink} />
      <ListFilterForm
        action={base}
        label={t("filters")}
        field={{ id: "discount-status", name: "status", label: t("status") }}
        value={filters.status}
        options={discountStatuses.map((value) => ({ value, label: ts(value) }))}
        kept={kept}
        texts={{ any: t("anyStatus"), apply: t("apply"), clear: t("clear") }}
      />
      <DataTable
        caption={t("listLabel")}
        captionHidden
        config={discountsTable}
        state={{ ...state, page }}
        total={total}
        columns={[
          { id: "code", header: t("columnCode"), sortKey: "code" },
          { id: "discount", header: t("columnDiscount") },
          { id: "status", header: t("columnStatus") },
          { id: "validity", header: t("columnValidity") },
          { id: "used", header: t("columnUsed"), sortKey: "used", align: "end" },
        ]}
        rows={rows.map((row) => ({
          id: row.id,
          cells: {
            code: (
              <Link
                href={`${base}/${row.id}`}
                className="font-mono font-medium text-primary-text underline-offset-4 hover:underline"
              >
                {row.code}
              </Link>
            ),
            discount: discount(row),
            status: <DiscountStatusBadge status={row.status} />,
            validity: validity(row),
            used:
              row.usageLimit === null
                ? t("unlimited", { used: format.number(row.usedCount) })
                : t("usedOf", {
                    used: format.number(row.usedCount),
                    limit: format.number(row.usageLimit),
                  }),
          },
        }))}
        empty={
          filters.status ? (
            <EmptyState
              title={t("noMatchTitle")}
              description={t("noMatchBody")}
              headingLevel="h2"
            />
          ) : (
            <EmptyState
              title={t("emptyTitle")}
              description={t("emptyBody")}
              icon={<Icon name="badge-percent" />}
              headingLevel="h2"
            >
              {createLink}
            </EmptyState>
          )
        }
      />
    </>
  );
}
