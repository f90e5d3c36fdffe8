import type { Metadata } from "next";
import Link from "next/link";
import { notFound, redirect } from "next/navigation";
import { connection } from "next/server";
import { cache } from "react";
import { getFormatter, getLocale, getTranslations } from "next-intl/server";
import { HoldCountdown } from "@/components/cart/hold-countdown";
import { OrderSummary } from "@/components/checkout/order-summary";
import { SandboxCardForm } from "@/components/checkout/sandbox-card-form";
import { StripePaymentForm } from "@/components/checkout/stripe-payment-form";
import { ScopedMessages } from "@/components/layout/scoped-messages";
import { getCurrentClaims } from "@/lib/auth/server/session";
import { actionErrorTexts } from "@/lib/cart/cart-error-texts";
import { formatMoney } from "@/lib/i18n/format";
import { isUuid } from "@/lib/organisations/access";
import { ensureOrderPayment, isPayable } from "@/lib/orders/pay";
import { getMyOrder } from "@/lib/orders/queries";
import { reconcileOrder } from "@/lib/orders/upkeep";
import { getPaymentProvider } from "@/lib/payments/get-provider";

type Props = {
  params: Promise<{ orderId: string }>;
  searchParams: Promise<{ redirect_status?: string }>;
};

const load = cache(async (orderId: string) => {
  await connection(); // a person's page: rendered per request
  const claims = await getCurrentClaims();
  if (!claims || !isUuid(orderId)) notFound();
  let detail = await getMyOrder(claims, orderId);
  if (!detail) notFound();
  // Back from the provider before its event: ask it (the same confirmation as the event).
  if (detail.order.status === "pending" && detail.order.paymentId) {
    await reconcileOrder(detail.order);
    detail = (await getMyOrder(claims, orderId)) ?? detail;
  }
  return { claims, detail };
});

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { detail } = await load((await params).orderId);
  const t = await getTranslations("checkout");
  return {
    title: t("meta.payTitle", { reference: detail.order.reference }),
    robots: { index: false },
  };
}

/**
 * /commerce/checkout/{orderId} (not in the spec's routes): paying a placed order while its
 * hold lasts: the sandbox's card form or Stripe's Payment Element. A paid order goes to its
 * page in the profile; anyone else's order, or none, is a 404.
 */
export default async function PayRoute({ params, searchParams }: Props) {
  const [{ orderId }, query] = await Promise.all([params, searchParams]);
  const { claims, detail } = await load(orderId);
  const { order } = detail;
  if (order.paymentStatus === "paid") redirect(`/profile/order/${order.id}?paid=1`);
  const [t, tc, locale, format, errors] = await Promise.all([
    getTranslations("checkout.pay"),
    getTranslations("checkout"),
    getLocale(),
    getFormatter(),
    actionErrorTexts(["orderNotPayable", "notFound", "rateLimited"]),
  ]);
  const payable = isPayable(order);
  const { payment } = payable ? await ensureOrderPayment(claims, order.id) : { payment: null };
  const amount = t("submit", {
    amount: formatMoney(order.totalMinor, { currency: order.currency, locale }),
  });
  const config = getPaymentProvider().publicConfig();
  const until = format.dateTime(order.holdExpiresAt, { timeStyle: "short" });
  return (
    <ScopedMessages scope="checkout">
      <div className="mx-auto grid w-full max-w-5xl gap-8 px-4 py-6 sm:px-6 md:grid-cols-[1fr_22rem] md:py-10">
        <div className="flex min-w-0 flex-col gap-5">
          <h1 className="text-2xl font-bold tracking-tight break-words sm:text-3xl">
            {t("heading", { reference: order.reference })}
          </h1>
          {payable && payment ? (
            <>
              <p>{t("intro", { shop: order.sellerName, until })}</p>
              <HoldCountdown
                endsAt={order.holdExpiresAt.toISOString()}
                untilText={t("intro", { shop: order.sellerName, until })}
                forTemplate={t("holdLeft", { time: "{time}" })}
              />
              {config.provider === "stripe" && config.publishableKey && payment.clientSecret ? (
                <StripePaymentForm
                  publishableKey={config.publishableKey}
                  clientSecret={payment.clientSecret}
                  returnUrl={`/commerce/checkout/${order.id}`}
                  amount={amount}
                />
              ) : (
                <SandboxCardForm
                  orderId={order.id}
                  amount={amount}
                  errors={errors}
                  initialFailure={
                    query.redirect_status === "failed"
                      ? "payment_intent_authentication_failure"
                      : null
                  }
                />
              )}
            </>
          ) : (
            <p className="rounded-card border border-border p-3" data-testid="not-payable">
              {order.status === "cancelled" ? t("cancelled") : t("expired")}
            </p>
          )}
          <Link
            href={`/profile/order/${order.id}`}
            className="text-sm text-primary-text underline underline-offset-4"
          >
            {t("viewOrder")}
          </Link>
        </div>
        <aside className="h-fit rounded-card border border-border p-4">
          <OrderSummary
            heading={tc("summary")}
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
        </aside>
      </div>
    </ScopedMessages>
  );
}
