import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { connection } from "next/server";
import { cache } from "react";
import { getTranslations } from "next-intl/server";
import { CheckoutPage } from "@/components/checkout/checkout-page";
import { ScopedMessages } from "@/components/layout/scoped-messages";
import { listAddresses } from "@/lib/addresses/addresses";
import { getCurrentClaims } from "@/lib/auth/server/session";
import { loadCheckout } from "@/lib/orders/checkout-view";
import { getOwnProfile } from "@/lib/profile/profiles";

type Props = {
  params: Promise<{ cartId: string }>;
  searchParams: Promise<{ delivery?: string; address?: string; code?: string }>;
};

const one = (value: unknown) => (typeof value === "string" ? value : undefined);

const load = cache(async (cartId: string, delivery?: string, address?: string, code?: string) => {
  await connection(); // a person's page: rendered per request
  const claims = await getCurrentClaims();
  const view = claims ? await loadCheckout(claims, cartId, { delivery, address, code }) : null;
  if (!claims || !view) notFound();
  return { claims, view };
});

async function loadFor({ params, searchParams }: Props) {
  const [{ cartId }, query] = await Promise.all([params, searchParams]);
  return load(cartId, one(query.delivery), one(query.address), one(query.code));
}

export async function generateMetadata(props: Props): Promise<Metadata> {
  const { view } = await loadFor(props);
  const t = await getTranslations("checkout");
  return {
    title: t("meta.checkoutTitle", { shop: view.cart.organisationName }),
    robots: { index: false },
  };
}

/**
 * /commerce/cart/{cartId}/checkout (not in the spec's routes; issue 12 §2 "checkout per
 * cart"): a guest is asked to sign in or register (the cart follows); anyone else's cart, or
 * none, is a 404.
 */
export default async function CheckoutRoute(props: Props) {
  const { claims, view } = await loadFor(props);
  const guest = claims.is_anonymous === true;
  const [profile, addresses] = guest
    ? [null, []]
    : await Promise.all([getOwnProfile(claims), listAddresses(claims)]);
  return (
    <ScopedMessages scope="checkout">
      <CheckoutPage
        view={view}
        guest={guest}
        contact={{
          name: profile?.displayName ?? "",
          email: typeof claims.email === "string" ? claims.email : "",
          phone: profile?.phone ?? "",
        }}
        addresses={addresses}
      />
    </ScopedMessages>
  );
}
