import type { Metadata } from "next";
import Link from "next/link";
import { getFormatter, getTranslations } from "next-intl/server";
import { createLoader, parseAsStringLiteral, type SearchParams } from "nuqs/server";
import { OfferStateBadge } from "@/components/backoffice/commerce/offer-state-badge";
import { ModuleOff } from "@/components/backoffice/module-off";
import { PageHeader } from "@/components/backoffice/page-header";
import { buttonVariants } from "@/components/ui/button";
import { DataTable } from "@/components/ui/data-table/data-table";
import { createDataTableLoader } from "@/components/ui/data-table/params";
import { EmptyState } from "@/components/ui/empty-state";
import { Icon } from "@/components/ui/icon";
import { fieldControlClass } from "@/components/ui/input";
import { gatePage } from "@/lib/backoffice/doors";
import { organisationPath } from "@/lib/backoffice/navigation";
import { offerStates, offersTable } from "@/lib/commerce/list-params";
import { minorToAmount } from "@/lib/commerce/money";
import { listOffers } from "@/lib/commerce/offers";
import { cn } from "@/lib/utils/cn";

type Props = {
  params: Promise<{ organisationId: string }>;
  searchParams: Promise<SearchParams>;
};

const loadTable = createDataTableLoader(offersTable);
const loadFilters = createLoader({ state: parseAsStringLiteral(offerStates) });

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("offers.list");
  return { title: t("metaTitle") };
}

/**
 * The organisation's offers, filtered by state with a plain GET form (the table's sort and
 * size stay in the URL), paged and sorted on the server.
 */
export default async function OffersPage({ params, searchParams }: Props) {
  const { organisationId } = await params;
  const gate = await gatePage(organisationId, "commerce.product.read", "commerce");
  if (gate.moduleOff) return <ModuleOff organisationId={organisationId} module="commerce" />;
  const { access } = gate;
  const [state, filters] = await Promise.all([loadTable(searchParams), loadFilters(searchParams)]);
  const [t, tk, ts, format, { rows, total, page }] = await Promise.all([
    getTranslations("offers.list"),
    getTranslations("offers.kinds"),
    getTranslations("offers.states"),
    getFormatter(),
    listOffers(access.claims, access.organisation.id, { ...state, state: filters.state }),
  ]);
  const base = organisationPath(access.organisation.id, "/commerce/offer");
  const createLink = access.can("commerce.offer.write") ? (
    <Link href={`${base}/create`} className={buttonVariants({ variant: "primary" })}>
      <Icon name="plus" aria-hidden className="size-4" />
      {t("create")}
    </Link>
  ) : null;
  const kept = {
    sort: state.sort === offersTable.defaultSort ? null : state.sort,
    dir: state.dir === offersTable.defaultDir ? null : state.dir,
    size: state.size === offersTable.defaultPageSize ? null : String(state.size),
  };
  const when = (date: Date) =>
    format.dateTime(date, {
      dateStyle: "medium",
      timeStyle: "short",
      timeZone: access.organisation.timeZone,
    });
  return (
    <>
      <PageHeader title={t("title")} description={t("intro")} actions={createLink} />
      <form
        role="search"
        aria-label={t("filters")}
        method="get"
        action={base}
        className="mb-4 flex flex-col gap-3 sm:flex-row sm:items-end"
      >
        <div className="flex min-w-0 flex-col gap-1.5 sm:w-64">
          <label htmlFor="offer-state" className="text-sm font-medium">
            {t("state")}
          </label>
          <select
            id="offer-state"
            name="state"
            defaultValue={filters.state ?? ""}
            className={cn(fieldControlClass, "h-10")}
          >
            <option value="">{t("anyState")}</option>
            {offerStates.map((s) => (
              <option key={s} value={s}>
                {ts(s)}
              </option>
            ))}
          </select>
        </div>
        {Object.entries(kept).map(([name, value]) =>
          value ? <input key={name} type="hidden" name={name} value={value} /> : null,
        )}
        <div className="flex gap-2">
          <button type="submit" className={buttonVariants({ variant: "outline" })}>
            {t("apply")}
          </button>
          {filters.state ? (
            <Link href={base} className={buttonVariants({ variant: "ghost" })}>
              {t("clear")}
            </Link>
          ) : null}
        </div>
      </form>
      <DataTable
        caption={t("listLabel")}
        captionHidden
        config={offersTable}
        state={{ ...state, page }}
        total={total}
        columns={[
          { id: "title", header: t("columnTitle"), sortKey: "title" },
          { id: "product", header: t("columnProduct") },
          { id: "deal", header: t("columnDeal") },
          { id: "state", header: t("columnState") },
          { id: "starts", header: t("columnStarts"), sortKey: "starts", align: "end" },
          { id: "ends", header: t("columnEnds"), sortKey: "ends", align: "end" },
          { id: "used", header: t("columnUsed"), align: "end" },
        ]}
        rows={rows.map((row) => ({
          id: row.id,
          cells: {
            title: (
              <Link
                href={`${base}/${row.id}`}
                className="font-medium text-primary-text underline-offset-4 hover:underline"
              >
                {row.title}
              </Link>
            ),
            product: (
              <span className="flex flex-col">
                <span>{row.listingTitle}</span>
                {row.listingStatus === "published" ? null : (
                  <span className="text-xs text-muted-foreground">{t("notPublished")}</span>
                )}
              </span>
            ),
            deal:
              row.kind === "percentage"
                ? t("percentOff", { percent: row.value })
                : `${tk("fixed_price")}: ${format.number(minorToAmount(row.value, row.currency), {
                    style: "currency",
                    currency: row.currency,
                  })}`,
            state: <OfferStateBadge state={row.state} />,
            starts: when(row.startsAt),
            ends: when(row.endedAt ?? row.endsAt),
            used:
              row.usageLimit === null
                ? t("unlimited", { used: format.number(row.used) })
                : t("usedOf", {
                    used: format.number(row.used),
                    limit: format.number(row.usageLimit),
                  }),
          },
        }))}
        empty={
          filters.state ? (
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
