import "server-only";
import type { ActionState } from "@/lib/backoffice/action-state";
import { readBodyWithin } from "@/lib/files/read-body";
import {
  PRODUCTS_IMPORT_FIELD,
  PRODUCTS_IMPORT_MAX_BYTES,
  type ImportUploadCode,
  type ProductsImportAnswer,
} from "./products-import-answer";
import type { ProductsImportResult } from "./products-import";

/**
 * The HTTP side of the products CSV import (the route stays thin): reading the multipart
 * upload within its limit, and the answer with its status. The body is read up to the file's
 * limit plus room for the multipart framing, so a larger one is cut off while it arrives.
 */
const MULTIPART_ROOM = 64 * 1024;

export type CsvUpload = { ok: true; text: string } | { ok: false; code: UploadRefusal };
type UploadRefusal = ImportUploadCode | "fileTooLarge";

/** Spreadsheets on Windows name a CSV file `application/vnd.ms-excel`: the name decides too. */
function isCsv(file: File): boolean {
  const type = file.type.split(";")[0]?.trim().toLowerCase() ?? "";
  return type === "text/csv" || file.name.toLowerCase().endsWith(".csv");
}

export async function readCsvUpload(request: Request): Promise<CsvUpload> {
  const contentType = request.headers.get("content-type") ?? "";
  if (!contentType.toLowerCase().startsWith("multipart/form-data")) {
    return { ok: false, code: "fileMissing" };
  }
  const limit = PRODUCTS_IMPORT_MAX_BYTES + MULTIPART_ROOM;
  const length = Number(request.headers.get("content-length") ?? Number.NaN);
  const declared = Number.isSafeInteger(length) && length >= 0 ? length : undefined;
  if (declared !== undefined && declared > limit) return { ok: false, code: "fileTooLarge" };
  const body = await readBodyWithin(request.body, limit, declared);
  if (!body.ok) {
    return { ok: false, code: body.reason === "tooLarge" ? "fileTooLarge" : "fileMissing" };
  }
  let file: FormDataEntryValue | null;
  try {
    const form = await new Response(new Uint8Array(body.bytes), {
      headers: { "content-type": contentType },
    }).formData();
    file = form.get(PRODUCTS_IMPORT_FIELD);
  } catch {
    return { ok: false, code: "fileMissing" };
  }
  if (!(file instanceof File) || file.size === 0) return { ok: false, code: "fileMissing" };
  if (file.size > PRODUCTS_IMPORT_MAX_BYTES) return { ok: false, code: "fileTooLarge" };
  if (!isCsv(file)) return { ok: false, code: "notCsv" };
  try {
    return {
      ok: true,
      text: new TextDecoder("utf-8", { fatal: true }).decode(await file.arrayBuffer()),
    };
  } catch {
    return { ok: false, code: "notText" };
  }
}

const statusOf: Partial<Record<string, number>> = {
  notFound: 404,
  moduleOff: 404,
  rateLimited: 429,
  fileTooLarge: 413,
  notCsv: 415,
  notText: 415,
  fileMissing: 400,
};

/** A JSON answer, never stored by a cache. */
export function importAnswer(answer: ProductsImportAnswer, headers: HeadersInit = {}): Response {
  const status =
    answer.status === "done"
      ? 200
      : answer.status === "invalid"
        ? 422
        : answer.status === "failed"
          ? 500
          : (statusOf[answer.code] ?? 409);
  return Response.json(answer, {
    status,
    headers: { "cache-control": "no-store", ...headers },
  });
}

/** The command's state as the route answers it (the tags stay on the server). */
export function importAnswerOf(state: ActionState<ProductsImportResult>): ProductsImportAnswer {
  switch (state.status) {
    case "done": {
      const { data } = state;
      return data.status === "invalid"
        ? data
        : {
            status: "done",
            created: data.created,
            updated: data.updated,
            unchanged: data.unchanged,
          };
    }
    // The schema refuses only control characters (the size was checked while reading).
    case "invalid":
      return { status: "error", code: "notText" };
    case "error":
      return { status: "error", code: state.code };
    case "failed":
      return state;
    default:
      return { status: "error", code: "notFound" };
  }
}
