import { describe, expect, it } from "vitest";
import { cachedPage, CACHED_VIEW_PREFIX } from "@/lib/routes/cached-pages";
import { matchRoute, routes } from "@/lib/routes/manifest";
import { SITEMAP_PATHS } from "@/lib/seo/sitemap-entries";
import { appPagePatterns } from "@/tests/support/app-pages";

const pagePatterns = () => appPagePatterns();
/** Pages the proxy rewrites public URLs to, with no address of their own (docs/routes.md). */
const isInternal = (page: string) => page.startsWith(CACHED_VIEW_PREFIX);

describe("routes manifest", () => {
  it("lists every page of app/", () => {
    const patterns = new Set(routes.map((route) => route.pattern));
    const pages = pagePatterns();
    expect(pages.length).toBeGreaterThan(5);
    expect(pages.filter((page) => !isInternal(page) && !patterns.has(page))).toEqual([]);
  });

  it("leaves out the internal pages, which have no public address", () => {
    const internal = pagePatterns().filter(isInternal);
    expect(internal).toEqual(["/commerce/cached/[view]"]);
    expect(routes.filter((route) => isInternal(route.pattern))).toEqual([]);
    for (const view of ["index", "products", "books"]) {
      expect(cachedPage(`/commerce/cached/${view}`, new URLSearchParams())).toMatchObject({
        refused: true,
      });
    }
  });

  it("has each pattern once", () => {
    const seen = new Map<string, number>();
    for (const route of routes) seen.set(route.pattern, (seen.get(route.pattern) ?? 0) + 1);
    expect([...seen].filter(([, count]) => count > 1)).toEqual([]);
  });

  it("writes every pattern as an absolute path of valid segments", () => {
    for (const { pattern } of routes) {
      expect(pattern, pattern).toMatch(/^\/([\w-]+|\[\w+\]|\[\.\.\.\w+\])?(\/([\w-]+|\[\w+\]))*$/);
    }
  });

  it("gives two sibling dynamic segments the same name (App Router rule)", () => {
    const byParent = new Map<string, Set<string>>();
    for (const { pattern } of routes) {
      const parts = pattern.split("/");
      const last = parts.pop() ?? "";
      if (!last.startsWith("[")) continue;
      const parent = parts.join("/");
      byParent.set(parent, (byParent.get(parent) ?? new Set()).add(last));
    }
    for (const [parent, names] of byParent) expect([...names], parent).toHaveLength(1);
  });

  it("applies the access flags of spec §2", () => {
    const flags = (pattern: string) => {
      const route = routes.find((r) => r.pattern === pattern);
      return route && { auth: route.auth, profile: route.profile, layout: route.layout };
    };
    for (const p of ["/login", "/register", "/forgot-password"]) {
      expect(flags(p)).toEqual({ auth: "public-only", profile: "skip", layout: "default" });
    }
    expect(flags("/callback")).toMatchObject({ auth: "any", profile: "skip" });
    expect(flags("/profile/create")).toMatchObject({ auth: "required", profile: "no-profile" });
    expect(flags("/account/reset-password")).toMatchObject({ profile: "skip" });
    expect(flags("/linkpage")).toEqual({ auth: "any", profile: "skip", layout: "empty" });
    for (const p of ["/", "/about", "/terms", "/privacy", "/partners", "/contact", "/docs"]) {
      expect(flags(p)).toEqual({ auth: "any", profile: "skip", layout: "default" });
    }
    for (const route of routes) {
      if (route.pattern.startsWith("/backoffice") || route.pattern.startsWith("/chat")) {
        expect(route, route.pattern).toMatchObject({ auth: "required", profile: "required" });
      }
      if (route.pattern.startsWith("/profile/") && route.pattern !== "/profile/create") {
        expect(route, route.pattern).toMatchObject({ auth: "required", profile: "required" });
      }
      if (route.pattern.startsWith("/dev")) expect(route.devOnly, route.pattern).toBe(true);
    }
  });

  it("sends every sitemap page to a listed, public route", () => {
    for (const p of SITEMAP_PATHS) {
      const match = matchRoute(p);
      expect(match?.route.pattern, p).toBe(p);
      expect(match?.route.auth, p).toBe("any");
    }
  });
});

describe("matchRoute", () => {
  it.each([
    ["/", "/", "hub", {}],
    ["/about", "/about", "content", {}],
    ["/docs/getting-started", "/docs/[slug]", "content", { slug: "getting-started" }],
    ["/no/such/page", "/[...catchAll]", "hub", { catchAll: ["no", "such", "page"] }],
    ["/login", "/login", "auth", {}],
    ["/callback", "/callback", "auth", {}],
    ["/account/reset-password", "/account/reset-password", "auth", {}],
    ["/dev/mailbox", "/dev/mailbox", "dev", {}],
    ["/profile", "/profile", "profile", {}],
    ["/profile/create", "/profile/create", "profile", {}],
    ["/profile/order/o-1", "/profile/order/[orderId]", "profile", { orderId: "o-1" }],
    [
      "/profile/billing/payment-method/create",
      "/profile/billing/payment-method/create",
      "profile.billing",
      {},
    ],
    ["/chat/r1", "/chat/[roomId]", "chat", { roomId: "r1" }],
    ["/commerce/cart", "/commerce/cart", "commerce.cart", {}],
    ["/commerce/cart/c9", "/commerce/cart/[cartId]", "commerce.cart", { cartId: "c9" }],
    [
      "/commerce/event/e1/ticket",
      "/commerce/event/[eventId]/ticket",
      "commerce",
      { eventId: "e1" },
    ],
    ["/commerce/service/category", "/commerce/service/category", "commerce", {}],
    ["/commerce/service/s1", "/commerce/service/[serviceId]", "commerce", { serviceId: "s1" }],
    [
      "/commerce/restaurant/r2/reserve",
      "/commerce/restaurant/[restaurantId]/reserve",
      "commerce",
      { restaurantId: "r2" },
    ],
    ["/backoffice", "/backoffice", "backoffice", {}],
    [
      "/backoffice/organisation/o1/crm/leads/create",
      "/backoffice/organisation/[organisationId]/crm/leads/create",
      "backoffice.crm",
      { organisationId: "o1" },
    ],
    [
      "/backoffice/organisation/o1/crm/leads/l2/edit",
      "/backoffice/organisation/[organisationId]/crm/leads/[leadId]/edit",
      "backoffice.crm",
      { organisationId: "o1", leadId: "l2" },
    ],
    [
      "/backoffice/organisation/o1/settings/module/events/pro/purchase",
      "/backoffice/organisation/[organisationId]/settings/module/[moduleName]/[moduleTier]/purchase",
      "backoffice.settings",
      { organisationId: "o1", moduleName: "events", moduleTier: "pro" },
    ],
    [
      "/backoffice/organisation/o1/serviceProvider/appointment",
      "/backoffice/organisation/[organisationId]/serviceProvider/appointment",
      "backoffice.services",
      { organisationId: "o1" },
    ],
    [
      "/backoffice/organisation/o1/serviceProvider/p3",
      "/backoffice/organisation/[organisationId]/serviceProvider/[serviceProviderId]",
      "backoffice.services",
      { organisationId: "o1", serviceProviderId: "p3" },
    ],
    [
      "/backoffice/organisation/o1/restaurant/r4/restaurant-addon-group/create",
      "/backoffice/organisation/[organisationId]/restaurant/[restaurantId]/restaurant-addon-group/create",
      "backoffice.restaurants",
      { organisationId: "o1", restaurantId: "r4" },
    ],
    [
      "/backoffice/organisation/o1/commerce/product/p5/externalIdentification/x6",
      "/backoffice/organisation/[organisationId]/commerce/product/[productId]/externalIdentification/[productExternalIdentificationId]",
      "backoffice.commerce",
      { organisationId: "o1", productId: "p5", productExternalIdentificationId: "x6" },
    ],
    [
      "/backoffice/organisation/o1/event/e7/ticket/create",
      "/backoffice/organisation/[organisationId]/event/[eventId]/ticket/create",
      "backoffice.events",
      { organisationId: "o1", eventId: "e7" },
    ],
  ])("%s → %s", (pathname, pattern, module, params) => {
    const match = matchRoute(pathname);
    expect(match?.route.pattern).toBe(pattern);
    expect(match?.route.module).toBe(module);
    expect(match?.params).toEqual(params);
  });

  it("ignores a trailing slash and decodes segments", () => {
    expect(matchRoute("/about/")?.route.pattern).toBe("/about");
    expect(matchRoute("/docs/caf%C3%A9")?.params).toEqual({ slug: "café" });
  });

  it("sends deeper unknown paths of a known area to the catch-all", () => {
    expect(matchRoute("/about/team")?.route.pattern).toBe("/[...catchAll]");
    expect(matchRoute("/profile/order/o1/extra")?.route.pattern).toBe("/[...catchAll]");
  });

  it("keeps malformed escapes as they are", () => {
    expect(matchRoute("/docs/%E0%A4%A")?.params).toEqual({ slug: "%E0%A4%A" });
  });
});
