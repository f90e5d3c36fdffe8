import type { Metadata } from "next";
import Link from "next/link";
import { getFormatter, getTranslations } from "next-intl/server";
import { createLoader, parseAsStringLiteral, type SearchParams } from "nuqs/server";
import { OfferStateBadge } from "@/components/backoffice/commerce/offer-state-badge";
import { ListFilterForm } from "@/components/backoffice/list-filter-form";
import { ModuleOff } from "@/components/backoffice/module-off";
import { PageHeader } from "@/components/backoffice/page-header";
import { buttonVariants } from "@/components/ui/button";
import { DataTable } from "@/components/ui/data-table/data-table";
import { createDataTableLoader } from "@/components/ui/data-table/params";
import { EmptyState } from "@/components/ui/empty-state";
import { Icon } from "@/components/ui/icon";
import { gatePage } from "@/lib/backoffice/doors";
import { organisationPath } from "@/lib/backoffice/navigation";
import { offerStates, offersTable } from "@/lib/commerce/list-params";
import { minorToAmount } from "@/lib/commerce/money";
import { listOffers } from "@/lib/commerce/offers";

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
      <ListFilterForm
        action={base}
        label={t("filters")}
        field={{ id: "offer-state", name: "state", label: t("state") }}
        value={filters.state}
        options={offerStates.map((value) => ({ value, label: ts(value) }))}
        kept={kept}
        texts={{ any: t("anyState"), apply: t("apply"), clear: t("clear") }}
      />
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
