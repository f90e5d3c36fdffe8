/** A discount code takes a percentage (basis points) or a fixed amount (minor units) off. */
export const discountKinds = ["percent", "fixed"] as const;
export type DiscountKind = (typeof discountKinds)[number];

/** Why a code does not apply (quoteDiscount), in the order the rules are checked. */
export const discountRefusals = [
  "unknown",
  "inactive",
  "not_started",
  "ended",
  "exhausted",
  "currency",
  "min_subtotal",
  "customer_limit",
] as const;
export type DiscountRefusal = (typeof discountRefusals)[number];
