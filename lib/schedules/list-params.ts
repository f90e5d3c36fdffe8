import type { DataTableConfig } from "@/components/ui/data-table/params";

/** URL state of the schedules list (shared by the server page and the table's controls). */
export const scheduleSortKeys = ["name", "updated"] as const;
export type ScheduleSort = (typeof scheduleSortKeys)[number];

export const schedulesTable = {
  sortable: scheduleSortKeys,
  defaultSort: "name",
  defaultDir: "asc",
  defaultPageSize: 25,
} as const satisfies DataTableConfig<ScheduleSort>;
