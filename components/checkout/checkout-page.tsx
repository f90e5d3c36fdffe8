import Link from "next/link";
import { getLocale, getTranslations } from "next-intl/server";
import { GuestNote } from "@/components/cart/guest-note";
import type { AddressDto } from "@/lib/addresses/address-schema";
import { formatAddressLines } from "@/lib/addresses/addresses";
import { actionErrorTexts } from "@/lib/cart/cart-error-texts";
import { formatMoney } from "@/lib/i18n/format";
import type { CheckoutView } from "@/lib/orders/checkout-view";
import { CheckoutForm } from "./checkout-form";
import { OrderSummary, type SummaryLine } from "./order-summary";

const checkoutErrors = [
  "accountRequired",
  "priceChanged",
  "cartEmpty",
  "deliveryUnavailable",
  "discountInvalid",
  "outOfStock",
  "notEnoughStock",
  "unavailable",
  "notFound",
  "rateLimited",
] as const;

/** /commerce/cart/{cartId}/checkout: the order's summary and the checkout form. */
export async function CheckoutPage({
  view,
  guest,
  contact,
  addresses,
}: {
  view: CheckoutView;
  guest: boolean;
  contact: { name: string; email: string; phone: string };
  addresses: AddressDto[];
}) {
  const [t, locale, errors] = await Promise.all([
    getTranslations("checkout"),
    getLocale(),
    actionErrorTexts(checkoutErrors),
  ]);
  const { cart, priced, options, choice } = view;
  const money = (minor: number) => formatMoney(minor, { currency: cart.currency, locale });
  const pricedLines =
    "problem" in priced ? new Map() : new Map(priced.lines.map((l) => [l.key, l]));
  const lines: SummaryLine[] = cart.lines.map((line) => ({
    key: line.lineId,
    title: line.unit?.title ?? "",
    optionLabel: line.unit?.optionLabel ?? "",
    quantity: line.quantity,
    unitPriceMinor: line.unit?.unitPriceMinor ?? 0,
    taxRateBasisPoints: pricedLines.get(line.lineId)?.taxRateBasisPoints ?? 0,
    totalMinor: pricedLines.get(line.lineId)?.totalMinor ?? 0,
    problem: line.unit ? undefined : t("unavailableLine"),
  }));
  const back = `/commerce/cart/${cart.id}`;
  const problem = "problem" in priced ? errors[priced.problem] : null;
  return (
    <div className="mx-auto grid w-full max-w-5xl gap-8 px-4 py-6 sm:px-6 md:grid-cols-[1fr_22rem] md:py-10">
      <div className="flex min-w-0 flex-col gap-6">
        <nav aria-label={t("backToCart")}>
          <Link href={back} className="text-sm text-primary-text underline underline-offset-4">
            {t("backToCart")}
          </Link>
        </nav>
        <h1 className="text-2xl font-bold tracking-tight break-words sm:text-3xl">
          {t("shop", { shop: cart.organisationName })}
        </h1>
        {cart.lines.length === 0 ? <p>{t("empty")}</p> : null}
        {problem ? (
          <p className="rounded-card border border-border p-3 text-sm font-medium text-danger">
            {problem}
          </p>
        ) : null}
        {guest ? (
          <GuestNote back={`${back}/checkout`} />
        ) : cart.lines.length > 0 && !("problem" in priced) ? (
          <CheckoutForm
            cartId={cart.id}
            expectedTotalMinor={priced.totals.totalMinor}
            contact={contact}
            options={options.map((option) => ({
              id: option.id,
              label:
                option.id === "pickup"
                  ? `${t("pickup")} — ${option.note ? t("pickupNote", { note: option.note }) : t("pickupFree")}`
                  : `${option.name} — ${money(option.priceMinor)}`,
            }))}
            delivery={choice.delivery.method === "pickup" ? "pickup" : choice.delivery.rateId}
            addresses={addresses.map((address) => ({
              id: address.id,
              label: formatAddressLines(address, locale).join("\n"),
            }))}
            addressId={choice.addressId ?? addresses.find((a) => a.isDefault)?.id ?? null}
            discountCode={choice.discountCode}
            errors={errors}
            canPlace={cart.lines.every((line) => line.unit !== null)}
          />
        ) : null}
      </div>
      {"problem" in priced ? null : (
        <aside className="h-fit rounded-card border border-border p-4">
          <OrderSummary
            heading={t("summary")}
            lines={lines}
            totals={priced.totals}
            currency={cart.currency}
            pricesIncludeTax={priced.pricesIncludeTax}
          />
        </aside>
      )}
    </div>
  );
}
