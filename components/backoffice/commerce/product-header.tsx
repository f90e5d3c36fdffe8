import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { Badge, type BadgeVariant } from "@/components/ui/badge";
import { Icon } from "@/components/ui/icon";
import type { ListingStatus } from "@/lib/commerce/catalogue-types";
import { cn } from "@/lib/utils/cn";

export const productTabs = ["details", "variants", "attributes", "externalIdentification"] as const;
export type ProductTab = (typeof productTabs)[number];

const statusVariant: Record<ListingStatus, BadgeVariant> = {
  draft: "neutral",
  published: "primary",
  archived: "outline",
};

/** A status as a badge with its label (draft, published, archived). */
export async function ProductStatusBadge({ status }: { status: ListingStatus }) {
  const t = await getTranslations("commerce");
  return <Badge variant={statusVariant[status]}>{t(`statuses.${status}`)}</Badge>;
}

/**
 * The top of every screen of one product: back to the list, the title (the page's h1), its
 * status, and the tabs (details, variants, attributes, external identification) as links.
 */
export async function ProductHeader({
  title,
  status,
  productPath,
  listPath,
  current,
  actions,
}: {
  title: string;
  status: ListingStatus;
  /** `/backoffice/organisation/{id}/commerce/product/{productId}`. */
  productPath: string;
  listPath: string;
  current: ProductTab;
  actions?: React.ReactNode;
}) {
  const t = await getTranslations("commerce.product");
  const tabPath: Record<ProductTab, string> = {
    details: productPath,
    variants: `${productPath}/variants`,
    attributes: `${productPath}/attributes`,
    externalIdentification: `${productPath}/externalIdentification`,
  };
  return (
    <div className="mb-6 flex flex-col gap-4">
      <Link
        href={listPath}
        className="inline-flex w-fit items-center gap-2 text-sm text-primary-text underline-offset-4 hover:underline"
      >
        <Icon name="arrow-left" className="size-4" />
        {t("backToList")}
      </Link>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="flex min-w-0 flex-wrap items-center gap-3">
          <h1 className="text-2xl font-semibold break-words">{title}</h1>
          <ProductStatusBadge status={status} />
        </div>
        {actions}
      </div>
      <nav aria-label={t("tabsLabel")}>
        <ul className="flex flex-wrap gap-1 border-b border-border">
          {productTabs.map((tab) => (
            <li key={tab}>
              <Link
                href={tabPath[tab]}
                aria-current={tab === current ? "page" : undefined}
                className={cn(
                  "-mb-px inline-flex min-h-10 items-center border-b-2 px-3 text-sm font-medium",
                  tab === current
                    ? "border-primary text-primary-text"
                    : "border-transparent text-muted-foreground hover:text-foreground",
                )}
              >
                {t(`tabs.${tab}`)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </div>
  );
}
