import { organisationRoute } from "@/lib/backoffice/doors";
import { readBodyWithin } from "@/lib/files/read-body";
import type { ActionState } from "@/lib/backoffice/action-state";
import { LOGO_MAX_BYTES } from "@/lib/organisations/logo-rules";
import { removeOrganisationLogo, setOrganisationLogo } from "@/lib/organisations/logo";

/**
 * The organisation logo: POST the image as the raw body (Content-Type its type), DELETE to
 * remove it. A route handler rather than a server action so the 2 MB limit is enforced while
 * reading (server actions' body limit is global). 404 without settings.organisation.write.
 */
const statusOf = (state: ActionState<unknown>): number => {
  if (state.status === "done") return 200;
  if (state.status === "failed") return 500;
  if (state.status !== "error") return 400;
  if (state.code === "notFound") return 404;
  if (state.code === "fileTooLarge") return 413;
  if (state.code === "fileTypeForbidden") return 415;
  return 409;
};

const answer = (state: ActionState<unknown>) =>
  Response.json(state, { status: statusOf(state), headers: { "Cache-Control": "no-store" } });

/** Browsers send Sec-Fetch-Site: only same-origin calls may change the logo. */
const crossSite = (request: Request) => {
  const site = request.headers.get("sec-fetch-site");
  return site !== null && site !== "same-origin";
};

export const POST = organisationRoute(
  { permission: "settings.organisation.write" },
  async (request, access) => {
    if (crossSite(request)) return answer({ status: "error", code: "notFound" });
    const declared = Number(request.headers.get("content-length") ?? "0");
    if (declared > LOGO_MAX_BYTES) {
      return answer({ status: "error", code: "fileTooLarge", field: "logo" });
    }
    const body = await readBodyWithin(request.body, LOGO_MAX_BYTES);
    if (!body.ok) return answer({ status: "error", code: "fileTooLarge", field: "logo" });
    const bytes = body.bytes;
    const declaredType = request.headers.get("content-type")?.split(";")[0]?.trim() ?? null;
    return answer(
      await setOrganisationLogo(access.claims, access.organisation.id, { bytes, declaredType }),
    );
  },
);

export const DELETE = organisationRoute(
  { permission: "settings.organisation.write" },
  async (request, access) => {
    if (crossSite(request)) return answer({ status: "error", code: "notFound" });
    return answer(await removeOrganisationLogo(access.claims, access.organisation.id));
  },
);
