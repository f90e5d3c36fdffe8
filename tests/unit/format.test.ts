import { describe, expect, it } from "vitest";
import {
  currencyDigits,
  formatDate,
  formatDateTime,
  formatDateTimeRange,
  formatMoney,
  formatTime,
  toMinorUnits,
} from "@/lib/i18n/format";

// Intl output contains narrow no-break spaces in places; compare with plain spaces.
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, " ");

describe("money", () => {
  it("knows each currency's minor units", () => {
    expect(currencyDigits("EUR")).toBe(2);
    expect(currencyDigits("JPY")).toBe(0);
    expect(currencyDigits("BHD")).toBe(3);
  });

  it("formats minor units in the locale's way", () => {
    expect(plain(formatMoney(123456, { currency: "USD", locale: "en" }))).toBe("$1,234.56");
    expect(plain(formatMoney(123456, { currency: "EUR", locale: "es" }))).toBe("1234,56 €");
    expect(plain(formatMoney(1500, { currency: "JPY", locale: "en" }))).toBe("¥1,500");
    expect(plain(formatMoney(-250, { currency: "EUR", locale: "en" }))).toBe("-€2.50");
  });

  it("refuses amounts that are not whole minor units", () => {
    expect(() => formatMoney(12.5, { currency: "EUR", locale: "en" })).toThrow(RangeError);
  });

  it("converts major to minor units without float drift", () => {
    expect(toMinorUnits(19.99, "EUR")).toBe(1999);
    expect(toMinorUnits(1.005, "EUR")).toBe(101);
    expect(toMinorUnits(-0.29, "USD")).toBe(-29);
    expect(toMinorUnits(1500, "JPY")).toBe(1500);
  });
});

describe("dates and times", () => {
  const instant = new Date("2026-03-29T00:30:00Z");

  it("uses the given time zone, not the machine's", () => {
    expect(formatDate(instant, { locale: "en", timeZone: "UTC" })).toBe("Mar 29, 2026");
    expect(formatDate(instant, { locale: "en", timeZone: "America/New_York" })).toBe(
      "Mar 28, 2026",
    );
    expect(plain(formatTime(instant, { locale: "en", timeZone: "Europe/Madrid" }))).toBe("1:30 AM");
  });

  it("uses the given locale", () => {
    expect(formatDate(instant, { locale: "es", timeZone: "UTC", dateStyle: "long" })).toBe(
      "29 de marzo de 2026",
    );
    expect(plain(formatDateTime(instant, { locale: "es", timeZone: "UTC" }))).toBe(
      "29 mar 2026, 0:30",
    );
  });

  it("accepts ISO strings and refuses invalid dates", () => {
    expect(formatDate("2026-01-02T10:00:00Z", { locale: "en", timeZone: "UTC" })).toBe(
      "Jan 2, 2026",
    );
    expect(() => formatDate("not a date", { locale: "en", timeZone: "UTC" })).toThrow(RangeError);
  });

  it("formats ranges", () => {
    const text = plain(
      formatDateTimeRange("2026-05-01T10:00:00Z", "2026-05-01T11:30:00Z", {
        locale: "en",
        timeZone: "UTC",
      }),
    );
    expect(text).toContain("10:00");
    expect(text).toContain("11:30");
    expect(text.match(/2026/g)).toHaveLength(1);
  });
});
