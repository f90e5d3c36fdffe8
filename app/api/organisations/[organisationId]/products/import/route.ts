import { revalidatePath, revalidateTag } from "next/cache";
import { organisationRoute, runCommand } from "@/lib/backoffice/doors";
import { organisationPath } from "@/lib/backoffice/navigation";
import { importProductsCommand } from "@/lib/commerce/products-import";
import {
  importAnswer,
  importAnswerOf,
  readCsvUpload,
} from "@/lib/commerce/products-import-request";
import { consumeRateLimit } from "@/lib/rate-limit/rate-limit";

/**
 * Imports products from a CSV file: `POST` multipart with the file in `file` (at most 5 MiB,
 * text/csv or *.csv), from this site's own pages only, a few times an hour per member.
 * All or nothing (lib/commerce/products-import.ts). Answers JSON: 200 `done` with the counts,
 * 422 `invalid` with the errors by row and column, or an error code; 404 without
 * commerce.product.write.
 */
const crossSite = (request: Request) => {
  const site = request.headers.get("sec-fetch-site");
  return site !== null && site !== "same-origin";
};

export const POST = organisationRoute(
  { permission: "commerce.product.write", module: "commerce" },
  async (request, access) => {
    if (crossSite(request)) return importAnswer({ status: "error", code: "notFound" });
    const organisationId = access.organisation.id;
    const limit = await consumeRateLimit({
      key: `products-import:${organisationId}:${access.userId}`,
      limit: 20,
      windowSeconds: 15 * 60,
    });
    if (!limit.allowed) {
      return importAnswer(
        { status: "error", code: "rateLimited" },
        { "retry-after": String(limit.retryAfterSeconds) },
      );
    }
    const upload = await readCsvUpload(request);
    if (!upload.ok) return importAnswer({ status: "error", code: upload.code });
    const state = await runCommand(
      access.claims,
      organisationId,
      { csv: upload.text },
      importProductsCommand,
    );
    if (state.status === "done" && state.data.status === "done" && state.data.tags.length) {
      for (const tag of state.data.tags) revalidateTag(tag, { expire: 0 });
      revalidatePath(organisationPath(organisationId, "/commerce"), "layout");
    }
    return importAnswer(importAnswerOf(state));
  },
);
