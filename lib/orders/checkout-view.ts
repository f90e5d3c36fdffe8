import "server-only";
import { withUserContext, type UserClaims } from "@/lib/db/context";
import { isUuid } from "@/lib/organisations/access";
import { consumeRateLimit } from "@/lib/rate-limit/rate-limit";
import { deliveryOptions, type DeliveryChoice, type DeliveryOption } from "./checkout-pricing";
import { priceCart, readCheckoutCart, type CheckoutCart } from "./place";

export interface CheckoutView {
  cart: CheckoutCart;
  choice: { delivery: DeliveryChoice; addressId: string | null; discountCode: string | null };
  options: DeliveryOption[];
  priced: Awaited<ReturnType<typeof priceCart>>;
}

/** Prices with a discount code a buyer may ask for per window (checkout-view.ts). */
export const CODE_TRIES = 30;
const CODE_WINDOW_SECONDS = 600;

/**
 * The checkout page's data, under the buyer's RLS: their cart with today's units, the shop's
 * delivery options, and the price for the chosen delivery and code (the same function that
 * prices the order when it is placed). Null when the cart is not the caller's.
 */
export async function loadCheckout(
  claims: UserClaims,
  cartId: string,
  query: { delivery?: string; address?: string; code?: string },
): Promise<CheckoutView | null> {
  if (!isUuid(cartId)) return null;
  const discountCode =
    query.code && /^[\w-]{1,40}$/.test(query.code) ? query.code.toUpperCase() : null;
  // Codes are guessable words: a buyer gets CODE_TRIES prices with a code per window, the
  // page's own reloads included, and then the code is refused for a while (a clear message).
  const codeAllowed =
    !discountCode ||
    (
      await consumeRateLimit({
        key: `discount-code:${claims.sub}`,
        limit: CODE_TRIES,
        windowSeconds: CODE_WINDOW_SECONDS,
      })
    ).allowed;
  return withUserContext(claims, async (tx) => {
    const cart = await readCheckoutCart(tx, claims.sub, cartId);
    if (!cart) return null;
    const options = await deliveryOptions(tx, cart.organisationId, cart.currency);
    const wanted = query.delivery && isUuid(query.delivery) ? query.delivery : "pickup";
    const chosen = options.find((option) => option.id === wanted) ?? options[0];
    const delivery: DeliveryChoice =
      !chosen || chosen.id === "pickup"
        ? { method: "pickup" }
        : { method: "delivery", rateId: chosen.id };
    const priced = codeAllowed
      ? await priceCart(tx, cart, { delivery, discountCode })
      : { problem: "rateLimited" as const };
    const addressId = query.address && isUuid(query.address) ? query.address : null;
    return { cart, choice: { delivery, addressId, discountCode }, options, priced };
  });
}
