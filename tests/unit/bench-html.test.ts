import { describe, expect, it } from "vitest";
import { bytesByKind, describeHtml, flightData, flightRows, htmlBreakdown } from "@/bench/html";

/** A script as Next writes it: `self.__next_f.push([1,"…"])`, the chunk JSON-encoded. */
function push(chunk: string): string {
  return `<script>self.__next_f.push(${JSON.stringify([1, chunk])})</script>`;
}

const ROWS = {
  reference: '3:I[339756,["$2"],"default"]\n',
  path: '2:"/_next/static/chunks/421c_el12128q.js"\n',
  hint: '11:HL["/_next/static/chunks/a.css","style"]\n',
  tree: '0:{"P":null,"c":["","about"],"t":{"s":""}}\n',
  segment: '6:[["children",{"s":"about","h":64}]]\n',
  messages: '41:["$","$L42",null,{"locale":"en","messages":{"ui":{"brand":"Live Market"}}}]\n',
  svg: '23:["$","svg",null,{"viewBox":"0 0 24 24","children":[["$","path","a",{"d":"M1 1"}]]}]\n',
  metadata: '15:[["$","title","0",{"children":"About · Live Market"}]]\n',
  script: '43:[["$","script",null,{"dangerouslySetInnerHTML":{"__html":"try{}catch(e){}"}}]]\n',
  elements: 'c:["$","div",null,{"className":"mx-auto","children":"About Live Market"}]\n',
};
/** A text row: `id:T<hex byte length>,<text>`, no newline; "é" and "€" are 2 and 3 bytes. */
const TEXT = "Café €5 <b>";
const TEXT_ROW = `7:T${Buffer.byteLength(TEXT).toString(16)},${TEXT}`;

const BOOTSTRAP = "<script>(self.__next_f=self.__next_f||[]).push([0])</script>";
const THEME = '<script>try{document.documentElement.classList.add("dark")}catch(e){}</script>';
const SVG = '<svg viewBox="0 0 24 24"><path d="M1 1"></path></svg>';
const EXTERNAL = '<script src="/_next/static/chunks/a.js" async=""></script>';

function page(): string {
  const rows = Object.values(ROWS);
  // The payload split across several pushes, one of them in the middle of the text row.
  const data = [...rows.slice(0, 5), TEXT_ROW, ...rows.slice(5)].join("");
  const cut = data.indexOf("Café") + 2;
  return (
    `<!DOCTYPE html><html lang="en"><head>${EXTERNAL}</head><body>` +
    `<main class="mx-auto w-full">${SVG}<h1 class="text-3xl">About</h1><p>Text</p></main>` +
    `${THEME}${BOOTSTRAP}${push(data.slice(0, cut))}${push(data.slice(cut))}</body></html>`
  );
}

describe("htmlBreakdown", () => {
  it("splits a page into RSC payload, inline scripts, SVG, class attributes and markup", () => {
    const html = page();
    const parts = htmlBreakdown(html);
    const bytes = (s: string) => Buffer.byteLength(s);
    const payload = html.slice(html.indexOf("<script>self.__next_f.push([1"));
    expect(parts.totalBytes).toBe(bytes(html));
    expect(parts.rscPayloadBytes).toBe(bytes(payload.replace("</body></html>", "")));
    expect(parts.inlineScriptBytes).toBe(bytes(THEME) + bytes(BOOTSTRAP));
    expect(parts.svgBytes).toBe(bytes(SVG));
    expect(parts.classAttributeBytes).toBe(
      bytes(' class="mx-auto w-full"') + bytes(' class="text-3xl"'),
    );
    expect(
      parts.rscPayloadBytes +
        parts.inlineScriptBytes +
        parts.svgBytes +
        parts.classAttributeBytes +
        parts.markupBytes,
    ).toBe(parts.totalBytes);
    // The external script tag is markup, not an inline script.
    expect(parts.markupBytes).toBeGreaterThan(bytes(EXTERNAL));
  });

  it("finds nothing to split in a page without scripts", () => {
    const parts = htmlBreakdown("<p>é</p>");
    expect(parts).toEqual({
      totalBytes: 9,
      rscPayloadBytes: 0,
      inlineScriptBytes: 0,
      svgBytes: 0,
      classAttributeBytes: 0,
      markupBytes: 9,
    });
  });
});

describe("flightRows", () => {
  it("joins the pushes back into the Flight data", () => {
    expect(flightData(page())).toContain(TEXT_ROW);
  });

  it("reads every row, a text row by its byte length", () => {
    const rows = flightRows(page());
    expect(rows.map((r) => r.id)).toEqual([
      "3",
      "2",
      "11",
      "0",
      "6",
      "7",
      "41",
      "23",
      "15",
      "43",
      "c",
    ]);
    const text = rows.find((r) => r.id === "7");
    expect(text?.kind).toBe("text");
    expect(text?.preview).toBe(TEXT);
  });

  it("guesses each row's kind", () => {
    const kinds = Object.fromEntries(flightRows(page()).map((r) => [r.id, r.kind]));
    expect(kinds).toEqual({
      "3": "client reference",
      "2": "client reference",
      "11": "hint",
      "0": "router tree",
      "6": "router tree",
      "7": "text",
      "41": "messages",
      "23": "svg icon",
      "15": "metadata",
      "43": "inline script",
      c: "elements",
    });
  });

  it("counts what each row costs JSON-escaped in the HTML", () => {
    const [reference] = flightRows(page());
    // 3:I[339756,["$2"],"default"]  → each " becomes \" inside the script.
    expect(reference?.htmlBytes).toBe(Buffer.byteLength(JSON.stringify(ROWS.reference.trim())) - 2);
    expect(reference?.htmlBytes).toBe(ROWS.reference.trim().length + 4);
  });

  it("adds the rows up per kind, largest first", () => {
    const totals = bytesByKind(flightRows(page()));
    const sizes = totals.map(([, size]) => size);
    expect(sizes).toEqual([...sizes].sort((a, b) => b - a));
    expect(new Map(totals).get("router tree")).toBe(
      flightRows(page())
        .filter((r) => r.kind === "router tree")
        .reduce((sum, r) => sum + r.htmlBytes, 0),
    );
  });

  it("returns no rows for a page without a payload", () => {
    expect(flightRows("<html><body>static</body></html>")).toEqual([]);
  });
});

describe("describeHtml", () => {
  it("says what the page is made of and names its largest rows", () => {
    const line = describeHtml("/about", page(), 2);
    expect(line).toMatch(/^- \/about: \d+\.\d kB = RSC payload \d+\.\d \(/);
    expect(line).toContain("messages");
    const [first, second] = [...flightRows(page())].sort((a, b) => b.htmlBytes - a.htmlBytes);
    expect(line).toContain(`Largest payload rows: ${first?.id} ${first?.kind} 0.1 \``);
    expect(line).toContain(`; ${second?.id} ${second?.kind} 0.1 \``);
    expect(line.match(/`/g)).toHaveLength(4);
  });
});
