import { describe, expect, it } from "vitest";
import { currencyDigits, fromMinorUnits, minorToAmount, toMinorUnits } from "./money";

describe("money", () => {
  it("knows each currency's decimals", () => {
    expect(currencyDigits("EUR")).toBe(2);
    expect(currencyDigits("JPY")).toBe(0);
    expect(currencyDigits("KWD")).toBe(3);
  });

  it("counts two decimals for a code Intl does not accept", () => {
    expect(currencyDigits("euro")).toBe(2);
    expect(currencyDigits("")).toBe(2);
  });

  it("turns minor units into the amount Intl formats, in the currency's decimals", () => {
    expect(minorToAmount(1999, "EUR")).toBe(19.99);
    expect(minorToAmount(1500, "JPY")).toBe(1500);
    expect(minorToAmount(1234, "KWD")).toBe(1.234);
  });

  it("reads typed amounts into minor units", () => {
    expect(toMinorUnits("19.99", 2)).toBe(1999);
    expect(toMinorUnits("19.9", 2)).toBe(1990);
    expect(toMinorUnits(" 7 ", 2)).toBe(700);
    expect(toMinorUnits("0.05", 2)).toBe(5);
    expect(toMinorUnits("1500", 0)).toBe(1500);
    expect(toMinorUnits("99999999.99", 2)).toBe(9_999_999_999);
    expect(toMinorUnits("12.345", 3)).toBe(12_345);
    expect(toMinorUnits("12", 3)).toBe(12_000);
  });

  it("refuses what is not a plain amount", () => {
    for (const bad of ["", "-1", "+1", "1,000", "1e3", "19.999", "1.", ".5", "abc", "123456789"]) {
      expect(toMinorUnits(bad, 2), bad).toBeNull();
    }
    expect(toMinorUnits("1.5", 0)).toBeNull();
  });

  it("writes minor units back as the form shows them", () => {
    expect(fromMinorUnits(1999, 2)).toBe("19.99");
    expect(fromMinorUnits(5, 2)).toBe("0.05");
    expect(fromMinorUnits(1500, 0)).toBe("1500");
    expect(fromMinorUnits(1_000_000, 2)).toBe("10000.00");
    expect(fromMinorUnits(1234, 3)).toBe("1.234");
    expect(toMinorUnits(fromMinorUnits(123_456_789, 3), 3)).toBe(123_456_789);
  });
});
