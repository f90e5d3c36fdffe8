import { createLoader, createSerializer, parseAsString } from "nuqs/server";
import type { DataTableConfig } from "@/components/ui/data-table/params";

/**
 * The storage screen's URL state: the open folder (`?folder=<id>`, absent for the top
 * level) beside the table's page, size and sort. One parser map for the server page and the
 * links and controls that change it.
 */
export const fileSorts = ["name", "size", "updatedAt"] as const;
export type FileSort = (typeof fileSorts)[number];

export const filesTable = {
  sortable: fileSorts,
  defaultSort: "name",
  defaultDir: "asc",
  defaultPageSize: 25,
} as const satisfies DataTableConfig<FileSort>;

export const storageParsers = {
  folder: parseAsString.withDefault(""),
};

export const loadStorageParams = createLoader(storageParsers);

/** `?folder=<id>` (page and sort start over in another folder). */
export const storageHref = createSerializer(storageParsers);
