import type { Result } from "lighthouse";
import { describe, expect, it } from "vitest";
import {
  failingAudits,
  type LighthouseFigures,
  type LighthouseReport,
  lighthouseFigures,
  lighthouseVerdict,
  medianFigures,
} from "@/bench/lighthouse";

/** Lighthouse's own result type is what the bench reads (a compile-time check). */
export function fromLighthouse(result: Result): LighthouseReport {
  return result;
}

function report(overrides: Partial<Record<string, number | null>> = {}): LighthouseReport {
  const score = (id: string, value: number | null) => (id in overrides ? overrides[id]! : value);
  return {
    categories: {
      performance: {
        score: score("performance", 0.99),
        auditRefs: [
          { id: "first-contentful-paint", weight: 10 },
          { id: "largest-contentful-paint", weight: 25 },
          { id: "total-blocking-time", weight: 30 },
          { id: "cumulative-layout-shift", weight: 25 },
          { id: "speed-index", weight: 10 },
          { id: "unused-javascript", weight: 0 },
        ],
      },
      accessibility: {
        score: score("accessibility", 0.96),
        auditRefs: [
          { id: "target-size", weight: 7 },
          { id: "color-contrast", weight: 7 },
          { id: "aria-hidden-body", weight: 10 },
        ],
      },
      "best-practices": {
        score: score("best-practices", 1),
        auditRefs: [{ id: "errors-in-console", weight: 1 }],
      },
      seo: { score: score("seo", 1), auditRefs: [{ id: "meta-description", weight: 1 }] },
    },
    audits: {
      "first-contentful-paint": { score: 1, numericValue: 920.4 },
      "largest-contentful-paint": { score: 0.97, numericValue: 1162.5 },
      "total-blocking-time": { score: 1, numericValue: 144 },
      "cumulative-layout-shift": { score: 1, numericValue: 0.0004 },
      "speed-index": { score: 1, numericValue: 920 },
      "unused-javascript": { score: 0.5 },
      "target-size": { score: 0, title: "Touch targets do not have sufficient size" },
      "color-contrast": { score: 1 },
      "aria-hidden-body": { score: null },
      "errors-in-console": { score: 1 },
      "meta-description": { score: 1 },
    },
  };
}

describe("lighthouseFigures", () => {
  it("reads the four scores as 0–100 and the metrics", () => {
    const f = lighthouseFigures("/about", report());
    expect(f).toMatchObject({
      path: "/about",
      performance: 99,
      accessibility: 96,
      bestPractices: 100,
      seo: 100,
      fcpMs: 920.4,
      lcpMs: 1162.5,
      tbtMs: 144,
      cls: 0.0004,
      speedIndexMs: 920,
    });
    expect(f.runtimeError).toBeUndefined();
    expect(f.benchmarkIndex).toBeNaN();
  });

  it("reads the machine's CPU benchmark that the simulation scaled the run by", () => {
    const f = lighthouseFigures("/about", { ...report(), environment: { benchmarkIndex: 1494.5 } });
    expect(f.benchmarkIndex).toBe(1494.5);
  });

  it("rounds scores the way Lighthouse shows them", () => {
    expect(lighthouseFigures("/", report({ performance: 0.945 })).performance).toBe(95);
    expect(lighthouseFigures("/", report({ performance: 0.944 })).performance).toBe(94);
  });

  it("gives NaN for a category without a score", () => {
    expect(lighthouseFigures("/", report({ seo: null })).seo).toBeNaN();
  });

  it("names the audits that cost accessibility, best practices or SEO points", () => {
    const failing = {
      ...report(),
      audits: { ...report().audits, "errors-in-console": { score: 0 } },
    };
    expect(lighthouseFigures("/", failing).failing).toEqual([
      "accessibility: target-size (Touch targets do not have sufficient size)",
      "best-practices: errors-in-console",
    ]);
  });

  it("lists the weighted audits below 1, not the unweighted or not applicable ones", () => {
    expect(failingAudits(report(), "accessibility")).toEqual([
      "accessibility: target-size (Touch targets do not have sufficient size)",
    ]);
    expect(failingAudits(report(), "performance")).toEqual([
      "performance: largest-contentful-paint",
    ]);
    expect(failingAudits(report(), "unknown")).toEqual([]);
  });

  it("keeps Lighthouse's runtime error", () => {
    const failed = {
      ...report({ performance: null }),
      runtimeError: { code: "ERRORED_DOCUMENT_REQUEST", message: "Status code: 500" },
    };
    const f = lighthouseFigures("/", failed);
    expect(f.runtimeError).toBe("ERRORED_DOCUMENT_REQUEST: Status code: 500");
    expect(lighthouseVerdict(f)).toMatch(
      /^ERRORED_DOCUMENT_REQUEST: Status code: 500; performance n\/a < 95/,
    );
  });
});

function figures(overrides: Partial<LighthouseFigures>): LighthouseFigures {
  return {
    path: "/",
    performance: 99,
    accessibility: 100,
    bestPractices: 100,
    seo: 100,
    fcpMs: 900,
    lcpMs: 1200,
    tbtMs: 100,
    cls: 0,
    speedIndexMs: 900,
    failing: [],
    benchmarkIndex: 2000,
    ...overrides,
  };
}

describe("lighthouseVerdict", () => {
  it("passes a page at exactly the targets", () => {
    expect(
      lighthouseVerdict(figures({ performance: 95, lcpMs: 1500, tbtMs: 150, cls: 0.02 })),
    ).toBe("ok");
  });

  it("names every target missed", () => {
    expect(
      lighthouseVerdict(
        figures({
          performance: 94,
          accessibility: 96,
          bestPractices: 93,
          seo: 99,
          lcpMs: 1501,
          tbtMs: 151,
          cls: 0.021,
        }),
      ),
    ).toBe(
      "performance 94 < 95; accessibility 96 < 100; best practices 93 < 100; SEO 99 < 100; " +
        "LCP 1501 ms > 1500 ms; TBT 151 ms > 150 ms; CLS 0.021 > 0.02",
    );
  });
});

describe("medianFigures", () => {
  it("takes the run with the median performance score", () => {
    const runs = [92, 99, 96].map((performance) => figures({ performance }));
    expect(medianFigures(runs).performance).toBe(96);
  });

  it("breaks a tie by the median LCP", () => {
    const runs = [1300, 1500, 1400].map((lcpMs) => figures({ performance: 97, lcpMs }));
    expect(medianFigures(runs).lcpMs).toBe(1400);
    expect(medianFigures([figures({ performance: 90 })]).performance).toBe(90);
    expect(() => medianFigures([])).toThrow("no Lighthouse runs");
  });

  it("leaves out runs Lighthouse could not finish while another finished", () => {
    const failed = figures({
      performance: Number.NaN,
      lcpMs: Number.NaN,
      runtimeError: "NO_NAVSTART: no navigation",
    });
    const runs = [failed, figures({ performance: 93 }), failed];
    expect(medianFigures(runs).performance).toBe(93);
    expect(medianFigures([failed, failed]).runtimeError).toBe("NO_NAVSTART: no navigation");
    // A run with an error but a score (a warning-level failure) is not a finished run either.
    const partial = figures({ performance: 99, runtimeError: "PROTOCOL_TIMEOUT: late" });
    expect(medianFigures([partial, figures({ performance: 80 })]).performance).toBe(80);
  });
});
