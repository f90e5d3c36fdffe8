import { describe, expect, it } from "vitest";
import { chargeParams, dateParam, refundParams } from "./params";

describe("the income lists' URL", () => {
  it("reads a day only when PostgreSQL can compare with it and with the day after it", () => {
    expect(dateParam("2026-11-29")).toBe("2026-11-29");
    // Each of these once failed the list's query (a 500).
    for (const day of ["0000-01-01", "9999-12-31", "2024-02-30", ["2026-11-29"]]) {
      expect(dateParam(day), String(day)).toBeNull();
    }
    expect(refundParams({ from: "0000-01-01", to: "9999-12-31" })).toEqual({
      status: null,
      from: null,
      to: null,
    });
  });

  it("reads the reference searched without control characters, at most 20 characters", () => {
    expect(chargeParams({ q: "\u0000" }).q).toBeNull();
    expect(chargeParams({ q: " pi_\u0000123 " }).q).toBe("pi_ 123");
    expect(chargeParams({ q: "x".repeat(50) }).q).toHaveLength(20);
  });
});
