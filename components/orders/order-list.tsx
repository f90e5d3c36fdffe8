import Link from "next/link";
import { getFormatter, getLocale, getTranslations } from "next-intl/server";
import { PageLinks } from "@/components/ui/page-links";
import { formatMoney } from "@/lib/i18n/format";
import { orderStatuses } from "@/lib/orders/order-types";
import type { OrderPage } from "@/lib/orders/queries";
import { OrderStates } from "./order-states";

/**
 * A page of orders with the status filter (links, so it works without JavaScript) and the
 * pages: the buyer's list and the seller's use it with their own paths.
 */
export async function OrderList({
  page,
  status,
  basePath,
  showBuyer,
}: {
  page: OrderPage;
  status: string | null;
  basePath: string;
  /** The seller's list names the buyer; the buyer's names the shop. */
  showBuyer: boolean;
}) {
  const [t, locale, format] = await Promise.all([
    getTranslations("orders"),
    getLocale(),
    getFormatter(),
  ]);
  const href = (next: { status?: string | null; page?: number }) => {
    const query = new URLSearchParams();
    const s = next.status === undefined ? status : next.status;
    if (s) query.set("status", s);
    if (next.page && next.page > 1) query.set("page", String(next.page));
    const text = query.toString();
    return text ? `${basePath}?${text}` : basePath;
  };
  return (
    <div className="flex flex-col gap-4">
      <nav aria-label={t("filterLabel")} className="flex flex-wrap gap-2">
        {[null, ...orderStatuses].map((value) => (
          <Link
            key={value ?? "all"}
            href={href({ status: value, page: 1 })}
            aria-current={value === status ? "page" : undefined}
            className="rounded-full border border-border px-3 py-1 text-sm aria-[current=page]:bg-primary aria-[current=page]:text-primary-foreground"
          >
            {value ? t(`status.${value}`) : t("all")}
          </Link>
        ))}
      </nav>
      {page.items.length === 0 ? (
        <p className="text-muted-foreground">{status ? t("empty") : t("emptyAll")}</p>
      ) : (
        <ul className="flex flex-col gap-3" data-testid="order-list">
          {page.items.map(({ order, itemCount }) => (
            <li
              key={order.id}
              className="rounded-card border border-border p-4"
              data-testid="order-item"
            >
              <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
                <h2 className="font-semibold">
                  <Link href={`${basePath}/${order.id}`} className="hover:underline">
                    {t("reference", { reference: order.reference })}
                  </Link>
                </h2>
                <p className="font-semibold">
                  <span className="sr-only">{t("totalLabel")}: </span>
                  {formatMoney(order.totalMinor, { currency: order.currency, locale })}
                </p>
              </div>
              <p className="text-sm text-muted-foreground">
                {showBuyer ? order.contact.name : order.sellerName} ·{" "}
                {t("placedOn", { date: format.dateTime(order.placedAt, { dateStyle: "medium" }) })}{" "}
                · {t("items", { count: itemCount })}
              </p>
              <div className="mt-2">
                <OrderStates order={order} />
              </div>
            </li>
          ))}
        </ul>
      )}
      <PageLinks
        page={page.page}
        pages={page.pageCount}
        href={(n) => href({ page: n })}
        labels={{
          navigation: t("pagination.navigation"),
          previous: t("pagination.previous"),
          next: t("pagination.next"),
          position: t("pagination.position", { page: page.page, pages: page.pageCount }),
        }}
      />
    </div>
  );
}
