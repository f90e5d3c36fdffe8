import type { DataTableConfig } from "@/components/ui/data-table/params";

/** URL state of the brands list (shared by the server page and the table's controls). */
export const brandSortKeys = ["name", "updated"] as const;
export type BrandSort = (typeof brandSortKeys)[number];

export const brandsTable = {
  sortable: brandSortKeys,
  defaultSort: "name",
  defaultDir: "asc",
  defaultPageSize: 25,
} as const satisfies DataTableConfig<BrandSort>;

/** URL state of the products list. */
export const productSortKeys = ["title", "updated", "price", "stock"] as const;
export type ProductSort = (typeof productSortKeys)[number];

export const productsTable = {
  sortable: productSortKeys,
  defaultSort: "updated",
  defaultDir: "desc",
  defaultPageSize: 25,
} as const satisfies DataTableConfig<ProductSort>;

/** URL state of the offers list; `state` (running, scheduled, ended) is its filter. */
export const offerSortKeys = ["ends", "starts", "title"] as const;
export type OfferSort = (typeof offerSortKeys)[number];

export const offersTable = {
  sortable: offerSortKeys,
  defaultSort: "ends",
  defaultDir: "asc",
  defaultPageSize: 25,
} as const satisfies DataTableConfig<OfferSort>;

export const offerStates = ["running", "scheduled", "ended"] as const;
export type OfferState = (typeof offerStates)[number];
