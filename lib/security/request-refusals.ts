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
 * - a server action from another origin (403: Next refuses to run it, with a 500), whose body
 *   has no length (411), is over its form's limit (413, lib/security/action-body-limits.ts),
 *   or does not decode as React encodes action arguments (400).
 * The answer is the generic error page's text (spec: the heading "Error").
 */
export type RefusalStatus = 400 | 403 | 411 | 413;

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

/**
 * Next's own CSRF rule for actions (next/dist/server/app-render/action-handler.js): a request
 * with an Origin runs only if the origin's host is the request's host or its first
 * X-Forwarded-Host. Next answers the others with a 500 and runs nothing; `Origin: null`
 * (a sandboxed frame, a privacy redirect) is another origin too. Without an Origin (not a
 * browser) Next lets it run, and so do we.
 */
export function crossOriginAction(request: Request): boolean {
  const origin = request.headers.get("origin");
  if (origin === null) return false;
  let host: string;
  try {
    host = new URL(origin).host;
  } catch {
    return true;
  }
  const forwarded = request.headers.get("x-forwarded-host")?.split(",")[0]?.trim();
  return host === "" || (host !== forwarded && host !== request.headers.get("host"));
}

/** The status to refuse a server-action request with, or null to let it through. */
export async function actionRequestRefusal(
  request: Request,
  pathname: string,
): Promise<RefusalStatus | null> {
  if (!isServerActionRequest(request, pathname)) return null;
  if (crossOriginAction(request)) return 403;
  const declared = request.headers.get("content-length");
  // Browsers always send a length with a form or an action call; a chunked body could only
  // be measured by reading it, which is the work the limit is there to avoid.
  if (declared === null || !/^\d+$/.test(declared.trim())) return 411;
  if (Number(declared) > actionBodyLimit(pathname)) return 413;
  return (await bodyParses(request)) ? null : 400;
}

/**
 * Whether the body reads as what an action carries: form data for a form post or a
 * multipart action call, React's reply encoding for an action call. React encodes action
 * arguments (encodeReply) as one JSON text whose root is the arguments' array, or as form
 * data whose row "0" is that root and whose other rows it references; anything else fails in
 * Next's decoder with a 500 (a root that is not an array, a reference to a row that is not
 * there: "Connection closed", "Invalid forward reference"). The body is at most the form's
 * limit here.
 */
async function bodyParses(request: Request): Promise<boolean> {
  const type = request.headers.get("content-type") ?? "";
  const fetchAction = request.headers.has("next-action");
  try {
    if (type.startsWith("multipart/form-data") || type === "application/x-www-form-urlencoded") {
      const form = await request.clone().formData();
      if (!fetchAction) return boundActionsDecode(form);
      if (!type.startsWith("multipart/form-data")) return true;
      const row = (id: string) => {
        const value = form.get(id);
        return typeof value === "string" ? value : null;
      };
      return replyDecodes(row("0"), row, "array");
    }
    if (!fetchAction) return true;
    return replyDecodes(await request.clone().text(), null, "array");
  } catch {
    return false;
  }
}

/**
 * A form posted without JavaScript names its action by `$ACTION_ID_<id>`, or, for an action
 * with bound arguments (useActionState), by `$ACTION_REF_<n>` with the reference's metadata
 * `{ id, bound }` in row `$ACTION_<n>:0` and the bound arguments in the rows it references.
 */
function boundActionsDecode(form: FormData): boolean {
  for (const key of form.keys()) {
    if (!key.startsWith("$ACTION_REF_")) continue;
    const prefix = `$ACTION_${key.slice("$ACTION_REF_".length)}:`;
    const row = (id: string) => {
      const value = form.get(prefix + id);
      return typeof value === "string" ? value : null;
    };
    if (!replyDecodes(row("0"), row, "reference")) return false;
  }
  return true;
}

/** The values React's reply decoder takes from a string without reading another row. */
const PLAIN_SPECIALS = new Set(["$undefined", "$NaN", "$Infinity", "$-Infinity", "$-0"]);
/** A reference to a row (`$1`, `$@1`, a Map `$Q1`, a Set `$W1`, an iterator `$i1`), with an optional path. */
const ROW_REFERENCE = /^\$[@QWi]?([0-9a-f]{1,8})(?::|$)/;
const MAX_REPLY_VALUES = 100_000;

/**
 * Whether `root` (JSON text) decodes as React's reply encoding without failing: its root is
 * an array (an action's arguments) or a server reference's metadata, and every `$` string is
 * a plain special value or, where there are rows (`row`), a reference to a row that is there
 * and decodes too. Kinds our forms never send (server references, temporary references,
 * blobs, typed arrays, streams) are refused.
 */
export function replyDecodes(
  root: string | null,
  row: ((id: string) => string | null) | null,
  shape: "array" | "reference",
): boolean {
  if (root === null) return false;
  const top: unknown = JSON.parse(root);
  if (shape === "array" ? !Array.isArray(top) : !isReferenceMetadata(top)) return false;
  const seen = new Set<string>(["0"]);
  const pending: unknown[] = [top];
  let values = 0;
  while (pending.length > 0) {
    const value = pending.pop();
    if (++values > MAX_REPLY_VALUES) return false;
    if (typeof value === "string") {
      if (!value.startsWith("$")) continue;
      if (value.startsWith("$$") || PLAIN_SPECIALS.has(value)) continue;
      if (value.startsWith("$D")) {
        if (Number.isNaN(Date.parse(value.slice(2)))) return false;
        continue;
      }
      if (value.startsWith("$n")) {
        if (!/^-?\d{1,300}$/.test(value.slice(2))) return false;
        continue;
      }
      if (row === null) return false;
      // A FormData argument: its entries are the body's own fields.
      if (/^\$K[0-9a-f]{1,8}$/.test(value)) continue;
      const reference = ROW_REFERENCE.exec(value);
      if (!reference) return false;
      const id = String(parseInt(reference[1]!, 16));
      if (seen.has(id)) continue;
      const text = row(id);
      if (text === null) return false;
      seen.add(id);
      pending.push(JSON.parse(text));
    } else if (value !== null && typeof value === "object") {
      for (const item of Array.isArray(value) ? value : Object.values(value)) pending.push(item);
    }
  }
  return true;
}

function isReferenceMetadata(value: unknown): boolean {
  if (value === null || typeof value !== "object" || Array.isArray(value)) return false;
  const { id, bound } = value as { id?: unknown; bound?: unknown };
  return typeof id === "string" && (bound === null || typeof bound === "string");
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
