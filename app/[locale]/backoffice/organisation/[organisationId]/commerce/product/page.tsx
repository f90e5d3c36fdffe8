import type { Metadata } from "next";
import Link from "next/link";
import { getFormatter, getTranslations } from "next-intl/server";
import { createLoader, parseAsStringLiteral, type SearchParams } from "nuqs/server";
import { parseAsSearchText } from "@/lib/validation/url-values";
import { BulkStatusForm, bulkFormId } from "@/components/backoffice/commerce/bulk-status-form";
import { ImportProductsDialog } from "@/components/backoffice/commerce/import-products-dialog";
import { ProductStatusBadge } from "@/components/backoffice/commerce/product-header";
import { ModuleOff } from "@/components/backoffice/module-off";
import { PageHeader } from "@/components/backoffice/page-header";
import { ScreenMessages } from "@/components/backoffice/screen-messages-provider";
import { buttonVariants } from "@/components/ui/button";
import { DataTable } from "@/components/ui/data-table/data-table";
import { createDataTableLoader } from "@/components/ui/data-table/params";
import { EmptyState } from "@/components/ui/empty-state";
import { Icon } from "@/components/ui/icon";
import { fieldControlClass, Input } from "@/components/ui/input";
import { gatePage } from "@/lib/backoffice/doors";
import { organisationPath } from "@/lib/backoffice/navigation";
import { listingStatuses, productCategories } from "@/lib/commerce/catalogue-types";
import { productsTable } from "@/lib/commerce/list-params";
import { minorToAmount } from "@/lib/commerce/money";
import { listProducts } from "@/lib/commerce/products";
import { cn } from "@/lib/utils/cn";
import { setProductStatusAction } from "./actions";

type Props = {
  params: Promise<{ organisationId: string }>;
  searchParams: Promise<SearchParams>;
};

const loadTable = createDataTableLoader(productsTable);
const loadFilters = createLoader({
  q: parseAsSearchText,
  status: parseAsStringLiteral(listingStatuses),
  category: parseAsStringLiteral(productCategories),
});

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("commerce.products");
  return { title: t("metaTitle") };
}

/**
 * The organisation's products: searched and filtered by a plain GET form, paged and sorted on
 * the server, with a bulk status change over the ticked rows.
 */
export default async function ProductsPage({ params, searchParams }: Props) {
  const { organisationId } = await params;
  const gate = await gatePage(organisationId, "commerce.product.read", "commerce");
  if (gate.moduleOff) return <ModuleOff organisationId={organisationId} module="commerce" />;
  const { access } = gate;
  const [state, filters] = await Promise.all([loadTable(searchParams), loadFilters(searchParams)]);
  const [t, ti, tc, ts, format, { rows, total, page }] = await Promise.all([
    getTranslations("commerce.products"),
    getTranslations("commerce.import"),
    getTranslations("commerce.categories"),
    getTranslations("commerce.statuses"),
    getFormatter(),
    listProducts(access.claims, access.organisation.id, { ...state, ...filters }),
  ]);
  const base = organisationPath(access.organisation.id, "/commerce/product");
  const canWrite = access.can("commerce.product.write");
  const filtered = filters.q !== "" || filters.status !== null || filters.category !== null;
  const selectClass = cn(fieldControlClass, "h-10");
  return (
    <ScreenMessages scope="products">
      <PageHeader
        title={t("title")}
        description={t("intro")}
        actions={
          <>
            {/* A plain download: works without JavaScript (the route answers an attachment). */}
            <a
              href={`/api/organisations/${access.organisation.id}/products/export`}
              download
              className={buttonVariants({ variant: "outline" })}
            >
              <Icon name="download" aria-hidden className="size-4" />
              {ti("export")}
            </a>
            {canWrite ? (
              <>
                <ImportProductsDialog organisationId={access.organisation.id} />
                <Link href={`${base}/create`} className={buttonVariants({ variant: "primary" })}>
                  <Icon name="plus" aria-hidden className="size-4" />
                  {t("create")}
                </Link>
              </>
            ) : null}
          </>
        }
      />
      <form
        role="search"
        aria-label={t("filters")}
        method="get"
        className="mb-4 grid gap-3 sm:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_minmax(0,1fr)_auto] sm:items-end"
      >
        <div className="flex flex-col gap-1.5">
          <label htmlFor="product-q" className="text-sm font-medium">
            {t("search")}
          </label>
          <Input
            id="product-q"
            type="search"
            name="q"
            defaultValue={filters.q}
            autoComplete="off"
          />
        </div>
        <div className="flex flex-col gap-1.5">
          <label htmlFor="product-status" className="text-sm font-medium">
            {t("status")}
          </label>
          <select
            id="product-status"
            name="status"
            defaultValue={filters.status ?? ""}
            className={selectClass}
          >
            <option value="">{t("anyStatus")}</option>
            {listingStatuses.map((status) => (
              <option key={status} value={status}>
                {ts(status)}
              </option>
            ))}
          </select>
        </div>
        <div className="flex flex-col gap-1.5">
          <label htmlFor="product-category" className="text-sm font-medium">
            {t("category")}
          </label>
          <select
            id="product-category"
            name="category"
            defaultValue={filters.category ?? ""}
            className={selectClass}
          >
            <option value="">{t("anyCategory")}</option>
            {productCategories.map((category) => (
              <option key={category} value={category}>
                {tc(category)}
              </option>
            ))}
          </select>
        </div>
        <div className="flex gap-2">
          <button type="submit" className={buttonVariants({ variant: "outline" })}>
            {t("apply")}
          </button>
          {filtered ? (
            <Link href={base} className={buttonVariants({ variant: "ghost" })}>
              {t("clear")}
            </Link>
          ) : null}
        </div>
      </form>
      {canWrite && rows.length > 0 ? (
        <BulkStatusForm
          organisationId={access.organisation.id}
          action={setProductStatusAction}
          canPublish={access.can("commerce.product.publish")}
        />
      ) : null}
      <DataTable
        caption={t("listLabel")}
        captionHidden
        config={productsTable}
        state={{ ...state, page }}
        total={total}
        columns={[
          ...(canWrite ? [{ id: "select", header: t("select") }] : []),
          { id: "title", header: t("columnTitle"), sortKey: "title" },
          { id: "status", header: t("columnStatus") },
          { id: "category", header: t("columnCategory") },
          { id: "price", header: t("columnPrice"), sortKey: "price", align: "end" },
          { id: "stock", header: t("columnStock"), sortKey: "stock", align: "end" },
          { id: "updated", header: t("columnUpdated"), sortKey: "updated", align: "end" },
        ]}
        rows={rows.map((row) => ({
          id: row.id,
          cells: {
            select: (
              <input
                type="checkbox"
                name="productIds"
                value={row.id}
                form={bulkFormId}
                aria-label={t("selectRow", { title: row.title })}
                className="size-4"
              />
            ),
            title: (
              <span className="flex flex-col">
                <Link
                  href={`${base}/${row.id}`}
                  className="font-medium text-primary-text underline-offset-4 hover:underline"
                >
                  {row.title}
                </Link>
                {row.brandName ? (
                  <span className="text-xs text-muted-foreground">{row.brandName}</span>
                ) : null}
              </span>
            ),
            status: <ProductStatusBadge status={row.status} />,
            category: tc(row.category),
            price:
              row.priceFromMinor === null
                ? "—"
                : t(row.variants > 1 ? "priceFrom" : "price", {
                    price: format.number(minorToAmount(row.priceFromMinor, row.currency), {
                      style: "currency",
                      currency: row.currency,
                    }),
                  }),
            stock: row.stock === null ? t("notTracked") : row.stock,
            updated: format.dateTime(row.updatedAt, {
              dateStyle: "medium",
              timeStyle: "short",
              timeZone: access.organisation.timeZone,
            }),
          },
        }))}
        empty={
          <EmptyState
            title={filtered ? t("noMatchTitle") : t("emptyTitle")}
            description={filtered ? t("noMatchBody") : t("emptyBody")}
            headingLevel="h2"
          />
        }
      />
    </ScreenMessages>
  );
}
