import {
  createLoader,
  createSerializer,
  parseAsInteger,
  parseAsNumberLiteral,
  parseAsStringLiteral,
} from "nuqs/server";

/**
 * The URL state of a server-paged table (page, page size, sort column and direction), one
 * parser map built from a plain config so that the server page (loader) and the client
 * controls (useQueryStates) parse the same URL the same way.
 */
export type SortDirection = "asc" | "desc";

export type DataTableConfig<S extends string = string> = {
  /** Columns the server can sort by (URL values are checked against this list). */
  sortable: readonly [S, ...S[]];
  defaultSort: S;
  defaultDir?: SortDirection;
  pageSizes?: readonly [number, ...number[]];
  defaultPageSize?: number;
  /** Prefix for the URL keys when a page has two tables ("orders" → ordersPage…). */
  prefix?: string;
};

export const defaultPageSizes = [10, 25, 50, 100] as const;

export function dataTableParsers<S extends string>(config: DataTableConfig<S>) {
  const sizes = config.pageSizes ?? defaultPageSizes;
  return {
    page: parseAsInteger.withDefault(1),
    size: parseAsNumberLiteral(sizes).withDefault(config.defaultPageSize ?? sizes[0]),
    sort: parseAsStringLiteral(config.sortable).withDefault(config.defaultSort),
    dir: parseAsStringLiteral(["asc", "desc"] as const).withDefault(config.defaultDir ?? "asc"),
  };
}

export function dataTableUrlKeys(prefix?: string) {
  if (!prefix) return undefined;
  return {
    page: `${prefix}Page`,
    size: `${prefix}Size`,
    sort: `${prefix}Sort`,
    dir: `${prefix}Dir`,
  };
}

/** Server side: `const { page, size, sort, dir } = await loadDataTableParams(config, searchParams)`. */
export function createDataTableLoader<S extends string>(config: DataTableConfig<S>) {
  return createLoader(dataTableParsers(config), { urlKeys: dataTableUrlKeys(config.prefix) });
}

/** Builds hrefs for the table state (links in server components, tests). */
export function createDataTableSerializer<S extends string>(config: DataTableConfig<S>) {
  return createSerializer(dataTableParsers(config), { urlKeys: dataTableUrlKeys(config.prefix) });
}
