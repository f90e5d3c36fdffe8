import Link from "next/link";
import { getLocale, getTranslations } from "next-intl/server";
import { EmptyState } from "@/components/ui/empty-state";
import type { CartView } from "@/lib/cart/cart";
import { formatMoney } from "@/lib/i18n/format";
import { CartCountSync } from "./cart-count-sync";
import { GuestNote } from "./guest-note";

/** /commerce/cart: one card per shop's cart, or the empty cart. */
export async function CartList({
  carts,
  signedIn,
  guest,
}: {
  carts: CartView[];
  signedIn: boolean;
  guest: boolean;
}) {
  const [t, locale] = await Promise.all([getTranslations("cart"), getLocale()]);
  const units = carts.reduce((sum, cart) => sum + cart.itemCount, 0);
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-6 px-4 py-6 sm:px-6 md:py-10">
      <div>
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{t("title")}</h1>
        <p className="mt-2 text-muted-foreground">{t("intro")}</p>
      </div>
      {signedIn ? <CartCountSync count={units} /> : null}
      {guest && carts.length > 0 ? <GuestNote back="/commerce/cart" /> : null}
      {carts.length === 0 ? (
        <EmptyState title={t("empty.title")} description={t("empty.body")}>
          <Link href="/commerce" className="btn btn-primary h-10 px-4">
            {t("empty.browse")}
          </Link>
          {!signedIn || guest ? (
            <Link
              href="/login?redirect=%2Fcommerce%2Fcart"
              className="text-sm text-primary-text underline underline-offset-4"
            >
              {t("empty.signIn")}
            </Link>
          ) : null}
        </EmptyState>
      ) : (
        <ul className="flex flex-col gap-4" data-testid="carts">
          {carts.map((cart) => {
            const shop = cart.organisationName ?? t("unknownShop");
            return (
              <li
                key={cart.id}
                className="flex flex-col gap-2 rounded-card border border-border bg-surface p-4"
                data-testid="cart-card"
              >
                <h2 className="text-lg font-semibold break-words">{shop}</h2>
                <p className="text-sm text-muted-foreground">
                  {t("items", { count: cart.itemCount })} ·{" "}
                  {t("lines", { count: cart.lines.length })}
                </p>
                <ul className="text-sm">
                  {cart.lines.slice(0, 3).map((line) => (
                    <li key={line.id} className="truncate">
                      {line.quantity} × {line.title}
                    </li>
                  ))}
                </ul>
                <p className="flex items-baseline justify-between gap-4">
                  <span>{t("subtotal")}</span>
                  <span className="font-semibold">
                    {formatMoney(cart.subtotalMinor, { currency: cart.currency, locale })}
                  </span>
                </p>
                <Link
                  href={`/commerce/cart/${cart.id}`}
                  className="btn btn-outline h-10 self-start px-4"
                >
                  {t("open", { shop })}
                </Link>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
