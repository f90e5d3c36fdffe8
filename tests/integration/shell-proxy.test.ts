import { createHash } from "node:crypto";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { NextRequest, type NextResponse } from "next/server";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { drawerInitScript } from "@/components/layout/drawer-store";
import { themeInitScript } from "@/components/layout/theme-store";
import { closeDb } from "@/lib/db/client";
import { resetEnvForTests } from "@/lib/env";
import { DEFAULT_ACTION_BODY_LIMIT, KIB } from "@/lib/security/action-body-limits";
import { buildContentSecurityPolicy } from "@/lib/security/content-security-policy";
import {
  resetStaticPageHashesForTests,
  STATIC_PAGE_HASHES_FILE,
} from "@/lib/security/static-page-hashes";
import { proxy } from "@/proxy";

/**
 * The proxy's shell-security steps, called as Next calls it (issues 2.5, 2.8, 2.9): the page
 * policy on every answer and on the request (Next takes the nonce from there), malformed
 * escapes refused with 400, server-action bodies refused with 411/413/400 before Next reads
 * them. Real settings, real auth guard (visitors without a session need no database).
 */
const ORIGIN = "http://127.0.0.1:3000";
const ACTION_ID = "7f".padEnd(42, "0");

/** The request goes on to Next: as it is (`next`) or rewritten to its locale's page. */
function passedOn(response: NextResponse): boolean {
  return (
    response.headers.get("x-middleware-next") === "1" ||
    response.headers.has("x-middleware-rewrite")
  );
}

afterEach(() => {
  for (const name of [
    "AUTH_GOOGLE_CLIENT_ID",
    "STRIPE_PUBLISHABLE_KEY",
    "MAPS_PUBLIC_KEY",
    "PAYMENTS_PROVIDER",
    "STRIPE_SECRET_KEY",
    "STRIPE_WEBHOOK_SECRET",
  ]) {
    delete process.env[name];
  }
  resetEnvForTests();
});
afterAll(async () => {
  await closeDb();
});

function directives(policy: string | null): Map<string, string[]> {
  return new Map(
    (policy ?? "").split(";").map((part) => {
      const [name = "", ...values] = part.trim().split(/\s+/);
      return [name, values];
    }),
  );
}

const sha256 = (text: string) =>
  `'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`;

describe("Content-Security-Policy", () => {
  it("puts a per-request nonce policy on the page and on the request Next renders", async () => {
    const first = await proxy(new NextRequest(`${ORIGIN}/login`));
    const second = await proxy(new NextRequest(`${ORIGIN}/login`));
    const policy = first.headers.get("content-security-policy");
    const csp = directives(policy);
    expect(csp.get("object-src")).toEqual(["'none'"]);
    expect(csp.get("base-uri")).toEqual(["'self'"]);
    expect(csp.get("frame-ancestors")).toEqual(["'none'"]);
    expect(csp.get("form-action")).toEqual(["'self'"]);
    expect(csp.get("default-src")).toEqual(["'self'"]);
    expect(csp.get("connect-src")).toEqual(["'self'"]);
    const scripts = csp.get("script-src") ?? [];
    expect(scripts).not.toContain("'unsafe-inline'");
    expect(scripts).not.toContain("'unsafe-eval'");
    expect(scripts).toEqual(
      expect.arrayContaining(["'self'", sha256(themeInitScript), sha256(drawerInitScript)]),
    );
    const nonce = scripts.find((source) => source.startsWith("'nonce-"));
    expect(nonce).toMatch(/^'nonce-[A-Za-z0-9+/]{22}=='$/);
    expect(second.headers.get("content-security-policy")).not.toBe(policy);
    // The request Next goes on to render carries the same policy (x-middleware-request-*).
    expect(passedOn(first)).toBe(true);
    expect(first.headers.get("x-middleware-override-headers")).toContain("content-security-policy");
    expect(first.headers.get("x-middleware-request-content-security-policy")).toBe(policy);
  });

  it("gives a prerendered page the hashes of its own inline scripts, and no nonce", async () => {
    const dist = await mkdtemp(path.join(tmpdir(), "lm-dist-"));
    const hashes = ["'sha256-AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA='"];
    await writeFile(
      path.join(dist, STATIC_PAGE_HASHES_FILE),
      JSON.stringify({ "/es/about": hashes }),
    );
    process.env.NEXT_DIST_DIR = path.relative(process.cwd(), dist);
    resetEnvForTests();
    resetStaticPageHashesForTests();
    try {
      const spanish = await proxy(
        new NextRequest(`${ORIGIN}/about`, { headers: { cookie: "NEXT_LOCALE=es" } }),
      );
      const scripts = directives(spanish.headers.get("content-security-policy")).get("script-src");
      expect(scripts).toEqual(expect.arrayContaining([...hashes, sha256(themeInitScript)]));
      expect(scripts?.some((source) => source.startsWith("'nonce-"))).toBe(false);
      // Nothing to render: no policy on the request.
      expect(spanish.headers.get("x-middleware-request-content-security-policy")).toBeNull();
      // The English page was not prerendered in this build: a nonce, as for any other.
      const english = await proxy(new NextRequest(`${ORIGIN}/about`));
      expect(english.headers.get("content-security-policy")).toMatch(/'nonce-/);
    } finally {
      delete process.env.NEXT_DIST_DIR;
      resetEnvForTests();
      resetStaticPageHashesForTests();
      await rm(dist, { recursive: true, force: true });
    }
  });

  it("adds Google's and Stripe's origins only when they are configured", async () => {
    // A publishable key alone does not make Stripe the provider: no Stripe origin then.
    process.env.STRIPE_PUBLISHABLE_KEY = "pk_test_123";
    resetEnvForTests();
    const sandbox = directives(
      (await proxy(new NextRequest(`${ORIGIN}/login`))).headers.get("content-security-policy"),
    );
    expect(sandbox.get("script-src")?.some((source) => source.includes("stripe"))).toBe(false);
    expect(sandbox.get("frame-src")?.some((source) => source.includes("stripe"))).toBe(false);
    process.env.AUTH_GOOGLE_CLIENT_ID = "client.apps.example.com";
    process.env.PAYMENTS_PROVIDER = "stripe";
    process.env.STRIPE_SECRET_KEY = "sk_test_123";
    process.env.STRIPE_WEBHOOK_SECRET = "whsec_123";
    resetEnvForTests();
    const csp = directives(
      (await proxy(new NextRequest(`${ORIGIN}/login`))).headers.get("content-security-policy"),
    );
    expect(csp.get("script-src")).toEqual(
      expect.arrayContaining(["https://accounts.google.com/gsi/client", "https://js.stripe.com"]),
    );
    expect(csp.get("connect-src")).toEqual(
      expect.arrayContaining(["https://accounts.google.com/gsi/", "https://api.stripe.com"]),
    );
    expect(csp.get("frame-src")).toEqual(
      expect.arrayContaining(["https://accounts.google.com/gsi/", "https://js.stripe.com"]),
    );
  });

  it("allows the Google Maps API only when MAPS_PUBLIC_KEY is set, and never eval", async () => {
    const page = async () =>
      directives(
        (await proxy(new NextRequest(`${ORIGIN}/commerce`))).headers.get("content-security-policy"),
      );
    const without = await page();
    for (const directive of ["script-src", "img-src", "connect-src", "font-src", "style-src"]) {
      expect(
        without.get(directive)?.filter((source) => /google|gstatic/.test(source)),
        directive,
      ).toEqual([]);
    }
    expect(without.get("worker-src")).toEqual(["'self'"]);
    process.env.MAPS_PUBLIC_KEY = "maps-public-key";
    resetEnvForTests();
    const withKey = await page();
    expect(withKey.get("script-src")).toEqual(
      expect.arrayContaining(["https://maps.googleapis.com", "https://maps.gstatic.com"]),
    );
    // Not every googleapis.com host: storage.googleapis.com serves anyone's files.
    expect(withKey.get("script-src")).not.toContain("https://*.googleapis.com");
    expect(withKey.get("script-src")).not.toContain("'unsafe-eval'");
    expect(withKey.get("img-src")).toEqual(
      expect.arrayContaining(["https://*.googleapis.com", "https://*.gstatic.com"]),
    );
    expect(withKey.get("connect-src")).toContain("https://*.googleapis.com");
    expect(withKey.get("font-src")).toContain("https://fonts.gstatic.com");
    expect(withKey.get("worker-src")).toContain("blob:");
  });

  it("names a hosted Supabase project in connect-src and eval only in development", () => {
    const csp = directives(
      buildContentSecurityPolicy("abc", {
        development: true,
        google: false,
        stripe: false,
        maps: false,
        supabaseOrigin: "https://ref.supabase.co",
      }),
    );
    expect(csp.get("connect-src")).toEqual(["'self'", "https://ref.supabase.co"]);
    expect(csp.get("script-src")).toContain("'unsafe-eval'");
    expect(csp.get("script-src")).toContain("'nonce-abc'");
  });
});

describe("malformed percent-escapes", () => {
  it.each(["/%", "/foo%ZZ", "/contact%", "/%E0%A4%A", "/%C3%28", "/api/health%ZZ"])(
    "%s is a 400 with the generic error page",
    async (path) => {
      const response = await proxy(new NextRequest(`${ORIGIN}${path}`));
      expect(response.status).toBe(400);
      expect(response.headers.get("content-type")).toBe("text/html; charset=utf-8");
      expect(await response.text()).toContain("<h1>Error</h1>");
      expect(response.headers.get("content-security-policy")).toContain("object-src 'none'");
    },
  );

  it("leaves well-formed escapes alone", async () => {
    const response = await proxy(new NextRequest(`${ORIGIN}/docs/caf%C3%A9%20bar`));
    expect(passedOn(response)).toBe(true);
  });
});

function actionRequest(
  path: string,
  body: string,
  headers: Record<string, string>,
  length: number | null = Buffer.byteLength(body),
) {
  return new NextRequest(`${ORIGIN}${path}`, {
    method: "POST",
    body,
    headers: {
      ...(length === null ? {} : { "content-length": String(length) }),
      ...headers,
    },
  });
}

const multipart = (fields: Record<string, string>, boundary = "XyZ") =>
  Object.entries(fields)
    .map(
      ([name, value]) =>
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
    )
    .join("") + `--${boundary}--\r\n`;

const MULTIPART = "multipart/form-data; boundary=XyZ";

describe("the locale rewrite", () => {
  const rewriteOf = (response: NextResponse) =>
    new URL(response.headers.get("x-middleware-rewrite") ?? "", ORIGIN).pathname;

  it("serves each page URL from its locale's page: cookie, then Accept-Language, then English", async () => {
    expect(rewriteOf(await proxy(new NextRequest(`${ORIGIN}/about`)))).toBe("/en/about");
    expect(rewriteOf(await proxy(new NextRequest(`${ORIGIN}/`)))).toBe("/en");
    const cookie = await proxy(
      new NextRequest(`${ORIGIN}/docs`, {
        headers: { cookie: "NEXT_LOCALE=es", "accept-language": "en" },
      }),
    );
    expect(rewriteOf(cookie)).toBe("/es/docs");
    // next-intl reads the locale of a render per request from this header.
    expect(cookie.headers.get("x-middleware-request-x-next-intl-locale")).toBe("es");
    const browser = await proxy(
      new NextRequest(`${ORIGIN}/about`, { headers: { "accept-language": "es-MX,es;q=0.9" } }),
    );
    expect(rewriteOf(browser)).toBe("/es/about");
    // The address keeps no locale: one that has one is not special (a 404).
    expect(rewriteOf(await proxy(new NextRequest(`${ORIGIN}/en/about`)))).toBe("/en/en/about");
    // Shared caches must tell the locales apart.
    expect(browser.headers.get("vary")).toMatch(/Cookie/);
  });

  it("keeps the origin Next sees (a rewrite to another host would be proxied into a loop)", async () => {
    const response = await proxy(new NextRequest("http://localhost:3000/about"));
    expect(new URL(response.headers.get("x-middleware-rewrite") ?? "").origin).toBe(
      "http://localhost:3000",
    );
  });

  it("leaves route handlers and the bench's page alone", async () => {
    for (const path of ["/api/health", "/auth/v1/settings", "/robots.txt", "/dev/minimal"]) {
      const response = await proxy(new NextRequest(`${ORIGIN}${path}`));
      expect(response.headers.has("x-middleware-rewrite"), path).toBe(false);
    }
  });
});

describe("server-action bodies", () => {
  it("lets a well-formed action call and form post through", async () => {
    const fetchCall = actionRequest("/contact", multipart({ "1_name": "Ana", "0": '["$K1"]' }), {
      "content-type": MULTIPART,
      "next-action": ACTION_ID,
    });
    expect(passedOn(await proxy(fetchCall))).toBe(true);
    const textCall = actionRequest("/profile/update", '["a",1]', {
      "content-type": "text/plain;charset=UTF-8",
      "next-action": ACTION_ID,
    });
    expect((await proxy(textCall)).status).not.toBe(400);
    const formPost = actionRequest("/contact", multipart({ $ACTION_KEY: "k1", name: "Ana" }), {
      "content-type": MULTIPART,
    });
    expect(passedOn(await proxy(formPost))).toBe(true);
  });

  it("refuses a body over the form's limit with 413, before reading it", async () => {
    const refused = await proxy(
      actionRequest(
        "/contact",
        "x",
        {
          "content-type": MULTIPART,
          "next-action": ACTION_ID,
          "content-length": String(DEFAULT_ACTION_BODY_LIMIT + 1),
        },
        null,
      ),
    );
    expect(refused.status).toBe(413);
    expect(await refused.text()).toContain("<h1>Error</h1>");
    const twentyMb = await proxy(
      actionRequest(
        "/",
        "x",
        { "content-type": MULTIPART, "content-length": String(20 * 1024 * KIB) },
        null,
      ),
    );
    expect(twentyMb.status).toBe(413);
    // The schedule editor's form is allowed more (100 dated exceptions with notes).
    const schedule = multipart({ "0": JSON.stringify([{ note: "n".repeat(100 * KIB) }]) });
    const allowed = await proxy(
      actionRequest("/backoffice/organisation/abc/settings/schedule/create", schedule, {
        "content-type": MULTIPART,
        "next-action": ACTION_ID,
      }),
    );
    // Let through, to the guard: a visitor without a session is sent to sign in.
    expect(allowed.status).toBe(307);
    const elsewhere = await proxy(
      actionRequest("/backoffice/organisation/abc/settings/faq", schedule, {
        "content-type": MULTIPART,
        "next-action": ACTION_ID,
      }),
    );
    expect(elsewhere.status).toBe(413);
  });

  it("refuses an action body without a length with 411", async () => {
    const response = await proxy(
      actionRequest(
        "/contact",
        "[]",
        { "content-type": "text/plain", "next-action": ACTION_ID },
        null,
      ),
    );
    expect(response.status).toBe(411);
  });

  it("refuses truncated multipart and garbage with 400", async () => {
    const truncated = `--XyZ\r\nContent-Disposition: form-data; name="1_name"\r\n\r\nhello`;
    for (const [body, headers] of [
      [truncated, { "content-type": MULTIPART, "next-action": ACTION_ID }],
      [truncated, { "content-type": MULTIPART }],
      ["garbage garbage", { "content-type": MULTIPART, "next-action": ACTION_ID }],
      ["garbage", { "content-type": "multipart/form-data", "next-action": ACTION_ID }],
      ["garbage[[[", { "content-type": "text/plain", "next-action": ACTION_ID }],
      [multipart({ "0": "not json" }), { "content-type": MULTIPART, "next-action": ACTION_ID }],
      [multipart({ "1_name": "no root" }), { "content-type": MULTIPART, "next-action": ACTION_ID }],
      // JSON, but not what React's decoder takes: the root is not the arguments' array, or a
      // value references a row the body does not have (Next: "Connection closed", a 500).
      ['"x"', { "content-type": "text/plain", "next-action": ACTION_ID }],
      ["12", { "content-type": "text/plain", "next-action": ACTION_ID }],
      ["null", { "content-type": "text/plain", "next-action": ACTION_ID }],
      ['{"a":1}', { "content-type": "text/plain", "next-action": ACTION_ID }],
      ['["$@1","$Q2","$W3"]', { "content-type": "text/plain", "next-action": ACTION_ID }],
      ['["$1","$ffffffff"]', { "content-type": "text/plain", "next-action": ACTION_ID }],
      ['["$T","$h1"]', { "content-type": "text/plain", "next-action": ACTION_ID }],
      ['["$K1"]', { "content-type": "text/plain", "next-action": ACTION_ID }],
      ['["$Dnot a date"]', { "content-type": "text/plain", "next-action": ACTION_ID }],
      [`["$n${"9".repeat(301)}"]`, { "content-type": "text/plain", "next-action": ACTION_ID }],
      [
        multipart({ "0": '["$1","$@5"]', "1": '"one"' }),
        { "content-type": MULTIPART, "next-action": ACTION_ID },
      ],
      [
        multipart({ "0": '["$@1"]', "1": "not json" }),
        { "content-type": MULTIPART, "next-action": ACTION_ID },
      ],
      [multipart({ "0": '{"a":"$K1"}' }), { "content-type": MULTIPART, "next-action": ACTION_ID }],
      // A form posted without JavaScript, for an action with bound arguments: its metadata
      // must decode, and what it binds must be there.
      [
        multipart({ $ACTION_REF_1: "", "$ACTION_1:0": '{"id":"x","bound":"$@9"}' }),
        { "content-type": MULTIPART },
      ],
      [
        multipart({
          $ACTION_REF_1: "",
          "$ACTION_1:0": '{"id":"x","bound":"$@1"}',
          "$ACTION_1:1": "[[[",
        }),
        { "content-type": MULTIPART },
      ],
      [multipart({ $ACTION_REF_1: "", "$ACTION_1:0": "[]" }), { "content-type": MULTIPART }],
    ] as const) {
      const response = await proxy(actionRequest("/contact", body, headers));
      expect({ body, status: response.status }).toEqual({ body, status: 400 });
    }
  });

  it("lets every value React's encoder sends through", async () => {
    for (const [body, headers] of [
      [
        '["$undefined","$NaN","$Infinity","$-Infinity","$-0","$$dollar","$D2026-11-29T10:00:00.000Z","$n-12",{"a":[1,null,true]}]',
        { "content-type": "text/plain", "next-action": ACTION_ID },
      ],
      ["[]", { "content-type": "text/plain", "next-action": ACTION_ID }],
      [
        multipart({
          "0": '[{"status":"idle"},"$K1","$@2","$Q3","$2:0"]',
          "1_name": "Ana",
          "2": '["x"]',
          "3": '[["k","$@2"]]',
        }),
        { "content-type": MULTIPART, "next-action": ACTION_ID },
      ],
      [
        multipart({
          $ACTION_REF_1: "",
          "$ACTION_1:0": '{"id":"x","bound":"$@1"}',
          "$ACTION_1:1": '[{"status":"idle"}]',
          name: "Ana",
        }),
        { "content-type": MULTIPART },
      ],
      [multipart({ $ACTION_ID_abc: "", name: "Ana" }), { "content-type": MULTIPART }],
    ] as const) {
      const response = await proxy(actionRequest("/contact", body, headers));
      expect({ body, status: response.status }).not.toEqual({ body, status: 400 });
    }
  });

  it("refuses an action from another origin with 403, as Next would refuse to run it", async () => {
    const call = (headers: Record<string, string>) =>
      proxy(
        actionRequest("/contact", '["a"]', {
          "content-type": "text/plain",
          "next-action": ACTION_ID,
          host: "127.0.0.1:3000",
          ...headers,
        }),
      );
    expect((await call({ origin: "http://evil.example" })).status).toBe(403);
    expect((await call({ origin: "null" })).status).toBe(403);
    expect((await call({ origin: "http://127.0.0.1:3001" })).status).toBe(403);
    expect((await call({ origin: "http://127.0.0.1:3000" })).status).not.toBe(403);
    // Behind a proxy that forwards the public host, as Next compares it.
    expect(
      (await call({ origin: "https://shop.example", "x-forwarded-host": "shop.example" })).status,
    ).not.toBe(403);
    // A form posted without JavaScript is an action too.
    const form = await proxy(
      actionRequest("/contact", multipart({ $ACTION_ID_abc: "", name: "Ana" }), {
        "content-type": MULTIPART,
        host: "127.0.0.1:3000",
        origin: "http://evil.example",
      }),
    );
    expect(form.status).toBe(403);
    // No Origin (not a browser): Next runs it, and the body rules still apply.
    expect((await call({})).status).not.toBe(403);
  });

  it("leaves route handlers' bodies to them", async () => {
    const response = await proxy(
      actionRequest("/auth/v1/token", "garbage", { "content-type": MULTIPART }),
    );
    expect(response.status).not.toBe(400);
  });
});
