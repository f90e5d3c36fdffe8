import { type ReactNode } from "react";
import { cn } from "@/lib/utils/cn";
import { DataTablePager, DataTableSortButton } from "./data-table-controls";
import { type DataTableConfig, type SortDirection } from "./params";

export type DataTableColumn<S extends string = string> = {
  id: string;
  header: string;
  /** The sort key sent in the URL when this column is sortable (one of config.sortable). */
  sortKey?: S;
  align?: "start" | "end";
  className?: string;
};

export type DataTableRow = { id: string; cells: Record<string, ReactNode> };

export type DataTableProps<S extends string> = {
  /** Accessible name of the table (also shown as its caption unless captionHidden). */
  caption: string;
  captionHidden?: boolean;
  config: DataTableConfig<S>;
  columns: readonly DataTableColumn<S>[];
  /** The current page of rows, already sorted and paged by the server. */
  rows: readonly DataTableRow[];
  /**
   * Instead of `rows`: the page's `<tr>`s drawn by a client component from plain data, and
   * how many. A long list sends each row's data once in the RSC payload rather than its
   * elements and classes again (components/backoffice/people/employee-rows.tsx).
   */
  clientRows?: { count: number; node: ReactNode };
  total: number;
  /** The parsed URL state the server used for this page. */
  state: { page: number; size: number; sort: S; dir: SortDirection };
  /** Shown instead of the rows when there are none (e.g. an <EmptyState />). */
  empty?: ReactNode;
  className?: string;
};

/**
 * A column's own classes for its cells, or no `className` at all: the cells' padding and
 * borders come from `.bo-table` (app/globals.css), and a server-drawn table sends each cell's
 * props twice (markup and RSC payload), so an empty class costs on every row.
 */
function cellClass(column: DataTableColumn): { className?: string } {
  const className = cn(column.align === "end" && "text-right", column.className);
  return className ? { className } : {};
}

/**
 * A table whose rows come from the server: page, page size and sort live in the URL (see
 * params.ts); the header buttons and the pager only change the URL and the server answers
 * with the new rows.
 */
export function DataTable<S extends string>({
  caption,
  captionHidden = false,
  config,
  columns,
  rows,
  clientRows,
  total,
  state,
  empty,
  className,
}: DataTableProps<S>) {
  return (
    <div className={cn("flex flex-col gap-3", className)}>
      {/* `relative`: the header's visually hidden texts (position: absolute) stay inside the
          scrolling box, so a table wider than the screen never widens the page. */}
      <div className="relative overflow-x-auto rounded-card border border-border">
        <table className="bo-table bo-table-hover">
          <caption className={cn("p-3 text-left font-semibold", captionHidden && "sr-only")}>
            {caption}
          </caption>
          <thead>
            <tr>
              {columns.map((column) => {
                const active = column.sortKey !== undefined && column.sortKey === state.sort;
                return (
                  <th
                    key={column.id}
                    scope="col"
                    aria-sort={
                      active ? (state.dir === "asc" ? "ascending" : "descending") : undefined
                    }
                    {...cellClass(column)}
                  >
                    {column.sortKey ? (
                      <DataTableSortButton
                        config={config}
                        sortKey={column.sortKey}
                        label={column.header}
                        direction={active ? state.dir : undefined}
                      />
                    ) : (
                      column.header
                    )}
                  </th>
                );
              })}
            </tr>
          </thead>
          <tbody>
            {(clientRows?.count ?? rows.length) === 0 ? (
              <tr>
                <td colSpan={columns.length} className="p-4">
                  {empty}
                </td>
              </tr>
            ) : clientRows ? (
              clientRows.node
            ) : (
              rows.map((row) => (
                <tr key={row.id}>
                  {columns.map((column) => (
                    <td key={column.id} {...cellClass(column)}>
                      {row.cells[column.id]}
                    </td>
                  ))}
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>
      <DataTablePager config={config} total={total} page={state.page} size={state.size} />
    </div>
  );
}
