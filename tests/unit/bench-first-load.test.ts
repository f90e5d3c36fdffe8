import { describe, expect, it } from "vitest";
import { loadedOnFirstVisit, routeFromManifestKey } from "@/bench/first-load-js";

describe("first-load JavaScript segments", () => {
  it("counts the layouts, error boundaries and the page", () => {
    for (const segment of [
      "[project]/app/layout",
      "[project]/app/global-error",
      "[project]/app/(public)/layout",
      "[project]/app/(public)/error",
      "[project]/app/(public)/about/page",
    ]) {
      expect(loadedOnFirstVisit(segment)).toBe(true);
    }
  });

  it("leaves the root not-found boundary out", () => {
    expect(loadedOnFirstVisit("[project]/app/not-found")).toBe(false);
  });

  it("names routes without their groups", () => {
    expect(routeFromManifestKey("/(public)/docs/[slug]/page")).toBe("/docs/[slug]");
    expect(routeFromManifestKey("/(public)/page")).toBe("/");
  });
});
