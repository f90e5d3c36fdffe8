import Link from "next/link";
import { getTranslations } from "next-intl/server";
import type { CartView } from "@/lib/cart/cart";
import { CartCountSync } from "./cart-count-sync";
import { CartDetail } from "./cart-detail";
import { GuestNote } from "./guest-note";

/** /commerce/cart/{cartId}: the cart at one shop. */
export async function CartPage({
  cart,
  guest,
  units,
}: {
  cart: CartView;
  guest: boolean;
  /** Units in all the shopper's carts (the top bar's count). */
  units: number;
}) {
  const t = await getTranslations("cart");
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-6 px-4 py-6 sm:px-6 md:py-10">
      <nav aria-label={t("allCarts")}>
        <Link
          href="/commerce/cart"
          className="text-sm text-primary-text underline underline-offset-4"
        >
          {t("allCarts")}
        </Link>
      </nav>
      <h1 className="text-2xl font-bold tracking-tight break-words sm:text-3xl">
        {t("shop", { shop: cart.organisationName ?? t("unknownShop") })}
      </h1>
      {guest ? <GuestNote back={`/commerce/cart/${cart.id}`} /> : null}
      <CartCountSync count={units} />
      <CartDetail cart={cart} />
    </div>
  );
}
