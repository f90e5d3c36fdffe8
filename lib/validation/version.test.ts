import { describe, expect, it } from "vitest";
import { INT4_MAX, versionSchema } from "./version";

describe("versionSchema", () => {
  it("takes a whole number from 1 to the int4 column's maximum, typed or as form text", () => {
    expect(INT4_MAX).toBe(2 ** 31 - 1);
    for (const [input, output] of [
      [1, 1],
      ["1", 1],
      [" 7 ", 7],
      [2_147_483_647, 2_147_483_647],
      ["2147483647", 2_147_483_647],
    ] as const) {
      expect(versionSchema.safeParse(input)).toEqual({ success: true, data: output });
    }
  });

  it("refuses what no row can hold: above int4, zero, negative, fractions, not a number", () => {
    for (const input of [
      2_147_483_648,
      "2147483648",
      99_999_999_999,
      "99999999999",
      Number.MAX_SAFE_INTEGER,
      "1e400",
      0,
      "",
      -1,
      1.5,
      "abc",
      null,
    ]) {
      expect(versionSchema.safeParse(input).success, String(input)).toBe(false);
    }
  });
});
