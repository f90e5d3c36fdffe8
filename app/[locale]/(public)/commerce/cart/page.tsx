import type { Metadata } from "next";
import { connection } from "next/server";
import { getTranslations } from "next-intl/server";
import { CartList } from "@/components/cart/cart-list";
import { getCurrentClaims } from "@/lib/auth/server/session";
import { listCarts } from "@/lib/cart/cart";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("cart.meta");
  return { title: t("title"), description: t("description"), robots: { index: false } };
}

/**
 * /commerce/cart: the shopper's carts, one per shop (issue 12 §1). A person's page: read
 * under their session, never cached. Without a session it is the empty cart.
 */
export default async function CartsPage() {
  await connection(); // a person's page: rendered per request, never at build time
  const claims = await getCurrentClaims();
  const carts = claims ? await listCarts(claims) : [];
  return (
    <CartList carts={carts} signedIn={claims !== null} guest={claims?.is_anonymous === true} />
  );
}
