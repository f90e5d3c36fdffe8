// First: the request scope sets up what Next's server sets up before its stores exist.
import { callRoute, siteRequest, type CookieJar } from "./support/request-scope";
import { readdirSync } from "node:fs";
import path from "node:path";
import { NextRequest } from "next/server";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import * as profileMe from "@/app/api/profile/me/route";
import * as profileUser from "@/app/api/profile/me/user/route";
import * as orgFile from "@/app/api/organisations/[organisationId]/files/[fileId]/route";
import * as orgFiles from "@/app/api/organisations/[organisationId]/files/route";
import * as orgLogo from "@/app/api/organisations/[organisationId]/logo/route";
import * as productsExport from "@/app/api/organisations/[organisationId]/products/export/route";
import * as productsImport from "@/app/api/organisations/[organisationId]/products/import/route";
import * as productImages from "@/app/api/organisations/[organisationId]/products/[productId]/images/route";
import * as ownReview from "@/app/api/listings/[listingId]/own-review/route";
import * as reviewPhotos from "@/app/api/reviews/[reviewId]/photos/route";
import * as reviewPhoto from "@/app/api/reviews/[reviewId]/photos/[photoId]/route";
import * as moderationPhoto from "@/app/api/moderation/review-photos/[photoId]/route";
import * as buyerInvoicePdf from "@/app/api/invoices/[invoiceId]/pdf/route";
import * as sellerInvoicePdf from "@/app/api/organisations/[organisationId]/invoices/[invoiceId]/pdf/route";
import { sessionCookieName } from "@/lib/auth/client/auth-options";
import { authGuard } from "@/lib/auth/guard/auth-proxy";
import { getKeyRing } from "@/lib/auth/service/keys";
import { closeDb } from "@/lib/db/client";
import { env } from "@/lib/env";

/**
 * Issue 2.6: a malformed session cookie is a visitor without a session, never a 5xx. Three
 * token forms (`alg: none`, a foreign `kid`, `abc.def.ghi`), each in the cookie shapes a
 * browser can hold (a session @supabase/ssr would write, fresh or near expiry or without an
 * expiry, and the bare token as the cookie value), against every route handler under
 * app/api that reads the session and, through the proxy, against pages.
 */
const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");
const ZERO = "00000000-0000-4000-8000-000000000000";
const now = () => Math.floor(Date.now() / 1000);

let ourKid = "";
let cookieName = "";

function tokens(): Record<string, string> {
  const claims = { sub: ZERO, aud: "authenticated", role: "authenticated", exp: now() + 3600 };
  return {
    "alg none (our kid)": `${b64({ alg: "none", typ: "JWT", kid: ourKid })}.${b64(claims)}.`,
    "alg none (no kid)": `${b64({ alg: "none", typ: "JWT" })}.${b64(claims)}.`,
    "RS256 under our kid": `${b64({ alg: "RS256", typ: "JWT", kid: ourKid })}.${b64(claims)}.${"A".repeat(342)}`,
    "foreign kid": `${b64({ alg: "ES256", typ: "JWT", kid: "someone-elses-key" })}.${b64(claims)}.${"A".repeat(86)}`,
    "abc.def.ghi": "abc.def.ghi",
  };
}

function session(token: string, expiresAt: number | undefined) {
  return {
    access_token: token,
    refresh_token: "not-a-refresh-token",
    token_type: "bearer",
    expires_in: 3600,
    ...(expiresAt === undefined ? {} : { expires_at: expiresAt }),
    user: { id: ZERO, aud: "authenticated", role: "authenticated" },
  };
}

function jars(): [string, CookieJar][] {
  const out: [string, CookieJar][] = [];
  for (const [name, token] of Object.entries(tokens())) {
    const shapes: [string, string][] = [
      ["fresh session", `base64-${b64(session(token, now() + 3600))}`],
      ["session near expiry", `base64-${b64(session(token, now() + 30))}`],
      ["session without expiry", `base64-${b64(session(token, undefined))}`],
      ["bare token", token],
    ];
    for (const [shape, value] of shapes)
      out.push([`${name}, ${shape}`, new Map([[cookieName, value]])]);
  }
  return out;
}

beforeAll(async () => {
  ourKid = (await getKeyRing()).kid;
  cookieName = sessionCookieName(env().SITE_URL);
});

afterAll(async () => {
  vi.restoreAllMocks();
  await closeDb();
});

type Handler = (request: Request, context: { params: Promise<never> }) => Promise<Response>;
const ORG = "11111111-1111-4111-8111-111111111111";
const FILE = "22222222-2222-4222-8222-222222222222";

/** The values of the dynamic segments in the routes' paths. */
const SEGMENTS: Record<string, string> = {
  organisationId: ORG,
  fileId: FILE,
  productId: FILE,
  reviewId: FILE,
  photoId: ORG,
  listingId: FILE,
  invoiceId: FILE,
};

/**
 * A route handler under app/api: its method and folder (`GET profile/me`), and its status
 * for a request without a session. Its path and params fill the folder's dynamic segments.
 */
function sessionRoute(route: string, handler: unknown, anonymous: number) {
  const [method = "", folder = ""] = route.split(" ");
  const names = [...folder.matchAll(/\[(\w+)\]/g)].map((match) => match[1] ?? "");
  const params = Object.fromEntries(names.map((name) => [name, SEGMENTS[name] ?? ""]));
  const path = `/api/${folder.replace(/\[(\w+)\]/g, (_, name: string) => SEGMENTS[name] ?? "")}`;
  return {
    file: `${folder}/route.ts`,
    method,
    handler: handler as Handler,
    path,
    params,
    anonymous,
  };
}

/** Every route handler under app/api that reads the session, with its answer to no session. */
const sessionRoutes = [
  sessionRoute("GET profile/me", profileMe.GET, 401),
  sessionRoute("GET profile/me/user", profileUser.GET, 401),
  sessionRoute("POST organisations/[organisationId]/files", orgFiles.POST, 404),
  sessionRoute("GET organisations/[organisationId]/files/[fileId]", orgFile.GET, 404),
  sessionRoute("POST organisations/[organisationId]/logo", orgLogo.POST, 404),
  sessionRoute("DELETE organisations/[organisationId]/logo", orgLogo.DELETE, 404),
  sessionRoute("GET organisations/[organisationId]/products/export", productsExport.GET, 404),
  sessionRoute("POST organisations/[organisationId]/products/import", productsImport.POST, 404),
  sessionRoute(
    "POST organisations/[organisationId]/products/[productId]/images",
    productImages.POST,
    404,
  ),
  sessionRoute("POST reviews/[reviewId]/photos", reviewPhotos.POST, 404),
  // 200 with `{ signedIn: false, review: null }`: tests/integration/own-review.test.ts.
  sessionRoute("GET listings/[listingId]/own-review", ownReview.GET, 200),
  sessionRoute("DELETE reviews/[reviewId]/photos/[photoId]", reviewPhoto.DELETE, 404),
  sessionRoute("GET moderation/review-photos/[photoId]", moderationPhoto.GET, 404),
  sessionRoute("GET invoices/[invoiceId]/pdf", buyerInvoicePdf.GET, 404),
  sessionRoute(
    "GET organisations/[organisationId]/invoices/[invoiceId]/pdf",
    sellerInvoicePdf.GET,
    404,
  ),
];
/** Route handlers that never read the session (public data, signed links). */
const sessionless = [
  "environment/route.ts",
  "health/route.ts",
  "key-values/route.ts",
  "listings/highlights/route.ts",
  // Signed by the payment provider; reads no session (docs/payments.md, "Webhook").
  "payments/webhook/route.ts",
  "offers/running/route.ts",
  "public-files/[fileId]/route.ts",
  "review-photos/[photoId]/route.ts",
  "storage/[...key]/route.ts",
];

function routeFiles(dir: string, prefix = ""): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? routeFiles(path.join(dir, entry.name), `${prefix}${entry.name}/`)
      : entry.name === "route.ts"
        ? [`${prefix}${entry.name}`]
        : [],
  );
}

describe("a malformed session cookie is no session (issue 2.6)", () => {
  it("covers every route handler under app/api (a new one must be listed here)", () => {
    const covered = new Set([...sessionRoutes.map((route) => route.file), ...sessionless]);
    expect(
      routeFiles(path.join(process.cwd(), "app/api")).filter((file) => !covered.has(file)),
    ).toEqual([]);
  });

  it.each(sessionRoutes.map((route) => [`${route.method} ${route.path}`, route] as const))(
    "%s answers as for no session",
    async (_name, route) => {
      const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
      const request = (jar: CookieJar) =>
        siteRequest(
          route.path,
          { method: route.method, ...(route.method === "POST" ? { body: "x" } : {}) },
          jar,
        );
      const anonymous = await callRoute(route.handler, request(new Map()), route.params as never);
      expect(anonymous.status).toBe(route.anonymous);
      for (const [label, jar] of jars()) {
        const response = await callRoute(route.handler, request(jar), route.params as never);
        expect({ label, status: response.status }).toEqual({ label, status: route.anonymous });
      }
      warn.mockRestore();
    },
  );

  it("pages through the proxy: a guarded page sends to sign-in, a public one is served", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const pages = [
      {
        page: "/profile",
        status: 307,
        location: "http://localhost:3000/login?redirect=%2Fprofile",
      },
      { page: "/about", status: 200, location: null },
      { page: "/login", status: 200, location: null },
    ];
    for (const [label, jar] of jars()) {
      const cookie = [...jar].map(([name, value]) => `${name}=${value}`).join("; ");
      for (const { page, status, location } of pages) {
        const response = await authGuard(
          new NextRequest(`http://localhost:3000${page}`, { headers: { cookie } }),
        );
        expect({
          label,
          page,
          status: response.status,
          location: response.headers.get("location"),
        }).toEqual({ label, page, status, location });
      }
    }
    warn.mockRestore();
  });
});
