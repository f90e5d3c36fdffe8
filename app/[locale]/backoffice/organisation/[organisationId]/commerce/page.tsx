import type { Metadata } from "next";
import Link from "next/link";
import { getFormatter, getTranslations } from "next-intl/server";
import { ProductStatusBadge } from "@/components/backoffice/commerce/product-header";
import { ModuleOff } from "@/components/backoffice/module-off";
import { PageHeader } from "@/components/backoffice/page-header";
import { buttonVariants } from "@/components/ui/button";
import { Icon } from "@/components/ui/icon";
import { gatePage } from "@/lib/backoffice/doors";
import { organisationPath } from "@/lib/backoffice/navigation";
import { commerceOverview, LOW_STOCK } from "@/lib/commerce/products";

type Params = { params: Promise<{ organisationId: string }> };

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("commerce.overview");
  return { title: t("metaTitle") };
}

/** The commerce module's start: counts, the latest changes, drafts and low stock. */
export default async function CommercePage({ params }: Params) {
  const { organisationId } = await params;
  const gate = await gatePage(organisationId, "commerce.product.read", "commerce");
  if (gate.moduleOff) return <ModuleOff organisationId={organisationId} module="commerce" />;
  const { access } = gate;
  const [t, format, overview] = await Promise.all([
    getTranslations("commerce.overview"),
    getFormatter(),
    commerceOverview(access.claims, access.organisation.id),
  ]);
  const base = organisationPath(access.organisation.id, "/commerce");
  const when = (date: Date) =>
    format.dateTime(date, {
      dateStyle: "medium",
      timeStyle: "short",
      timeZone: access.organisation.timeZone,
    });
  const product = (id: string) => `${base}/product/${id}`;
  const stats = [
    {
      label: t("published"),
      value: overview.counts.published,
      href: `${base}/product?status=published`,
    },
    { label: t("drafts"), value: overview.counts.draft, href: `${base}/product?status=draft` },
    {
      label: t("archived"),
      value: overview.counts.archived,
      href: `${base}/product?status=archived`,
    },
    { label: t("brands"), value: overview.brands, href: `${base}/brand` },
  ];
  const linkClass = "font-medium text-primary-text underline-offset-4 hover:underline";
  return (
    <>
      <PageHeader
        title={t("title")}
        description={t("intro")}
        actions={
          <>
            <Link href={`${base}/product`} className={buttonVariants({ variant: "outline" })}>
              <Icon name="package" aria-hidden className="size-4" />
              {t("products")}
            </Link>
            <Link href={`${base}/brand`} className={buttonVariants({ variant: "outline" })}>
              <Icon name="tag" aria-hidden className="size-4" />
              {t("brands")}
            </Link>
            <Link href={`${base}/offer`} className={buttonVariants({ variant: "outline" })}>
              <Icon name="badge-percent" aria-hidden className="size-4" />
              {t("offers")}
            </Link>
            {access.can("commerce.order.read") ? (
              <Link href={`${base}/order`} className={buttonVariants({ variant: "outline" })}>
                <Icon name="shopping-cart" aria-hidden className="size-4" />
                {t("orders")}
              </Link>
            ) : null}
            <Link href={`${base}/discount`} className={buttonVariants({ variant: "outline" })}>
              <Icon name="badge-percent" aria-hidden className="size-4" />
              {t("discounts")}
            </Link>
            <Link href={`${base}/settings`} className={buttonVariants({ variant: "outline" })}>
              <Icon name="settings" aria-hidden className="size-4" />
              {t("settings")}
            </Link>
            {access.can("commerce.product.write") ? (
              <Link
                href={`${base}/product/create`}
                className={buttonVariants({ variant: "primary" })}
              >
                <Icon name="plus" aria-hidden className="size-4" />
                {t("newProduct")}
              </Link>
            ) : null}
          </>
        }
      />
      <ul className="mb-6 grid grid-cols-2 gap-3 lg:grid-cols-4">
        {stats.map((stat) => (
          <li key={stat.label}>
            <Link
              href={stat.href}
              className="flex flex-col rounded-card border border-border bg-surface p-4 hover:border-primary"
            >
              <span className="text-2xl font-semibold">{format.number(stat.value)}</span>
              <span className="text-sm text-muted-foreground">{stat.label}</span>
            </Link>
          </li>
        ))}
      </ul>
      <div className="grid gap-6 lg:grid-cols-3">
        <section aria-labelledby="commerce-recent" className="flex flex-col gap-2">
          <h2 id="commerce-recent" className="text-lg font-semibold">
            {t("recent")}
          </h2>
          {overview.recent.length === 0 ? (
            <p className="text-sm text-muted-foreground">{t("noProducts")}</p>
          ) : (
            <ul className="divide-y divide-border rounded-card border border-border">
              {overview.recent.map((row) => (
                <li key={row.id} className="flex flex-wrap items-center justify-between gap-2 p-3">
                  <Link href={product(row.id)} className={linkClass}>
                    {row.title}
                  </Link>
                  <span className="flex items-center gap-2 text-xs text-muted-foreground">
                    <ProductStatusBadge status={row.status} />
                    {when(row.updatedAt)}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </section>
        <section aria-labelledby="commerce-drafts" className="flex flex-col gap-2">
          <h2 id="commerce-drafts" className="text-lg font-semibold">
            {t("draftsTitle")}
          </h2>
          {overview.drafts.length === 0 ? (
            <p className="text-sm text-muted-foreground">{t("noDrafts")}</p>
          ) : (
            <ul className="divide-y divide-border rounded-card border border-border">
              {overview.drafts.map((row) => (
                <li key={row.id} className="flex flex-wrap items-center justify-between gap-2 p-3">
                  <Link href={product(row.id)} className={linkClass}>
                    {row.title}
                  </Link>
                  <span className="text-xs text-muted-foreground">{when(row.updatedAt)}</span>
                </li>
              ))}
            </ul>
          )}
        </section>
        <section aria-labelledby="commerce-low-stock" className="flex flex-col gap-2">
          <h2 id="commerce-low-stock" className="text-lg font-semibold">
            {t("lowStock", { max: LOW_STOCK })}
          </h2>
          {overview.lowStock.length === 0 ? (
            <p className="text-sm text-muted-foreground">{t("noLowStock")}</p>
          ) : (
            <ul className="divide-y divide-border rounded-card border border-border">
              {overview.lowStock.map((row, index) => (
                <li
                  key={`${row.id}-${index}`}
                  className="flex flex-wrap items-center justify-between gap-2 p-3"
                >
                  <span className="flex flex-col">
                    <Link href={`${product(row.id)}/variants`} className={linkClass}>
                      {row.title}
                    </Link>
                    {row.optionValues.length ? (
                      <span className="text-xs text-muted-foreground">
                        {row.optionValues.join(" / ")}
                      </span>
                    ) : null}
                  </span>
                  <span className={row.stock === 0 ? "text-sm text-danger" : "text-sm"}>
                    {t("units", { count: row.stock })}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>
    </>
  );
}
