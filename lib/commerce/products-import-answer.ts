import type { AppErrorCode } from "@/lib/errors/app-error";
import type { CsvError } from "./products-csv";

/**
 * What the products CSV import route answers (app/api/organisations/[organisationId]/products/
 * import), shared by the route and the import dialog. No server code: the dialog imports it.
 */

/** The largest file the import takes: 5 MiB, below the proxy's 10 MB body limit. */
export const PRODUCTS_IMPORT_MAX_BYTES = 5 * 1024 * 1024;

/** The form field that carries the file in the multipart body. */
export const PRODUCTS_IMPORT_FIELD = "file";

/** Why an upload was refused before its rows were read. */
export const importUploadCodes = ["fileMissing", "notCsv", "notText"] as const;
export type ImportUploadCode = (typeof importUploadCodes)[number];

export type ProductsImportAnswer =
  | { status: "done"; created: number; updated: number; unchanged: number }
  | { status: "invalid"; errors: CsvError[] }
  | { status: "error"; code: AppErrorCode | ImportUploadCode }
  | { status: "failed"; requestId: string };

export function isImportUploadCode(code: string): code is ImportUploadCode {
  return (importUploadCodes as readonly string[]).includes(code);
}
