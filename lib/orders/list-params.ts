import { orderStatuses, type OrderStatus } from "./order-types";

/** The order lists' query: `?status=` (one of the order states) and `?page=`. */
export function statusParam(value: unknown): OrderStatus | null {
  return typeof value === "string" && (orderStatuses as readonly string[]).includes(value)
    ? (value as OrderStatus)
    : null;
}

export function pageParam(value: unknown): number {
  const n = typeof value === "string" ? Number(value) : 1;
  return Number.isInteger(n) && n > 0 && n < 100_000 ? n : 1;
}
