import { describe, expect, it } from "vitest";
import { formatDocumentNumber } from "./numbering";

describe("formatDocumentNumber", () => {
  it("prefixes the kind, names the year and pads the sequence to six digits", () => {
    expect(formatDocumentNumber("invoice", 2026, 1)).toBe("INV-2026-000001");
    expect(formatDocumentNumber("credit_note", 2026, 42)).toBe("CN-2026-000042");
    expect(formatDocumentNumber("invoice", 2027, 999_999)).toBe("INV-2027-999999");
  });

  it("keeps every digit past the millionth", () => {
    expect(formatDocumentNumber("invoice", 2026, 1_234_567)).toBe("INV-2026-1234567");
  });

  it("takes every year from 2000 to 9999", () => {
    expect(formatDocumentNumber("invoice", 2000, 1)).toBe("INV-2000-000001");
    expect(formatDocumentNumber("credit_note", 9999, 1)).toBe("CN-9999-000001");
  });

  it("refuses a sequence below one or not whole, and a year out of range", () => {
    expect(() => formatDocumentNumber("invoice", 2026.5, 1)).toThrow(RangeError);
    expect(() => formatDocumentNumber("invoice", 2026, 0)).toThrow(
      new RangeError("sequence must be ≥ 1"),
    );
    expect(() => formatDocumentNumber("invoice", 2026, 1.5)).toThrow(RangeError);
    expect(() => formatDocumentNumber("invoice", 1999, 1)).toThrow(new RangeError("bad year"));
    expect(() => formatDocumentNumber("invoice", 10_000, 1)).toThrow(RangeError);
  });
});
