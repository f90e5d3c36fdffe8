import { describe, expect, it } from "vitest";
import { loadEmployeeFilters } from "./list-params";

describe("the member list's URL", () => {
  it("searches without control characters (NUL once failed the query: a 500)", () => {
    expect(loadEmployeeFilters("?q=%00").q).toBe("");
    expect(loadEmployeeFilters("?q=%20ada%00love%20").q).toBe("ada love");
    expect(loadEmployeeFilters("").q).toBe("");
  });
});
