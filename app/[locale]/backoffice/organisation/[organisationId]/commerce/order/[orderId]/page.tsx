import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { getFormatter, getLocale, getTranslations } from "next-intl/server";
import { OrderSummary } from "@/components/checkout/order-summary";
import { ModuleOff } from "@/components/backoffice/module-off";
import { PageHeader } from "@/components/backoffice/page-header";
import { OrderDocuments } from "@/components/orders/order-documents";
import { OrderFacts } from "@/components/orders/order-facts";
import { OrderStates } from "@/components/orders/order-states";
import { OrderTimeline } from "@/components/orders/order-timeline";
import { SellerOrderActions } from "@/components/orders/seller-order-actions";
import { buttonVariants } from "@/components/ui/button";
import { gatePage } from "@/lib/backoffice/doors";
import { organisationPath } from "@/lib/backoffice/navigation";
import { isUuid } from "@/lib/organisations/access";
import { getSellerOrder } from "@/lib/orders/queries";

type Props = {
  params: Promise<{ organisationId: string; orderId: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("orders.seller");
  return { title: t("metaTitle") };
}

/**
 * commerce/order/{orderId}: one order for the seller: states, lines, buyer and delivery,
 * timeline and refunds; the next fulfilment step, cancel and refund for who may.
 */
export default async function SellerOrderPage({ params, searchParams }: Props) {
  const { organisationId, orderId } = await params;
  const gate = await gatePage(organisationId, "commerce.order.read", "commerce");
  if (gate.moduleOff) return <ModuleOff organisationId={organisationId} module="commerce" />;
  const { access } = gate;
  const detail = isUuid(orderId)
    ? await getSellerOrder(access.claims, access.organisation.id, orderId)
    : null;
  if (!detail) notFound();
  const { order } = detail;
  const [t, ts, te, format, locale, query] = await Promise.all([
    getTranslations("orders"),
    getTranslations("orders.seller"),
    getTranslations("backoffice.errors"),
    getFormatter(),
    getLocale(),
    searchParams,
  ]);
  const error =
    typeof query.error === "string"
      ? te.has(query.error as "notFound")
        ? te(query.error as "notFound")
        : te("orderState")
      : null;
  const listPath = organisationPath(access.organisation.id, "/commerce/order");
  return (
    <>
      <PageHeader
        title={ts("detailTitle", { reference: order.reference })}
        description={t("placedOn", {
          date: format.dateTime(order.placedAt, {
            dateStyle: "long",
            timeStyle: "short",
            timeZone: access.organisation.timeZone,
          }),
        })}
        actions={
          <Link href={listPath} className={buttonVariants({ variant: "ghost", size: "sm" })}>
            {ts("back")}
          </Link>
        }
      />
      <div className="flex max-w-3xl flex-col gap-6">
        <OrderStates order={order} />
        {query.done ? (
          <p
            role="status"
            className="rounded-card border border-border p-3"
            data-testid="order-notice"
          >
            {ts("done")}
          </p>
        ) : null}
        {error ? (
          <p role="alert" className="rounded-card border border-border p-3 font-medium text-danger">
            {error}
          </p>
        ) : null}
        {detail.events.some((event) => event.kind === "refund_requested" && event.detail.reason) ? (
          <p className="rounded-card border border-border p-3 text-sm">{ts("buyerAsked")}</p>
        ) : null}
        <SellerOrderActions
          detail={detail}
          organisationId={access.organisation.id}
          can={{
            write: access.can("commerce.order.write"),
            refund: access.can("payment.refund.write"),
            restock: access.can("commerce.product.write"),
          }}
          locale={locale}
        />
        <OrderSummary
          heading={t("detail.lines")}
          lines={detail.lines.map((line) => ({
            key: line.id,
            title: line.title,
            optionLabel: line.optionLabel,
            quantity: line.quantity,
            unitPriceMinor: line.unitPriceMinor,
            taxRateBasisPoints: line.taxRateBasisPoints,
            totalMinor: line.totalMinor,
          }))}
          totals={order}
          currency={order.currency}
          pricesIncludeTax={order.pricesIncludeTax}
        />
        <OrderFacts order={order} />
        <OrderDocuments
          documents={detail.invoices}
          pageHref={null}
          pdfHref={(id) => `/api/organisations/${access.organisation.id}/invoices/${id}/pdf`}
        />
        <OrderTimeline detail={detail} />
      </div>
    </>
  );
}
