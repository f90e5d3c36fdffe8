import { organisationRoute } from "@/lib/backoffice/doors";
import type { ActionState } from "@/lib/backoffice/action-state";
import { readBodyWithin } from "@/lib/files/read-body";
import { precheckUpload, uploadFile } from "@/lib/files/upload";
import { MAX_UPLOAD_BYTES } from "@/lib/modules/catalogue";
import { encodeValidationMessage } from "@/lib/validation/messages";

/**
 * Uploads one file: `POST ?parentId=<folder>&name=<name>` with the raw bytes as the body
 * (the browser sends it with XMLHttpRequest for upload progress). Answers the ActionState
 * as JSON: 201 done, 400/409/413/415 refused, 404 no access.
 */
const errorStatus: Partial<Record<string, number>> = {
  notFound: 404,
  fileTooLarge: 413,
  fileTypeForbidden: 415,
};

function httpStatus(state: ActionState<unknown>): number {
  switch (state.status) {
    case "done":
      return 201;
    case "invalid":
      return 400;
    case "error":
      return errorStatus[state.code] ?? 409;
    default:
      return 500;
  }
}

function answer(state: ActionState<unknown>): Response {
  return Response.json(state, {
    status: httpStatus(state),
    headers: { "cache-control": "no-store" },
  });
}

/** Browsers send Sec-Fetch-Site: only this site's own pages may upload (no cross-site posts). */
function crossSite(request: Request): boolean {
  const site = request.headers.get("sec-fetch-site");
  return site !== null && site !== "same-origin";
}

export const POST = organisationRoute(
  { permission: "storage.file.write", module: "storage" },
  async (request, access) => {
    if (crossSite(request)) return answer({ status: "error", code: "notFound" });
    const query = new URL(request.url).searchParams;
    const parentId = query.get("parentId") || null;
    const name = query.get("name") ?? "";
    const length = Number(request.headers.get("content-length") ?? Number.NaN);
    const declared = Number.isSafeInteger(length) && length >= 0 ? length : undefined;
    const refused = await precheckUpload(access, { parentId, name, size: declared ?? 0 });
    if (refused) return answer(refused);
    const body = await readBodyWithin(request.body, MAX_UPLOAD_BYTES, declared);
    if (!body.ok) {
      return answer(
        body.reason === "tooLarge"
          ? { status: "error", code: "fileTooLarge", field: "file" }
          : { status: "invalid", fieldErrors: { file: [encodeValidationMessage("format")] } },
      );
    }
    const input = { parentId, name, bytes: body.bytes };
    return answer(await uploadFile(access.claims, access.organisation.id, input));
  },
);
