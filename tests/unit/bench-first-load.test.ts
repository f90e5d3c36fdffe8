import { describe, expect, it } from "vitest";
import { firstLoadTargetKb, loadedOnFirstVisit, routeFromManifestKey } from "@/bench/first-load-js";

describe("first-load JavaScript segments", () => {
  it("counts the layouts, error boundaries, the group's not-found and the page", () => {
    for (const segment of [
      "[project]/app/layout",
      "[project]/app/global-error",
      "[project]/node_modules/next/dist/client/components/builtin/not-found",
      "[project]/app/[locale]/layout",
      "[project]/app/[locale]/(public)/layout",
      "[project]/app/[locale]/(public)/error",
      "[project]/app/[locale]/(public)/not-found",
      "[project]/app/[locale]/(public)/about/page",
    ]) {
      expect(loadedOnFirstVisit(segment)).toBe(true);
    }
  });

  it("leaves the root not-found boundaries out (no visit loads them)", () => {
    expect(loadedOnFirstVisit("[project]/app/not-found")).toBe(false);
    expect(loadedOnFirstVisit("[project]/app/global-not-found")).toBe(false);
  });

  it("names routes without their groups", () => {
    expect(routeFromManifestKey("/(public)/docs/[slug]/page")).toBe("/docs/[slug]");
    expect(routeFromManifestKey("/(public)/page")).toBe("/");
  });

  it("names routes under app/[locale] by their URL, without the locale", () => {
    expect(routeFromManifestKey("/[locale]/(public)/about/page")).toBe("/about");
    expect(routeFromManifestKey("/[locale]/(public)/page")).toBe("/");
    expect(routeFromManifestKey("/[locale]/(auth)/login/page")).toBe("/login");
    expect(
      routeFromManifestKey("/[locale]/backoffice/organisation/[organisationId]/people/page"),
    ).toBe("/backoffice/organisation/[organisationId]/people");
    expect(routeFromManifestKey("/(minimal)/dev/minimal/page")).toBe("/dev/minimal");
  });
});

describe("first-load JavaScript targets", () => {
  it("allows 200 kB to sign-in, profile and back-office pages", () => {
    for (const route of [
      "/login",
      "/register",
      "/forgot-password",
      "/account/reset-password",
      "/profile",
      "/profile/update",
      "/profile/invitation/[invitationId]",
      "/backoffice",
      "/backoffice/organisation/[organisationId]/settings/audit",
    ]) {
      expect(firstLoadTargetKb(route), route).toBe(200);
    }
  });

  it("keeps 150 kB for public pages", () => {
    for (const route of [
      "/",
      "/about",
      "/docs/[slug]",
      "/contact",
      "/callback",
      "/linkpage",
      "/[...rest]",
      "/profiles",
      "/backoffices",
    ]) {
      expect(firstLoadTargetKb(route), route).toBe(150);
    }
  });
});
