import "server-only";
import { AuthError } from "@/lib/auth/service/errors";
import { clientAddress as clientAddressOf } from "@/lib/security/client-address";

/**
 * Wire conventions of Supabase Auth (auth-contract.md, "Wire conventions"): the two error
 * shapes chosen by X-Supabase-Api-Version, the 1 MB body limit, CORS for the site origin.
 */
export const API_VERSION_HEADER = "X-Supabase-Api-Version";
export const API_VERSION = "2024-01-01";
export const MAX_BODY_BYTES = 1024 * 1024;

const API_VERSION_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

export interface RequestInfo {
  /** Whether the caller asked for the 2024-01-01 API (error bodies with `code`). */
  versioned: boolean;
  ip: string;
  userAgent: string | null;
  origin: string | null;
}

export function requestInfo(request: Request): RequestInfo {
  const header = request.headers.get(API_VERSION_HEADER)?.trim() ?? "";
  const match = API_VERSION_PATTERN.exec(header);
  const versioned =
    !!match && Date.parse(`${header}T00:00:00Z`) >= Date.parse("2024-01-01T00:00:00Z");
  return {
    versioned,
    ip: clientAddress(request.headers),
    userAgent: request.headers.get("user-agent"),
    origin: request.headers.get("origin"),
  };
}

/** The caller's address, the app's one rule (lib/security/client-address.ts), or "unknown". */
export function clientAddress(headers: Headers): string {
  return clientAddressOf(headers) ?? "unknown";
}

/**
 * Reads the body as text: over 1 MB → 413 (by its declared length, or once that much has
 * come), a body the client stopped sending → 400 request_aborted (readChunk).
 */
export async function readBodyText(request: Request): Promise<string> {
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > MAX_BODY_BYTES) throw tooLarge();
  if (!request.body) return "";
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await readChunk(reader);
    if (done) break;
    size += value.byteLength;
    if (size > MAX_BODY_BYTES) {
      await reader.cancel();
      throw tooLarge();
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString("utf8");
}

/**
 * Reads the body as a JSON object: empty → {}, over 1 MB → 413, not JSON → 400 bad_json, a
 * NUL character in any string → 400 validation_failed.
 */
export async function readJsonBody(request: Request): Promise<Record<string, unknown>> {
  const text = (await readBodyText(request)).trim();
  if (!text) return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    const reason = error instanceof Error ? error.message : "invalid JSON";
    throw new AuthError(400, "bad_json", `Could not parse request body as JSON: ${reason}`);
  }
  if (parsed === null) return {};
  if (typeof parsed !== "object" || Array.isArray(parsed)) {
    throw new AuthError(
      400,
      "bad_json",
      "Could not parse request body as JSON: expected an object",
    );
  }
  // PostgreSQL stores no NUL character, in text or in jsonb (user metadata): refuse it here,
  // before any handler reads or writes, instead of failing midway with a 500.
  const nul = containsNul(parsed);
  if (nul === "too-deep") {
    throw new AuthError(400, "bad_json", "Could not parse request body as JSON: nested too deeply");
  }
  if (nul)
    throw new AuthError(400, "validation_failed", "Text fields cannot contain NUL characters");
  return parsed as Record<string, unknown>;
}

/**
 * Whether a NUL character appears in any string (key or value) of a parsed JSON value;
 * "too-deep" past 64 levels (no request of the API nests that far).
 */
function containsNul(value: unknown, depth = 0): boolean | "too-deep" {
  if (typeof value === "string") return value.includes("\u0000");
  if (value === null || typeof value !== "object") return false;
  if (depth > 64) return "too-deep";
  const items = Array.isArray(value) ? value : Object.entries(value).flat();
  for (const item of items) {
    const found = containsNul(item, depth + 1);
    if (found) return found;
  }
  return false;
}

/**
 * One chunk of the body. The body comes from the client, so a stream that fails (the client
 * closed the connection mid-request: Node's "aborted", ECONNRESET) is the client's doing: a
 * 400 the client will not read, not an unexpected failure to log.
 */
async function readChunk(
  reader: ReadableStreamDefaultReader<Uint8Array>,
): Promise<ReadableStreamReadResult<Uint8Array>> {
  try {
    return await reader.read();
  } catch {
    throw new AuthError(400, "request_aborted", "The request body was not received in full");
  }
}

function tooLarge(): AuthError {
  return new AuthError(413, "request_entity_too_large", "Request body too large");
}

function corsHeaders(info: RequestInfo, siteOrigin: string): Record<string, string> {
  if (!info.origin || info.origin !== siteOrigin) return {};
  return {
    "Access-Control-Allow-Origin": info.origin,
    "Access-Control-Allow-Credentials": "true",
    "Access-Control-Expose-Headers": `${API_VERSION_HEADER}, Retry-After`,
    Vary: "Origin",
  };
}

function baseHeaders(info: RequestInfo, siteOrigin: string): Record<string, string> {
  return {
    ...corsHeaders(info, siteOrigin),
    ...(info.versioned ? { [API_VERSION_HEADER]: API_VERSION } : {}),
    "Cache-Control": "no-store",
  };
}

export function jsonResponse(
  info: RequestInfo,
  siteOrigin: string,
  body: unknown,
  init: { status?: number; headers?: Record<string, string> } = {},
): Response {
  return Response.json(body, {
    status: init.status ?? 200,
    headers: { ...baseHeaders(info, siteOrigin), ...init.headers },
  });
}

export function emptyResponse(info: RequestInfo, siteOrigin: string, status = 204): Response {
  return new Response(null, { status, headers: baseHeaders(info, siteOrigin) });
}

/** GoTrue's error body: `{code, message}` for the 2024-01-01 API, else `{code, error_code, msg}`. */
export function errorResponse(info: RequestInfo, siteOrigin: string, error: AuthError): Response {
  const body = error.oauth
    ? { error: error.code, error_description: error.message }
    : info.versioned
      ? { code: error.code, message: error.message, ...error.extra }
      : { code: error.status, error_code: error.code, msg: error.message, ...error.extra };
  return jsonResponse(info, siteOrigin, body, { status: error.status, headers: error.headers });
}

export function preflightResponse(info: RequestInfo, siteOrigin: string): Response {
  const cors = corsHeaders(info, siteOrigin);
  if (!cors["Access-Control-Allow-Origin"]) return new Response(null, { status: 204 });
  return new Response(null, {
    status: 204,
    headers: {
      ...cors,
      "Access-Control-Allow-Methods": "GET, POST, PUT, PATCH, DELETE, OPTIONS",
      "Access-Control-Allow-Headers":
        "authorization, apikey, content-type, x-client-info, x-supabase-api-version, x-retry-count",
      "Access-Control-Max-Age": "600",
    },
  });
}
