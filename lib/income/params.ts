import { refundStatuses } from "@/lib/orders/order-types";
import { isCalendarDay } from "@/lib/validation/calendar";
import { searchText } from "@/lib/validation/url-values";

/**
 * The income lists' query (all state in the URL): `?status=`, `?from=` / `?to=` (dates,
 * YYYY-MM-DD, both ends included), `?q=` (a reference, part of one) and `?page=`.
 */
export const chargeStatuses = ["paid", "partially_refunded", "refunded"] as const;
export type ChargeStatus = (typeof chargeStatuses)[number];
export type RefundStatus = (typeof refundStatuses)[number];

type Query = Record<string, string | string[] | undefined>;
const one = (value: string | string[] | undefined) => (typeof value === "string" ? value : null);

export function dateParam(value: string | string[] | undefined): string | null {
  const text = one(value);
  return isCalendarDay(text) ? text : null;
}

export function pageParam(value: string | string[] | undefined): number {
  const n = Number(one(value) ?? 1);
  return Number.isInteger(n) && n > 0 && n < 100_000 ? n : 1;
}

export function chargeParams(query: Query) {
  const status = one(query.status);
  const q = searchText(one(query.q), 20);
  return {
    status: (chargeStatuses as readonly string[]).includes(status ?? "")
      ? (status as ChargeStatus)
      : null,
    from: dateParam(query.from),
    to: dateParam(query.to),
    q: q || null,
  };
}

export function refundParams(query: Query) {
  const status = one(query.status);
  return {
    status: (refundStatuses as readonly string[]).includes(status ?? "")
      ? (status as RefundStatus)
      : null,
    from: dateParam(query.from),
    to: dateParam(query.to),
  };
}

/** The query string of a list's state, with `page`, for links (empty values left out). */
export function listHref(base: string, state: Record<string, string | number | null>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(state)) {
    if (value !== null && value !== "" && !(key === "page" && value === 1))
      params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `${base}?${text}` : base;
}
