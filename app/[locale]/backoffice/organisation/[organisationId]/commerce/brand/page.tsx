import type { Metadata } from "next";
import Link from "next/link";
import { getFormatter, getTranslations } from "next-intl/server";
import { createLoader, type SearchParams } from "nuqs/server";
import { parseAsSearchText } from "@/lib/validation/url-values";
import { ModuleOff } from "@/components/backoffice/module-off";
import { PageHeader } from "@/components/backoffice/page-header";
import { buttonVariants } from "@/components/ui/button";
import { DataTable } from "@/components/ui/data-table/data-table";
import { createDataTableLoader } from "@/components/ui/data-table/params";
import { EmptyState } from "@/components/ui/empty-state";
import { Icon } from "@/components/ui/icon";
import { Input } from "@/components/ui/input";
import { gatePage } from "@/lib/backoffice/doors";
import { organisationPath } from "@/lib/backoffice/navigation";
import { listBrands } from "@/lib/commerce/brands";
import { brandsTable } from "@/lib/commerce/list-params";
import { catalogueLimits } from "@/lib/commerce/product-schema";

type Props = {
  params: Promise<{ organisationId: string }>;
  searchParams: Promise<SearchParams>;
};

const loadTable = createDataTableLoader(brandsTable);
const loadSearch = createLoader({ q: parseAsSearchText });

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("brands.list");
  return { title: t("metaTitle") };
}

/** "example.com/shop" for "https://www.example.com/shop/": what the website column shows. */
function shortUrl(url: string): string {
  return url.replace(/^https?:\/\/(?:www\.)?/i, "").replace(/\/$/, "");
}

/**
 * The organisation's brands: searched by name with a plain GET form (works without
 * JavaScript; the table's sort and size stay), paged and sorted on the server.
 */
export default async function BrandsPage({ params, searchParams }: Props) {
  const { organisationId } = await params;
  const gate = await gatePage(organisationId, "commerce.product.read", "commerce");
  if (gate.moduleOff) return <ModuleOff organisationId={organisationId} module="commerce" />;
  const { access } = gate;
  const [state, search] = await Promise.all([loadTable(searchParams), loadSearch(searchParams)]);
  const q = search.q.trim().slice(0, catalogueLimits.brandName.max);
  const [t, format, { rows, total, page }] = await Promise.all([
    getTranslations("brands.list"),
    getFormatter(),
    listBrands(access.claims, access.organisation.id, { ...state, q }),
  ]);
  const base = organisationPath(access.organisation.id, "/commerce/brand");
  const createLink = access.can("commerce.brand.write") ? (
    <Link href={`${base}/create`} className={buttonVariants({ variant: "primary" })}>
      <Icon name="plus" aria-hidden className="size-4" />
      {t("create")}
    </Link>
  ) : null;
  const kept = {
    sort: state.sort === brandsTable.defaultSort ? null : state.sort,
    dir: state.dir === brandsTable.defaultDir ? null : state.dir,
    size: state.size === brandsTable.defaultPageSize ? null : String(state.size),
  };
  return (
    <>
      <PageHeader title={t("title")} description={t("intro")} actions={createLink} />
      <form
        role="search"
        aria-label={t("searchLabel")}
        method="get"
        action={base}
        className="mb-4 flex flex-col gap-3 sm:flex-row sm:items-end"
      >
        <div className="flex min-w-0 flex-col gap-1.5 sm:w-96">
          <label htmlFor="brand-q" className="text-sm font-medium">
            {t("search")}
          </label>
          <Input
            id="brand-q"
            type="search"
            name="q"
            defaultValue={q}
            maxLength={catalogueLimits.brandName.max}
            autoComplete="off"
          />
        </div>
        {Object.entries(kept).map(([name, value]) =>
          value ? <input key={name} type="hidden" name={name} value={value} /> : null,
        )}
        <div className="flex gap-2">
          <button type="submit" className={buttonVariants({ variant: "outline" })}>
            {t("searchSubmit")}
          </button>
          {q ? (
            <Link href={base} className={buttonVariants({ variant: "ghost" })}>
              {t("clear")}
            </Link>
          ) : null}
        </div>
      </form>
      <DataTable
        caption={q ? t("resultsLabel", { q }) : t("listLabel")}
        captionHidden
        config={brandsTable}
        state={{ ...state, page }}
        total={total}
        columns={[
          { id: "name", header: t("columnName"), sortKey: "name" },
          { id: "website", header: t("columnWebsite") },
          { id: "products", header: t("columnProducts"), align: "end" },
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
            website: row.website ? (
              <a
                href={row.website}
                target="_blank"
                rel="noopener noreferrer"
                className="inline-flex items-center gap-1 whitespace-nowrap text-primary-text underline-offset-4 hover:underline"
              >
                {shortUrl(row.website)}
                <Icon name="external-link" aria-hidden className="size-3.5 shrink-0" />
                <span className="sr-only">{t("newTab")}</span>
              </a>
            ) : (
              <span className="text-muted-foreground">{t("noWebsite")}</span>
            ),
            products: format.number(row.products),
            updated: format.dateTime(row.updatedAt, {
              dateStyle: "medium",
              timeStyle: "short",
              timeZone: access.organisation.timeZone,
            }),
          },
        }))}
        empty={
          q ? (
            <EmptyState
              title={t("noMatchTitle", { q })}
              description={t("noMatchBody")}
              headingLevel="h2"
            />
          ) : (
            <EmptyState
              title={t("emptyTitle")}
              description={t("emptyBody")}
              icon={<Icon name="tag" />}
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
