import { describe, expect, it } from "vitest";
import { routeFromManifestKey } from "@/bench/first-load-js";
import {
  kilobytes,
  pageVerdict,
  percentile,
  PUBLIC_PAGE_TARGET,
  ratio,
  SIGNED_IN_PAGE_TARGET,
  targetHeading,
} from "@/bench/stats";

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

describe("page targets (issue 10)", () => {
  it("are 0.6 and 25 kB for public pages, 0.3 and 60 kB signed in", () => {
    expect(PUBLIC_PAGE_TARGET).toEqual({ minRatio: 0.6, maxHtmlKb: 25 });
    expect(SIGNED_IN_PAGE_TARGET).toEqual({ minRatio: 0.3, maxHtmlKb: 60 });
    expect(targetHeading(PUBLIC_PAGE_TARGET)).toBe("target ≥ 0.6, ≤ 25 kB");
  });

  it("passes a page at exactly the limits", () => {
    expect(pageVerdict(0.6, 25 * 1024, PUBLIC_PAGE_TARGET)).toBe("ok");
    expect(pageVerdict(0.3, 60 * 1024, SIGNED_IN_PAGE_TARGET)).toBe("ok");
  });

  it("names the ratio that is too low", () => {
    expect(pageVerdict(0.59, 10_000, PUBLIC_PAGE_TARGET)).toBe("ratio 0.59 < 0.6");
    expect(pageVerdict(0.29, 10_000, SIGNED_IN_PAGE_TARGET)).toBe("ratio 0.29 < 0.3");
  });

  it("names HTML over the limit, one byte is enough", () => {
    expect(pageVerdict(1, 25 * 1024 + 1, PUBLIC_PAGE_TARGET)).toBe("HTML 25.0 kB > 25 kB");
    expect(pageVerdict(0.9, 56_649, PUBLIC_PAGE_TARGET)).toBe("HTML 55.3 kB > 25 kB");
  });

  it("names both misses", () => {
    expect(pageVerdict(0.17, 160_794, SIGNED_IN_PAGE_TARGET)).toBe(
      "ratio 0.17 < 0.3; HTML 157.0 kB > 60 kB",
    );
  });

  it("counts an unmeasured ratio or size as missed", () => {
    expect(pageVerdict(Number.NaN, 1000, PUBLIC_PAGE_TARGET)).toBe("ratio n/a < 0.6");
    expect(pageVerdict(1, Number.NaN, PUBLIC_PAGE_TARGET)).toBe("HTML n/a kB > 25 kB");
  });

  it("has no HTML limit for a URL that is not a page", () => {
    const api = { minRatio: 0.6, maxHtmlKb: Number.POSITIVE_INFINITY };
    expect(pageVerdict(6.3, 5_000_000, api)).toBe("ok");
  });
});
