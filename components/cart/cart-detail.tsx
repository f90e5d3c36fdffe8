import Link from "next/link";
import { getFormatter, getLocale, getTranslations } from "next-intl/server";
import { Picture } from "@/components/ui/picture";
import { Icon } from "@/components/ui/icon";
import type { CartLineView, CartView } from "@/lib/cart/cart";
import { cartErrorTexts } from "@/lib/cart/cart-error-texts";
import { formatMoney } from "@/lib/i18n/format";
import { CartHold } from "./cart-hold";
import { cartHoldLabels } from "./cart-labels";
import { LineControls } from "./line-controls";

/**
 * One cart: its hold, its lines (picture, title, options, price and any change to it since it
 * was added, the line's state, quantity and removal) and the subtotal at today's prices.
 */
export async function CartDetail({ cart }: { cart: CartView }) {
  const [t, locale, format, errors] = await Promise.all([
    getTranslations("cart"),
    getLocale(),
    getFormatter(),
    cartErrorTexts(),
  ]);
  const money = (minor: number) => formatMoney(minor, { currency: cart.currency, locale });
  const until = cart.holdEndsAt
    ? format.dateTime(new Date(cart.holdEndsAt), { timeStyle: "short" })
    : "";
  const stateText = (line: CartLineView) =>
    line.state === "gone"
      ? t("state.gone")
      : line.state === "short"
        ? line.available === 0
          ? t("state.outOfStock")
          : t("state.short", { count: line.available ?? 0 })
        : line.state === "expired"
          ? t("state.expired")
          : null;
  return (
    <div className="flex flex-col gap-6">
      {cart.holdEndsAt || cart.holdExpired ? (
        <CartHold
          cartId={cart.id}
          endsAt={cart.holdEndsAt}
          expired={cart.holdExpired}
          labels={await cartHoldLabels(until)}
        />
      ) : null}
      <ul
        aria-label={t("linesLabel")}
        className="flex flex-col divide-y divide-border"
        data-testid="cart-lines"
      >
        {cart.lines.map((line) => {
          const note = stateText(line);
          return (
            <li key={line.id} className="flex gap-3 py-4 sm:gap-4" data-testid="cart-line">
              <div
                aria-hidden
                className="flex size-20 shrink-0 items-center justify-center overflow-hidden rounded-card bg-surface-2 sm:size-24"
              >
                {line.picture ? (
                  <Picture
                    src={line.picture.url}
                    alt=""
                    width={line.picture.width}
                    height={line.picture.height}
                    sizes="96px"
                    className="size-full object-cover"
                  />
                ) : (
                  <Icon name="package" className="size-8" />
                )}
              </div>
              <div className="flex min-w-0 flex-1 flex-col gap-2">
                <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-1">
                  <div className="min-w-0">
                    <h3 className="font-semibold break-words">
                      <Link href={line.path} className="hover:underline">
                        {line.title}
                      </Link>
                    </h3>
                    {line.optionLabel ? (
                      <p className="text-sm text-muted-foreground">{line.optionLabel}</p>
                    ) : null}
                    {line.unitPriceMinor !== null ? (
                      <p className="text-sm">
                        {t("unitPrice", { price: money(line.unitPriceMinor) })}
                        {line.normalPriceMinor !== null ? (
                          <>
                            {" "}
                            <s className="text-muted-foreground" data-testid="line-normal-price">
                              <span className="sr-only">{t("offerNormal")} </span>
                              {money(line.normalPriceMinor)}
                            </s>
                          </>
                        ) : null}
                      </p>
                    ) : null}
                  </div>
                  {line.unitPriceMinor !== null ? (
                    <p className="font-semibold" data-testid="line-total">
                      <span className="sr-only">{t("lineTotal")}: </span>
                      {money(line.lineTotalMinor)}
                    </p>
                  ) : null}
                </div>
                {line.previousPriceMinor !== null && line.unitPriceMinor !== null ? (
                  <p className="text-sm font-medium" data-testid="price-changed">
                    {t(line.unitPriceMinor > line.previousPriceMinor ? "priceUp" : "priceDown", {
                      previous: money(line.previousPriceMinor),
                    })}
                  </p>
                ) : null}
                {note ? (
                  <p
                    className={
                      line.state === "expired"
                        ? "text-sm text-muted-foreground"
                        : "text-sm font-medium text-danger"
                    }
                    data-testid="line-state"
                  >
                    {note}
                  </p>
                ) : null}
                <LineControls
                  lineId={line.id}
                  quantity={line.quantity}
                  labels={{
                    quantity: t("quantity"),
                    update: t("update"),
                    updating: t("updating"),
                    remove: t("remove"),
                    removeNamed: t("removeNamed", { title: line.title }),
                    removing: t("removing"),
                    updated: t("updated"),
                    errors,
                  }}
                />
              </div>
            </li>
          );
        })}
      </ul>
      <dl className="flex items-baseline justify-between gap-4 border-t border-border pt-4 text-lg">
        <dt className="font-medium">{t("subtotal")}</dt>
        <dd className="font-bold" data-testid="cart-subtotal">
          {money(cart.subtotalMinor)}
        </dd>
      </dl>
      <p className="text-sm text-muted-foreground">{t("taxesLater")}</p>
      {cart.lines.length > 0 ? (
        <Link
          href={`/commerce/cart/${cart.id}/checkout`}
          className="btn btn-primary h-11 self-end px-6"
          data-testid="go-to-checkout"
        >
          {t("checkout")}
        </Link>
      ) : null}
    </div>
  );
}
