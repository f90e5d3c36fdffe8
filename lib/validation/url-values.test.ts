import { describe, expect, it } from "vitest";
import { isCalendarDay, isMicrosecondTimestamp, parseAsSearchText, searchText } from "./url-values";

describe("searchText", () => {
  it("turns control and format characters into spaces and collapses whitespace", () => {
    expect(searchText("\u0000")).toBe("");
    expect(searchText("  ada\u0000love\u200blace \t x ")).toBe("ada love lace x");
    expect(searchText("\u001b[31mred")).toBe("[31mred");
  });
  it("keeps at most max characters, and nothing for no value", () => {
    expect(searchText("x".repeat(5_000))).toHaveLength(200);
    expect(searchText("abcdef", 3)).toBe("abc");
    expect(searchText(null)).toBe("");
    expect(searchText(undefined)).toBe("");
  });
  it("is what the q parser reads from a URL", () => {
    expect(parseAsSearchText.parse("a\u0000b")).toBe("a b");
    expect(parseAsSearchText.defaultValue).toBe("");
  });
});

describe("isCalendarDay", () => {
  it("accepts real days of years 1 to 9998", () => {
    for (const day of ["2026-11-29", "2024-02-29", "0001-01-01", "9998-12-31"]) {
      expect(isCalendarDay(day), day).toBe(true);
    }
  });
  it("refuses year 0, years from 9999, days that do not exist and other shapes", () => {
    for (const day of [
      "0000-01-01",
      "9999-12-31",
      "9999-01-01",
      "2024-02-30",
      "2023-02-29",
      "2026-13-01",
      "2026-1-01",
      "26-11-29",
      "2026-11-29T00:00:00Z",
      "",
      null,
      undefined,
    ]) {
      expect(isCalendarDay(day), String(day)).toBe(false);
    }
  });
});

describe("isMicrosecondTimestamp", () => {
  it("accepts what PostgreSQL prints for a UTC timestamp", () => {
    expect(isMicrosecondTimestamp("2026-11-22T07:35:00.123456Z")).toBe(true);
    expect(isMicrosecondTimestamp("0001-01-01T00:00:00.000000Z")).toBe(true);
  });
  it("refuses days and times that do not exist, and years out of range", () => {
    for (const text of [
      "2024-02-30T00:00:00.000000Z",
      "0000-01-01T00:00:00.000000Z",
      "9999-12-31T23:59:59.999999Z",
      "2026-11-22T24:00:00.000000Z",
      "2026-11-22T07:60:00.000000Z",
      "2026-11-22T07:35:60.000000Z",
      "2026-11-22T07:35:00.123Z",
    ]) {
      expect(isMicrosecondTimestamp(text), text).toBe(false);
    }
  });
});
