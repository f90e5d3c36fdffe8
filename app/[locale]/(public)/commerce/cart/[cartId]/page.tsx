import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { cache } from "react";
import { connection } from "next/server";
import { getTranslations } from "next-intl/server";
import { CartPage } from "@/components/cart/cart-page";
import { getCurrentClaims } from "@/lib/auth/server/session";
import { cartItemCount, getCart } from "@/lib/cart/cart";

type Props = { params: Promise<{ cartId: string }> };

/** Once per request for the metadata and the page. */
const loadCart = cache(async (cartId: string) => {
  await connection(); // a person's page: rendered per request, never at build time
  const claims = await getCurrentClaims();
  const cart = claims ? await getCart(claims, cartId) : null;
  if (!claims || !cart) notFound();
  return { cart, claims, guest: claims.is_anonymous === true };
});

const load = async ({ params }: Props) => loadCart((await params).cartId);

export async function generateMetadata(props: Props): Promise<Metadata> {
  const { cart } = await load(props);
  const t = await getTranslations("cart");
  return {
    title: t("meta.cartTitle", { shop: cart.organisationName ?? t("unknownShop") }),
    robots: { index: false },
  };
}

/** /commerce/cart/{cartId}: one of the shopper's carts; anyone else's (or none) is a 404. */
export default async function CartRoute(props: Props) {
  const { cart, claims, guest } = await load(props);
  return <CartPage cart={cart} guest={guest} units={await cartItemCount(claims)} />;
}
