import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { Badge } from "@/components/ui/badge";
import { EmptyState } from "@/components/ui/empty-state";
import { PageLinks } from "@/components/ui/page-links";
import type { Locale } from "@/lib/i18n/config";
import { formatIssueDate, formatMoney } from "@/lib/invoices/format";
import type { InvoicePage } from "@/lib/invoices/invoices";

/**
 * The buyer's documents as cards (a table of five columns does not fit 360 px): number (the
 * link), kind, date, shop and total; server-side pages as plain links.
 */
export async function InvoiceList({ list, locale }: { list: InvoicePage; locale: Locale }) {
  const t = await getTranslations("invoices");
  if (list.items.length === 0) {
    return <EmptyState title={t("empty.title")} description={t("empty.body")} />;
  }
  return (
    <div>
      <ul className="flex flex-col gap-4" aria-label={t("listLabel")}>
        {list.items.map((item) => {
          const headingId = `invoice-${item.id}`;
          return (
            <li
              key={item.id}
              aria-labelledby={headingId}
              data-testid="invoice-card"
              className="flex flex-col gap-3 rounded-card border border-border bg-surface p-4"
            >
              <div className="flex flex-wrap items-center gap-2">
                <h2 id={headingId} className="font-semibold break-all">
                  <Link
                    href={`/profile/invoice/${item.id}`}
                    className="text-primary-text underline underline-offset-4 hover:no-underline"
                    aria-label={t("open", { number: item.number })}
                  >
                    {item.number}
                  </Link>
                </h2>
                <Badge variant={item.kind === "invoice" ? "neutral" : "secondary"}>
                  {t(`kinds.${item.kind}`)}
                </Badge>
              </div>
              <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
                <dt className="text-muted-foreground">{t("columns.date")}</dt>
                <dd>{formatIssueDate(locale, item.issuedAt, item.timeZone)}</dd>
                <dt className="text-muted-foreground">{t("columns.shop")}</dt>
                <dd className="break-words">{item.shop}</dd>
                <dt className="text-muted-foreground">{t("columns.total")}</dt>
                <dd className="font-semibold">
                  {formatMoney(locale, item.totalMinor, item.currency)}
                </dd>
              </dl>
            </li>
          );
        })}
      </ul>
      <PageLinks
        page={list.page}
        pages={list.pages}
        href={(page) => `/profile/invoice?page=${page}`}
        labels={{
          navigation: t("pagination.label"),
          previous: t("pagination.previous"),
          next: t("pagination.next"),
          position: t("pagination.status", { page: list.page, pages: list.pages }),
        }}
      />
    </div>
  );
}
