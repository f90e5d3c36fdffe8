import { createServer, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { createGzip } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { scriptHashSource } from "@/lib/security/inline-scripts";
import { PENDING_SCRIPT_HASHES } from "@/lib/security/pending-script-hashes";
import { installResponseScriptHashes } from "@/lib/security/response-script-hashes";

/**
 * Pages cached at run time get the hashes of the inline scripts they actually send
 * (lib/security/response-script-hashes.ts), over a real node:http server: in pieces, gzipped
 * on the way (as Next's compression does), through writeHead with headers; every other answer
 * passes through as it is written.
 */
const POLICY = (sources: string) =>
  `default-src 'self'; script-src 'self' ${sources}; object-src 'none'`;
const first = `self.__next_f.push([1,"a"])`;
const second = `self.__next_f.push([1,"${"b".repeat(5000)}"])`;
const html = [
  "<!DOCTYPE html><html><head>",
  `<script>${first}</script><script src="/_next/x.js"></script>`,
  "</head><body><p>Hi</p>",
  `<script type="application/ld+json">{"@type":"Product"}</script>`,
  `<script>${second}</script>`,
  "</body></html>",
];
const expected = [scriptHashSource(first), scriptHashSource(second)].join(" ");

type Handler = (res: ServerResponse) => void;
const handlers = new Map<string, Handler>();
let server: Server;
let origin: string;

beforeAll(async () => {
  installResponseScriptHashes();
  server = createServer((req, res) => handlers.get(req.url ?? "")?.(res));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

function pieces(res: ServerResponse, contentType = "text/html; charset=utf-8") {
  res.setHeader("content-type", contentType);
  for (const piece of html.slice(0, -1)) res.write(piece);
  res.end(html.at(-1));
}

describe("the inline script hashes of a page cached at run time", () => {
  it("replace the placeholder with the hashes of the body sent, written in pieces", async () => {
    handlers.set("/pieces", (res) => {
      res.setHeader("content-security-policy", POLICY(PENDING_SCRIPT_HASHES));
      res.setHeader("cache-control", "s-maxage=3600, stale-while-revalidate=31532400");
      pieces(res);
    });
    const response = await fetch(`${origin}/pieces`);
    expect(response.headers.get("content-security-policy")).toBe(POLICY(expected));
    // Browsers ask again every time (a 304 when nothing changed): the cache is the server's.
    expect(response.headers.get("cache-control")).toBe("no-cache");
    expect(await response.text()).toBe(html.join(""));
  });

  it("are listed once, after the ones the policy already names", async () => {
    const known = scriptHashSource(first);
    handlers.set("/known", (res) => {
      res.setHeader("content-security-policy", POLICY(`${known} ${PENDING_SCRIPT_HASHES}`));
      pieces(res);
    });
    const response = await fetch(`${origin}/known`);
    expect(response.headers.get("content-security-policy")).toBe(
      POLICY(`${known} ${scriptHashSource(second)}`),
    );
  });

  it("are read from a gzipped body, which is sent as it came", async () => {
    handlers.set("/gzip", (res) => {
      res.setHeader("content-security-policy", POLICY(PENDING_SCRIPT_HASHES));
      res.setHeader("content-type", "text/html");
      res.setHeader("content-encoding", "gzip");
      const gzip = createGzip();
      gzip.on("data", (chunk: Buffer) => res.write(chunk));
      gzip.on("end", () => res.end());
      for (const piece of html) gzip.write(piece);
      gzip.end();
    });
    const response = await fetch(`${origin}/gzip`);
    expect(response.headers.get("content-encoding")).toBe("gzip");
    expect(response.headers.get("content-security-policy")).toBe(POLICY(expected));
    expect(await response.text()).toBe(html.join(""));
  });

  it("are put in a policy given to writeHead, and keep its status", async () => {
    handlers.set("/head", (res) => {
      res.setHeader("content-security-policy", POLICY(PENDING_SCRIPT_HASHES));
      res.writeHead(404, { "Content-Security-Policy": POLICY(PENDING_SCRIPT_HASHES) });
      pieces(res);
    });
    const response = await fetch(`${origin}/head`);
    expect(response.status).toBe(404);
    expect(response.headers.get("content-security-policy")).toBe(POLICY(expected));
  });

  it("are left out of a 304: the browser keeps the policy it stored with the body", async () => {
    handlers.set("/not-modified", (res) => {
      res.setHeader("content-security-policy", POLICY(PENDING_SCRIPT_HASHES));
      res.setHeader("etag", '"abc"');
      res.statusCode = 304;
      res.end();
    });
    const response = await fetch(`${origin}/not-modified`);
    expect(response.status).toBe(304);
    expect(response.headers.get("etag")).toBe('"abc"');
    expect(response.headers.get("content-security-policy")).toBeNull();
  });

  it("are read once per ETag: a cached page's next visits reuse them", async () => {
    // Next's ETag names the body's bytes; two bodies under one ETag show that the second
    // was not read again, and a new ETag is read afresh.
    const other = `self.__next_f.push([1,"c"])`;
    const page = (etag: string, script: string) => (res: ServerResponse) => {
      res.setHeader("content-security-policy", POLICY(PENDING_SCRIPT_HASHES));
      res.setHeader("content-type", "text/html");
      res.setHeader("etag", etag);
      res.end(`<html><body><script>${script}</script></body></html>`);
    };
    handlers.set("/etag-1", page('"etag-1"', first));
    handlers.set("/etag-1-again", page('"etag-1"', other));
    handlers.set("/etag-2", page('"etag-2"', other));
    const policyOf = async (path: string) =>
      (await fetch(`${origin}${path}`)).headers.get("content-security-policy");
    expect(await policyOf("/etag-1")).toBe(POLICY(scriptHashSource(first)));
    expect(await policyOf("/etag-1-again")).toBe(POLICY(scriptHashSource(first)));
    expect(await policyOf("/etag-2")).toBe(POLICY(scriptHashSource(other)));
  });

  it("are none for an answer that is not HTML: the placeholder goes", async () => {
    handlers.set("/rsc", (res) => {
      res.setHeader("content-security-policy", POLICY(PENDING_SCRIPT_HASHES));
      pieces(res, "text/x-component");
    });
    const response = await fetch(`${origin}/rsc`);
    expect(response.headers.get("content-security-policy")).toBe(POLICY("").replace("  ", " "));
  });

  it("keep what wraps the response after them (Next's compression) in place", async () => {
    // Like compression: wraps write and end once the request is handled, writes through ours.
    const layer = (res: ServerResponse) => {
      const write = res.write.bind(res) as (chunk: string) => boolean;
      const end = res.end.bind(res) as () => ServerResponse;
      res.write = ((chunk: string) => write(chunk.toUpperCase())) as typeof res.write;
      res.end = ((chunk?: string) => {
        if (chunk) write(chunk.toUpperCase());
        write("!");
        return end();
      }) as typeof res.end;
    };
    for (const [path, policy] of [
      ["/layered-pass", POLICY("'nonce-abc'")],
      ["/layered-hold", POLICY(PENDING_SCRIPT_HASHES)],
    ] as const) {
      handlers.set(path, (res) => {
        res.setHeader("content-security-policy", policy);
        res.setHeader("content-type", "text/html");
        layer(res);
        res.write("a");
        res.write("b");
        res.end("c");
      });
      const response = await fetch(`${origin}${path}`);
      expect({ path, body: await response.text() }).toEqual({ path, body: "ABC!" });
    }
  });

  it("leave every other answer alone: its first piece is sent before its end", async () => {
    let sentEarly = false;
    handlers.set("/stream", (res) => {
      res.setHeader("content-security-policy", POLICY("'nonce-abc'"));
      res.setHeader("content-type", "text/html");
      res.write(html[0]);
      sentEarly = res.headersSent;
      setTimeout(() => res.end(html.slice(1).join("")), 20);
    });
    const response = await fetch(`${origin}/stream`);
    expect(response.headers.get("content-security-policy")).toBe(POLICY("'nonce-abc'"));
    expect(await response.text()).toBe(html.join(""));
    expect(sentEarly).toBe(true);
  });
});
