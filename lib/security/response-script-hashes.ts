import "server-only";
import { Server, type IncomingMessage, type ServerResponse } from "node:http";
import { brotliDecompressSync, gunzipSync, inflateSync } from "node:zlib";
import { setBounded } from "@/lib/cache/bounded-map";
import { inlineScriptSources } from "./inline-scripts";
import { PENDING_SCRIPT_HASHES } from "./pending-script-hashes";

/**
 * Pages cached at run time (ISR: the commerce pages, rendered on their first visit and again
 * after a listing changes) have fixed HTML that is not known when the build ends, so neither
 * a nonce (it would be baked into the cached HTML) nor the build's hash file
 * (scripts/write-static-page-hashes.ts) can allow their inline scripts. The proxy gives them a
 * policy whose script hashes are a placeholder (`PENDING_SCRIPT_HASHES`); this hook, on the
 * node:http response, holds such a page's body until it ends, computes the sha256 of its inline
 * scripts from the very bytes being sent, and puts them in the policy instead of the
 * placeholder. Only answers whose policy carries the placeholder are held; every other answer
 * passes straight through. The wrappers stay in place either way: Next's compression wraps
 * the same methods after them, and putting the originals back would drop its wrappers.
 *
 * The body is read after Next's compression (gzip, deflate or br per `content-encoding`) and
 * sent as it came. A cached page is sent in one piece anyway; a page rendered on a cache miss
 * is sent when its render ends instead of streamed. A page whose hashes cannot be computed
 * keeps a policy without them: its scripts are blocked and it still reads (server-rendered).
 * A 304 (Not Modified) gets no policy at all, so the browser keeps the one it stored with the
 * page's body.
 *
 * A cached page is the same bytes on every visit, and Next gives it an ETag computed from
 * exactly those bytes before they are sent: the sources are kept by ETag
 * (`SOURCES_BY_ETAG`), so a cached page is decoded, searched and hashed once, not on every
 * request (on a 150 kB category page that was about a sixth of the server's CPU per request).
 * An answer without an ETag is read every time.
 * docs/architecture.md, "Pages cached at run time".
 */
const INSTALLED = Symbol.for("live-market.response-script-hashes");
const POLICY = "content-security-policy";

type PatchedServer = typeof Server.prototype & { [INSTALLED]?: true };

export function installResponseScriptHashes(): void {
  const prototype = Server.prototype as PatchedServer;
  if (prototype[INSTALLED]) return;
  const emit = prototype.emit;
  prototype.emit = function (this: Server, event: string | symbol, ...args: unknown[]) {
    if (event === "request") {
      const request = args[0] as IncomingMessage;
      if (request.method === "GET" || request.method === "HEAD") {
        holdPendingPages(args[1] as ServerResponse);
      }
    }
    return Reflect.apply(emit, this, [event, ...args]) as boolean;
  } as typeof emit;
  prototype[INSTALLED] = true;
}

function policyOf(response: ServerResponse): string | undefined {
  const value = response.getHeader(POLICY);
  return typeof value === "string" ? value : undefined;
}

type Callback = (error?: Error | null) => void;

/**
 * Wraps the response's writing methods. At the first call it looks at the policy: without the
 * placeholder every call goes straight to the original; with it, the status and the body are
 * held until `end`, then the policy gets the body's script hashes and everything is sent at once.
 */
export function holdPendingPages(response: ServerResponse): void {
  const original = {
    writeHead: response.writeHead,
    write: response.write,
    end: response.end,
    flushHeaders: response.flushHeaders,
  };
  let decided: "pass" | "hold" | undefined;
  const chunks: (Buffer | string)[] = [];
  let head: unknown[] | undefined;

  const decide = (): "pass" | "hold" => {
    if (decided) return decided;
    decided = policyOf(response)?.includes(PENDING_SCRIPT_HASHES) ? "hold" : "pass";
    return decided;
  };
  const collect = (chunk: unknown, encoding?: unknown) => {
    if (chunk === undefined || chunk === null) return;
    if (typeof chunk === "string") {
      // Kept as text when it is utf-8 (Next ends a cached page with one string): sent as it
      // came, without turning 150 kB into bytes here and again on the socket.
      chunks.push(
        typeof encoding !== "string" || /^utf-?8$/i.test(encoding)
          ? chunk
          : Buffer.from(chunk, encoding as BufferEncoding),
      );
    } else if (chunk instanceof Uint8Array) {
      chunks.push(Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength));
    }
  };

  response.writeHead = function (this: ServerResponse, ...args: unknown[]) {
    if (decide() === "pass") return Reflect.apply(original.writeHead, this, args) as ServerResponse;
    head = args;
    return this;
  } as typeof response.writeHead;

  response.flushHeaders = function (this: ServerResponse) {
    if (decide() === "pass") Reflect.apply(original.flushHeaders, this, []);
  };

  response.write = function (this: ServerResponse, chunk: unknown, ...rest: unknown[]) {
    if (decide() === "pass")
      return Reflect.apply(original.write, this, [chunk, ...rest]) as boolean;
    collect(chunk, typeof rest[0] === "string" ? rest[0] : undefined);
    const callback = rest.find((r): r is Callback => typeof r === "function");
    if (callback) process.nextTick(callback);
    return true;
  } as typeof response.write;

  response.end = function (this: ServerResponse, ...args: unknown[]) {
    if (decide() === "pass") return Reflect.apply(original.end, this, args) as ServerResponse;
    const callback = args.find((a): a is Callback => typeof a === "function");
    const data = args.filter((a) => typeof a !== "function");
    collect(data[0], data[1]);
    decided = "pass";
    const body = chunks.every((c) => typeof c === "string")
      ? chunks.join("")
      : Buffer.concat(chunks.map((c) => (typeof c === "string" ? Buffer.from(c, "utf8") : c)));
    settlePolicy(this, head, body);
    if (head) Reflect.apply(original.writeHead, this, head);
    return Reflect.apply(
      original.end,
      this,
      callback ? [body, callback] : [body],
    ) as ServerResponse;
  } as typeof response.end;
}

/** Puts the body's script hashes in the policy (in the held writeHead headers too). */
function settlePolicy(
  response: ServerResponse,
  head: unknown[] | undefined,
  body: Buffer | string,
): void {
  // Next marks such a page `s-maxage=…, stale-while-revalidate=…` for shared caches; a browser
  // may then show a stored copy while it asks again, and a change would show one visit late.
  // The copy we keep is on the server: browsers ask every time, and get a 304 if it is the same.
  editHeader(response, head, "cache-control", () => "no-cache");
  const status = typeof head?.[0] === "number" ? head[0] : response.statusCode;
  if (status === 304) {
    // Not Modified: the browser keeps the stored page and updates its headers with these. With
    // no policy here it keeps the stored one, made for exactly that body.
    editHeader(response, head, POLICY, () => null);
    return;
  }
  const sources = scriptSourcesOf(response, head, body);
  // Each source once: the shell's own scripts are in the policy already.
  editHeader(response, head, POLICY, (policy) =>
    policy === undefined
      ? null
      : policy
          .replace(
            PENDING_SCRIPT_HASHES,
            sources.filter((source) => !policy.includes(source)).join(" "),
          )
          .replace(/ {2,}/g, " "),
  );
}

/**
 * Sets (or with null removes) a header from its current value, on the response and in the
 * headers a held writeHead(status, [message,] headers) was given, which win over setHeader's.
 */
function editHeader(
  response: ServerResponse,
  head: unknown[] | undefined,
  name: string,
  edit: (value: string | undefined) => string | null,
): void {
  const current = response.getHeader(name);
  const next = edit(typeof current === "string" ? current : undefined);
  if (next === null) response.removeHeader(name);
  else response.setHeader(name, next);
  const record = heldHeaders(head);
  if (!record) return;
  for (const key of Object.keys(record)) {
    if (key.toLowerCase() !== name) continue;
    const value = edit(typeof record[key] === "string" ? record[key] : undefined);
    if (value === null) delete record[key];
    else record[key] = value;
  }
}

/** The headers object a held writeHead(status, [message,] headers) was given, if any. */
function heldHeaders(head: unknown[] | undefined): Record<string, unknown> | undefined {
  const headers = head?.find((a, i) => i > 0 && a && typeof a === "object");
  return headers && !Array.isArray(headers) ? (headers as Record<string, unknown>) : undefined;
}

/** The sources of the bodies seen lately, by ETag; the oldest entry goes first when full. */
const SOURCES_BY_ETAG = new Map<string, string[]>();
const SOURCES_BY_ETAG_LIMIT = 500;

/** The ETag of an answer, when it has one: it names the uncompressed body's bytes. */
function etagOf(response: ServerResponse, head: unknown[] | undefined): string | undefined {
  for (const [key, value] of Object.entries(heldHeaders(head) ?? {})) {
    if (key.toLowerCase() === "etag" && typeof value === "string") return value;
  }
  const value = response.getHeader("etag");
  return typeof value === "string" && value.length > 0 ? value : undefined;
}

function scriptSourcesOf(
  response: ServerResponse,
  head: unknown[] | undefined,
  body: Buffer | string,
): string[] {
  const type = String(response.getHeader("content-type") ?? "");
  if (body.length === 0 || !type.startsWith("text/html")) return [];
  const etag = etagOf(response, head);
  const known = etag === undefined ? undefined : SOURCES_BY_ETAG.get(etag);
  if (known) return known;
  let sources: string[];
  try {
    sources = inlineScriptSources(
      decode(body, String(response.getHeader("content-encoding") ?? "")),
    );
  } catch {
    return [];
  }
  if (etag !== undefined) setBounded(SOURCES_BY_ETAG, SOURCES_BY_ETAG_LIMIT, etag, sources);
  return sources;
}

function decode(body: Buffer | string, encoding: string): string {
  if (typeof body === "string") return body;
  const coding = encoding.trim().toLowerCase();
  if (coding === "gzip" || coding === "x-gzip") return gunzipSync(body).toString("utf8");
  if (coding === "deflate") return inflateSync(body).toString("utf8");
  if (coding === "br") return brotliDecompressSync(body).toString("utf8");
  return body.toString("utf8");
}
