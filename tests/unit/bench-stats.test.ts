import { describe, expect, it } from "vitest";
import { routeFromManifestKey } from "@/bench/first-load-js";
import { kilobytes, percentile, ratio } from "@/bench/stats";

describe("bench stats", () => {
  it("takes the nearest-rank percentile", () => {
    const samples = Array.from({ length: 100 }, (_, i) => 100 - i);
    expect(percentile(samples, 95)).toBe(95);
    expect(percentile(samples, 50)).toBe(50);
    expect(percentile(samples, 100)).toBe(100);
    expect(percentile([7], 95)).toBe(7);
    expect(percentile([], 95)).toBeNaN();
  });

  it("computes ratios and kilobytes", () => {
    expect(ratio(300, 500)).toBeCloseTo(0.6);
    expect(ratio(1, 0)).toBeNaN();
    expect(kilobytes(153_600)).toBe(150);
  });

  it("maps manifest keys to routes without route groups", () => {
    expect(routeFromManifestKey("/(public)/page")).toBe("/");
    expect(routeFromManifestKey("/(public)/docs/[slug]/page")).toBe("/docs/[slug]");
    expect(routeFromManifestKey("/(empty)/linkpage/page")).toBe("/linkpage");
  });
});
