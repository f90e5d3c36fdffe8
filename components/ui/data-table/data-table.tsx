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
  total: number;
  /** The parsed URL state the server used for this page. */
  state: { page: number; size: number; sort: S; dir: SortDirection };
  /** Shown instead of the rows when there are none (e.g. an <EmptyState />). */
  empty?: ReactNode;
  className?: string;
};

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
        <table className="w-full border-collapse text-sm">
          <caption className={cn("p-3 text-left font-semibold", captionHidden && "sr-only")}>
            {caption}
          </caption>
          <thead className="bg-surface-2 text-muted-foreground">
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
                    className={cn(
                      "px-3 py-2 font-medium whitespace-nowrap",
                      column.align === "end" ? "text-right" : "text-left",
                      column.className,
                    )}
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
            {rows.length === 0 ? (
              <tr>
                <td colSpan={columns.length} className="p-4">
                  {empty}
                </td>
              </tr>
            ) : (
              rows.map((row) => (
                <tr key={row.id} className="border-t border-border hover:bg-surface/60">
                  {columns.map((column) => (
                    <td
                      key={column.id}
                      className={cn(
                        "px-3 py-2 align-middle",
                        column.align === "end" ? "text-right" : "text-left",
                        column.className,
                      )}
                    >
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
