/**
 * What a page's HTML is made of (issue 10: ≤ 25 kB for public pages, ≤ 60 kB signed in). Pure
 * functions over the HTML text of one response, so they are unit-tested:
 *
 * - `htmlBreakdown`: the bytes of the RSC payload (the `self.__next_f.push(…)` scripts React
 *   hydrates from, which repeat the page's tree), other inline scripts, inline SVG markup,
 *   `class` attributes, and the rest of the markup.
 * - `flightRows`: the RSC payload decoded into its rows (`id:…` lines of React's Flight
 *   format), each with what it costs in the HTML (JSON-escaped inside the script) and a kind
 *   guessed from its content, so the bench can print which rows weigh most.
 */

const RSC_SCRIPT = /<script\b[^>]*>self\.__next_f\.push\((.*?)\)<\/script>/gs;
const SCRIPT = /<script\b([^>]*)>(.*?)<\/script>/gs;
const SVG = /<svg\b.*?<\/svg>/gs;
const CLASS_ATTRIBUTE = /\sclass="[^"]*"/g;

export type HtmlBreakdown = {
  totalBytes: number;
  /** The `self.__next_f.push` scripts, tags included. */
  rscPayloadBytes: number;
  /** Other inline scripts (theme, drawer state, Next's bootstrap), tags included. */
  inlineScriptBytes: number;
  /** `<svg>…</svg>` in the markup (not in scripts). */
  svgBytes: number;
  /** ` class="…"` attributes in the markup (not in scripts). */
  classAttributeBytes: number;
  /** Everything else: elements, text, head tags, external script tags. */
  markupBytes: number;
};

function bytes(text: string): number {
  return Buffer.byteLength(text, "utf8");
}

function sumBytes(text: string, pattern: RegExp): number {
  let total = 0;
  for (const match of text.matchAll(pattern)) total += bytes(match[0]);
  return total;
}

export function htmlBreakdown(html: string): HtmlBreakdown {
  const totalBytes = bytes(html);
  let rscPayloadBytes = 0;
  let inlineScriptBytes = 0;
  for (const match of html.matchAll(SCRIPT)) {
    const [whole, attributes = "", body = ""] = match;
    if (/\ssrc=/.test(attributes)) continue;
    if (body.startsWith("self.__next_f.push(")) rscPayloadBytes += bytes(whole);
    else inlineScriptBytes += bytes(whole);
  }
  const markup = html.replace(SCRIPT, "");
  const svgBytes = sumBytes(markup, SVG);
  const classAttributeBytes = sumBytes(markup.replace(SVG, ""), CLASS_ATTRIBUTE);
  return {
    totalBytes,
    rscPayloadBytes,
    inlineScriptBytes,
    svgBytes,
    classAttributeBytes,
    markupBytes: totalBytes - rscPayloadBytes - inlineScriptBytes - svgBytes - classAttributeBytes,
  };
}

export type FlightRowKind =
  | "router tree"
  | "messages"
  | "metadata"
  | "svg icon"
  | "inline script"
  | "client reference"
  | "hint"
  | "text"
  | "elements";

export type FlightRow = {
  id: string;
  kind: FlightRowKind;
  /** What the row costs inside the HTML's scripts (JSON-escaped). */
  htmlBytes: number;
  /** The row's first characters, for the printout. */
  preview: string;
};

/** The Flight data of a page: the text of every `[1, "…"]` push, in order. */
export function flightData(html: string): string {
  let data = "";
  for (const match of html.matchAll(RSC_SCRIPT)) {
    const pushed = JSON.parse(match[1] ?? "null") as unknown;
    if (Array.isArray(pushed) && pushed[0] === 1 && typeof pushed[1] === "string") {
      data += pushed[1];
    }
  }
  return data;
}

function rowKind(id: string, tag: string, text: string): FlightRowKind {
  if (tag === "I") return "client reference";
  if (tag === "H") return "hint";
  if (tag === "T") return "text";
  // The router state (row 0) and each segment's row (`[["children",{"s":…`).
  if (id === "0" || text.startsWith('[["children",{')) return "router tree";
  // A module's chunk path or export name, named by the client references.
  if (text.startsWith('"')) return "client reference";
  if (text.includes('"messages":{')) return "messages";
  if (text.startsWith('["$","svg"')) return "svg icon";
  if (/^\[\["\$","(title|meta|link)"/.test(text)) return "metadata";
  if (text.includes('"dangerouslySetInnerHTML"')) return "inline script";
  return "elements";
}

/**
 * The rows of the page's Flight data. A row is `id:` followed by a tag letter or a JSON value
 * up to the newline, except text rows, `id:T<hex byte length>,<text>`, which have no newline.
 */
export function flightRows(html: string): FlightRow[] {
  const data = Buffer.from(flightData(html), "utf8");
  const rows: FlightRow[] = [];
  let at = 0;
  while (at < data.length) {
    const colon = data.indexOf(":", at);
    if (colon < 0) break;
    const id = data.subarray(at, colon).toString();
    let end: number;
    let tag = data.subarray(colon + 1, colon + 2).toString();
    let text: string;
    if (tag === "T") {
      const comma = data.indexOf(",", colon);
      const length = Number.parseInt(data.subarray(colon + 2, comma).toString(), 16);
      end = comma + 1 + length;
      text = data.subarray(comma + 1, end).toString();
    } else {
      const newline = data.indexOf("\n", colon);
      end = newline < 0 ? data.length : newline + 1;
      text = data.subarray(colon + 1, newline < 0 ? data.length : newline).toString();
      if (!/^[A-Z]/.test(tag)) tag = "";
    }
    rows.push({
      id,
      kind: rowKind(id, tag, text),
      htmlBytes: bytes(JSON.stringify(`${id}:${text}`)) - 2,
      preview: text.slice(0, 80),
    });
    at = end;
  }
  return rows;
}

/** The rows' HTML bytes added up per kind, largest first. */
export function bytesByKind(rows: readonly FlightRow[]): [FlightRowKind, number][] {
  const totals = new Map<FlightRowKind, number>();
  for (const row of rows) totals.set(row.kind, (totals.get(row.kind) ?? 0) + row.htmlBytes);
  return [...totals].sort((a, b) => b[1] - a[1]);
}

function kb(bytesCount: number): string {
  return (bytesCount / 1024).toFixed(1);
}

/**
 * One line saying what a page's HTML is made of, for the bench's printout: the parts of
 * `htmlBreakdown`, the RSC payload by kind of row, and its largest rows.
 */
export function describeHtml(path: string, html: string, largestRows = 4): string {
  const parts = htmlBreakdown(html);
  const rows = flightRows(html);
  const kinds = bytesByKind(rows)
    .map(([kind, size]) => `${kind} ${kb(size)}`)
    .join(", ");
  const largest = [...rows]
    .sort((a, b) => b.htmlBytes - a.htmlBytes)
    .slice(0, largestRows)
    .map((row) => `${row.id} ${row.kind} ${kb(row.htmlBytes)} \`${row.preview.slice(0, 48)}…\``)
    .join("; ");
  return (
    `- ${path}: ${kb(parts.totalBytes)} kB = RSC payload ${kb(parts.rscPayloadBytes)} (${kinds})` +
    ` + inline scripts ${kb(parts.inlineScriptBytes)} + inline SVG ${kb(parts.svgBytes)}` +
    ` + class attributes ${kb(parts.classAttributeBytes)} + other markup ${kb(parts.markupBytes)}.` +
    ` Largest payload rows: ${largest}`
  );
}
