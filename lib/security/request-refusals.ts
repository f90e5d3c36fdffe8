import "server-only";
import { NextResponse, type NextRequest } from "next/server";
import { localeCookie } from "@/lib/i18n/config";
import { negotiateLocale } from "@/lib/i18n/negotiate";
import enErrors from "@/messages/en/errors.json";
import esErrors from "@/messages/es/errors.json";
import { actionBodyLimit } from "./action-body-limits";

/**
 * Requests the proxy answers itself, before Next.js reads them, because Next would answer
 * them with a 500 (docs/architecture.md, "Request refusals"):
 * - a path with a malformed percent-escape (`/%`, `/foo%ZZ`): 400;
 * - a server action whose body has no length (411), is over its form's limit (413,
 *   lib/security/action-body-limits.ts), or does not parse (400).
 * The answer is the generic error page's text (spec: the heading "Error").
 */
export type RefusalStatus = 400 | 411 | 413;

/** Whether `pathname` holds a percent-escape that does not decode (bad hex or UTF-8). */
export function hasMalformedEscape(pathname: string): boolean {
  if (!pathname.includes("%")) return false;
  try {
    decodeURIComponent(pathname);
    return false;
  } catch {
    return true;
  }
}

/**
 * A POST that Next.js would treat as a server action (its own rule,
 * next/dist/server/lib/server-action-request-meta.js): a `Next-Action` header, or a form body.
 * Route handlers (/api, /auth/v1) read their own bodies and are not actions.
 */
export function isServerActionRequest(request: Request, pathname: string): boolean {
  if (request.method !== "POST") return false;
  if (/^\/(?:api|auth\/v1)(?:\/|$)/.test(pathname)) return false;
  const type = request.headers.get("content-type") ?? "";
  return (
    request.headers.has("next-action") ||
    type === "application/x-www-form-urlencoded" ||
    type.startsWith("multipart/form-data")
  );
}

/** The status to refuse a server-action request with, or null to let it through. */
export async function actionRequestRefusal(
  request: Request,
  pathname: string,
): Promise<RefusalStatus | null> {
  if (!isServerActionRequest(request, pathname)) return null;
  const declared = request.headers.get("content-length");
  // Browsers always send a length with a form or an action call; a chunked body could only
  // be measured by reading it, which is the work the limit is there to avoid.
  if (declared === null || !/^\d+$/.test(declared.trim())) return 411;
  if (Number(declared) > actionBodyLimit(pathname)) return 413;
  return (await bodyParses(request)) ? null : 400;
}

/**
 * Whether the body reads as what an action carries: form data for a form post or a
 * multipart action call, JSON for a plain-text action call. React encodes action arguments
 * (encodeReply) as one JSON text, or as form data whose row "0" is the JSON root; anything
 * else fails in Next's decoder with a 500. The body is at most the form's limit here.
 */
async function bodyParses(request: Request): Promise<boolean> {
  const type = request.headers.get("content-type") ?? "";
  const fetchAction = request.headers.has("next-action");
  try {
    if (type.startsWith("multipart/form-data") || type === "application/x-www-form-urlencoded") {
      const form = await request.clone().formData();
      if (!fetchAction || !type.startsWith("multipart/form-data")) return true;
      const root = form.get("0");
      if (typeof root !== "string") return false;
      JSON.parse(root);
      return true;
    }
    if (!fetchAction) return true;
    JSON.parse(await request.clone().text());
    return true;
  } catch {
    return false;
  }
}

const errorTitles = { en: enErrors.title, es: esErrors.title } as const;

/** The generic error page (heading "Error" in the visitor's language) with `status`. */
export function refusalResponse(request: NextRequest, status: RefusalStatus): NextResponse {
  const locale = negotiateLocale(
    request.cookies.get(localeCookie)?.value,
    request.headers.get("accept-language"),
  );
  const title = errorTitles[locale];
  const body = `<!doctype html><html lang="${locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${title}</title></head><body><main><h1>${title}</h1></main></body></html>`;
  return new NextResponse(body, {
    status,
    headers: {
      "content-type": "text/html; charset=utf-8",
      "cache-control": "no-store",
    },
  });
}
