/**
 * The kinds of things a cart line can sell (issue 12 §1). Products' variants now; ticket
 * types, service bookings and menu items join this list with their issues, each with a source
 * in lib/cart/sellables.ts.
 */
export const sellableKinds = ["product_variant"] as const;
export type SellableKind = (typeof sellableKinds)[number];

/** How long adding to a cart holds tracked stock (domain.md: 15 minutes). */
export const HOLD_MINUTES = 15;

/** The most of one unit a line takes. */
export const MAX_LINE_QUANTITY = 99;
