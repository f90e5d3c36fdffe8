/**
 * The top bar's cart count travels in a small cookie (not a request per page): the cart's
 * actions write it with the count they just computed, the cart pages write it again from
 * what they read (another device may have changed the carts), and signing out clears it.
 * It is only a hint for the badge: the carts themselves are read from the database.
 */
export const CART_COUNT_COOKIE = "lm-cart";
export const CART_COUNT_MAX_AGE = 30 * 24 * 60 * 60;
/** Fired on window when the count changes in this tab. */
export const CART_CHANGED_EVENT = "lm:cart-changed";

/** The count in a `document.cookie` string; 0 when absent or not a count. */
export function cartCountFromCookies(cookieHeader: string): number {
  const match = new RegExp(`(?:^|;\\s*)${CART_COUNT_COOKIE}=(\\d{1,4})(?:;|$)`).exec(cookieHeader);
  return match ? Number(match[1]) : 0;
}
