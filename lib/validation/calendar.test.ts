import { describe, expect, it } from "vitest";
import { isCalendarDay, isLocalDateTime, isMicrosecondTimestamp } from "./calendar";

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

describe("isLocalDateTime", () => {
  it("accepts what a datetime-local field sends", () => {
    expect(isLocalDateTime("2026-12-01T09:00")).toBe(true);
    expect(isLocalDateTime("2026-12-01T23:59")).toBe(true);
  });
  it("refuses days and times that do not exist, and years out of range", () => {
    for (const text of [
      "2026-12-01T24:00",
      "2026-12-01T09:60",
      "2026-02-30T09:00",
      "0000-01-01T00:00",
      "0099-01-01T00:00",
      "9999-12-31T23:59",
      "2026-12-01 09:00",
      "2026-12-01T09:00:00",
    ]) {
      expect(isLocalDateTime(text), text).toBe(false);
    }
  });
});
