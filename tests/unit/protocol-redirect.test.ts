import { describe, expect, it } from "vitest";
import { resolveProtocolRedirect } from "@/lib/routes/protocol-redirect";

const SITE = "https://market.example";
const origins = [SITE, "http://127.0.0.1:3100"];
const resolve = (value: string | null) => resolveProtocolRedirect(value, origins);

describe("resolveProtocolRedirect: the app scheme", () => {
  it.each([
    ["web+livemarket://docs/getting-started", "/docs/getting-started"],
    ["web+livemarket://", "/"],
    ["web+livemarket://commerce/event/42/ticket", "/commerce/event/42/ticket"],
    ["web+livemarket://commerce/service?category=plumbing", "/commerce/service?category=plumbing"],
    ["web+livemarket://docs#refunds", "/docs#refunds"],
    ["WEB+LiveMarket://about", "/about"],
    ["web+livemarket://docs/../terms", "/terms"],
    ["web+livemarket://%2F%2Fevil.com", "/%2F%2Fevil.com"],
    ["web+livemarket://user@evil.com", "/user@evil.com"],
    ["web+livemarket://javascript:alert(1)", "/javascript:alert(1)"],
  ])("%s → %s", (value, expected) => {
    expect(resolve(value)).toBe(expected);
  });

  it("decodes nothing itself: the query string was already decoded once", () => {
    const url = new URL("https://market.example/?protocol=web%2Blivemarket%3A%2F%2Fdocs%2Fx");
    expect(resolve(url.searchParams.get("protocol"))).toBe("/docs/x");
  });
});

describe("resolveProtocolRedirect: the site's own origin", () => {
  it.each([
    ["https://market.example/docs/getting-started", "/docs/getting-started"],
    ["https://market.example", "/"],
    ["https://market.example/", "/"],
    ["HTTPS://MARKET.EXAMPLE/partners?x=1", "/partners?x=1"],
    ["http://127.0.0.1:3100/linkpage", "/linkpage"],
  ])("%s → %s", (value, expected) => {
    expect(resolve(value)).toBe(expected);
  });
});

describe("resolveProtocolRedirect: refuses everything that could leave the site", () => {
  it.each([
    [null],
    [""],
    ["docs/getting-started"],
    ["/docs/getting-started"],
    ["//evil.com"],
    ["//evil.com/docs"],
    ["\\\\evil"],
    ["\\\\evil.com/docs"],
    ["/\\evil.com"],
    ["javascript:alert(1)"],
    ["JavaScript:alert(document.cookie)"],
    ["data:text/html,<script>alert(1)</script>"],
    ["vbscript:msgbox(1)"],
    ["https://evil.com/docs"],
    ["http://evil.com"],
    ["https://market.example.evil.com/docs"],
    ["https://market.example@evil.com/docs"],
    ["https://market.example:8443/docs"],
    ["http://market.example/docs"],
    ["https://evil.com/https://market.example/docs"],
    ["web+livemarket:////evil.com"],
    ["web+livemarket:///\\evil.com"],
    ["web+livemarket://\\evil.com"],
    ["web+livemarket://\\\\evil.com"],
    ["web+livemarket://docs\\..\\\\evil.com"],
    ["https://market.example//evil.com"],
    ["https://market.example/\\evil.com"],
    ["web+livemarket://\t//evil.com"],
    ["web+livemarket://\n/evil.com"],
    ["web+livemarket:// //evil.com"],
    ["web+livemarket://docs\u0000"],
    ["web+livemarket:"],
    ["web+livemarket:/docs"],
    ["web+otherapp://docs"],
    ["livemarket://docs"],
    ["web+livemarket://" + "a".repeat(3000)],
  ])("%j → no redirect", (value) => {
    expect(resolve(value)).toBeNull();
  });

  it("ignores origins that are not http(s) URLs", () => {
    expect(resolveProtocolRedirect("javascript:alert(1)/x", ["javascript:alert(1)"])).toBeNull();
    expect(resolveProtocolRedirect("nonsense/x", ["nonsense"])).toBeNull();
  });

  it("only ever returns a single-slash absolute path", () => {
    const samples = [
      "web+livemarket://a",
      "web+livemarket://./b",
      "web+livemarket://../../c",
      "web+livemarket://%5C%5Cevil",
      "web+livemarket://?q=//evil.com",
      "https://market.example/..//evil.com",
      "https://market.example/./%2e%2e//evil.com",
    ];
    for (const sample of samples) {
      const path = resolve(sample);
      if (path === null) continue;
      expect(path.startsWith("/")).toBe(true);
      expect(path.startsWith("//")).toBe(false);
      expect(new URL(path, SITE).origin).toBe(SITE);
    }
  });
});
