import type { DataTableConfig } from "@/components/ui/data-table/params";

/** URL state of the discount codes list; `status` is its filter. */
export const discountSortKeys = ["code", "created", "used"] as const;
export type DiscountSort = (typeof discountSortKeys)[number];

export const discountsTable = {
  sortable: discountSortKeys,
  defaultSort: "created",
  defaultDir: "desc",
  defaultPageSize: 25,
} as const satisfies DataTableConfig<DiscountSort>;

/**
 * A code's status, in the order it is decided: deactivated by hand, not started yet, past its
 * end, used up, else active (it applies, subject to the order's minimum and the customer).
 */
export const discountStatuses = ["inactive", "scheduled", "ended", "exhausted", "active"] as const;
export type DiscountStatus = (typeof discountStatuses)[number];
