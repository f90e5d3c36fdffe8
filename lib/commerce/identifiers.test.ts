import { describe, expect, it } from "vitest";
import type { ExternalIdType } from "@/lib/commerce/catalogue-types";
import {
  gtinCheckDigit,
  isbn10CheckDigit,
  isbn10ToIsbn13,
  MPN_MAX_LENGTH,
  validateExternalId,
  validateGtin,
} from "./identifiers";

/** A deterministic pseudo-random digit string (no Math.random: failures must reproduce). */
function digits(length: number, seed: number): string {
  let state = seed;
  let out = "";
  for (let i = 0; i < length; i++) {
    state = (state * 1103515245 + 12345) % 2147483648;
    out += String(state % 10);
  }
  return out;
}

function matchKey(type: ExternalIdType, raw: string): string {
  const result = validateExternalId(type, raw);
  if (!result.ok) throw new Error(`${type} ${raw} rejected: ${result.reason}`);
  return result.matchKey;
}

describe("gtinCheckDigit", () => {
  it.each([
    ["400638133393", "1"],
    ["03600029145", "2"],
    ["978030640615", "7"],
    ["9638507", "4"],
    ["1061414100041", "5"],
    ["0000000", "0"],
  ])("%s → %s", (body, check) => {
    expect(gtinCheckDigit(body)).toBe(check);
  });

  it.each(["", "123456", "1".repeat(18), "12345a7", "１２３４５６７"])("rejects %j", (body) => {
    expect(() => gtinCheckDigit(body)).toThrow(RangeError);
  });
});

describe("isbn10CheckDigit", () => {
  it.each([
    ["030640615", "2"],
    ["080442957", "X"],
    ["000000000", "0"],
  ])("%s → %s", (body, check) => {
    expect(isbn10CheckDigit(body)).toBe(check);
  });

  it.each(["03064061", "0306406152", "03064061x"])("rejects %j", (body) => {
    expect(() => isbn10CheckDigit(body)).toThrow(RangeError);
  });
});

describe("validateExternalId: real-world codes", () => {
  it.each<[ExternalIdType, string, string, string]>([
    ["gtin13", "4006381333931", "4006381333931", "gtin:04006381333931"],
    ["ean", "4006381333931", "4006381333931", "gtin:04006381333931"],
    ["ean", "96385074", "96385074", "gtin:00000096385074"],
    ["gtin8", "96385074", "96385074", "gtin:00000096385074"],
    ["upc", "036000291452", "036000291452", "gtin:00036000291452"],
    ["gtin12", "036000291452", "036000291452", "gtin:00036000291452"],
    ["gtin14", "10614141000415", "10614141000415", "gtin:10614141000415"],
    ["gtin14", "04006381333931", "04006381333931", "gtin:04006381333931"],
    ["isbn13", "9780306406157", "9780306406157", "gtin:09780306406157"],
    ["isbn13", "9791032700150", "9791032700150", "gtin:09791032700150"],
    ["isbn10", "0306406152", "0306406152", "gtin:09780306406157"],
    ["isbn10", "080442957X", "080442957X", "gtin:09780804429573"],
    ["mpn", "MX-5000/B", "MX-5000/B", "mpn:mx-5000/b"],
  ])("%s %s", (type, raw, value, key) => {
    expect(validateExternalId(type, raw)).toEqual({ ok: true, value, matchKey: key });
  });
});

describe("validateExternalId: normalisation", () => {
  it.each<[ExternalIdType, string, string]>([
    ["gtin13", "  4006381333931  ", "4006381333931"],
    ["ean", "4 006381 333931", "4006381333931"],
    ["upc", "0-36000-29145-2", "036000291452"],
    ["isbn13", "978-0-306-40615-7", "9780306406157"],
    ["isbn13", "978 0 306 40615 7", "9780306406157"],
    ["isbn13", "978\u20110\u2011306\u201140615\u20117", "9780306406157"],
    ["isbn10", "0-8044-2957-x", "080442957X"],
    ["isbn10", " 0 306 40615 2 ", "0306406152"],
    ["gtin14", "1 06 14141 00041 5", "10614141000415"],
    ["mpn", "  Ab 12-c  ", "Ab 12-c"],
  ])("%s %j → %s", (type, raw, value) => {
    const result = validateExternalId(type, raw);
    expect(result.ok && result.value).toBe(value);
  });
});

describe("validateExternalId: rejections", () => {
  it.each<[ExternalIdType, string]>([
    ["gtin8", "96385075"],
    ["gtin12", "036000291453"],
    ["upc", "036000291450"],
    ["gtin13", "4006381333932"],
    ["ean", "4006381333930"],
    ["ean", "96385073"],
    ["gtin14", "10614141000416"],
    ["isbn13", "9780306406158"],
    ["isbn10", "0306406153"],
    ["isbn10", "030640615X"],
    ["isbn10", "0804429570"],
  ])("%s %s: wrong check digit", (type, raw) => {
    expect(validateExternalId(type, raw)).toEqual({ ok: false, reason: "checkDigit" });
  });

  it.each<[ExternalIdType, string]>([
    ["gtin8", "9638507"],
    ["gtin8", "963850744"],
    ["gtin12", "4006381333931"],
    ["gtin13", "036000291452"],
    ["gtin13", "40063813339A1"],
    ["gtin14", "4006381333931"],
    ["ean", "036000291452"],
    ["ean", "10614141000415"],
    ["upc", "96385074"],
    ["upc", "4006381333931"],
    ["isbn13", "4006381333931"],
    ["isbn13", "0306406152"],
    ["isbn10", "9780306406157"],
    ["isbn10", "X306406152"],
    ["isbn10", "03064061X2"],
    ["gtin13", ""],
    ["gtin13", "   "],
    ["gtin13", "4006381.333931"],
    ["gtin13", "４００６３８１３３３９３１"],
    ["gtin13", "+4006381333931"],
  ])("%s %j: format", (type, raw) => {
    expect(validateExternalId(type, raw)).toEqual({ ok: false, reason: "format" });
  });
});

describe("validateExternalId: matchKey collisions", () => {
  it("EAN, GTIN-13 and GTIN-14 of one product collide", () => {
    const keys = new Set([
      matchKey("ean", "4006381333931"),
      matchKey("gtin13", "4006381333931"),
      matchKey("gtin14", "04006381333931"),
      matchKey("gtin14", "0 4006381 33393 1"),
    ]);
    expect(keys.size).toBe(1);
  });

  it("ISBN-10 collides with its ISBN-13 and the GTIN-13", () => {
    const keys = new Set([
      matchKey("isbn10", "0306406152"),
      matchKey("isbn13", "9780306406157"),
      matchKey("gtin13", "978-0306406157"),
      matchKey("ean", "9780306406157"),
    ]);
    expect(keys.size).toBe(1);
  });

  it("UPC-A collides with its EAN-13 (leading zero); GTIN-8 with its padded forms", () => {
    expect(matchKey("upc", "036000291452")).toBe(matchKey("ean", "0036000291452"));
    expect(matchKey("gtin8", "96385074")).toBe(matchKey("gtin12", "000096385074"));
  });

  it("a GTIN-14 with another packaging indicator is another product", () => {
    expect(matchKey("gtin14", "14006381333938")).not.toBe(matchKey("ean", "4006381333931"));
  });

  it("MPNs compare case-insensitively and never collide with a GTIN", () => {
    expect(matchKey("mpn", "ab-12")).toBe(matchKey("mpn", "  AB-12 "));
    expect(matchKey("mpn", "ab 12")).not.toBe(matchKey("mpn", "ab-12"));
    expect(matchKey("mpn", "4006381333931")).not.toBe(matchKey("ean", "4006381333931"));
  });
});

describe("validateExternalId: mpn limits", () => {
  it("accepts 1 to 70 characters after trimming (UTF-16 units, as zod counts)", () => {
    expect(validateExternalId("mpn", "x").ok).toBe(true);
    expect(validateExternalId("mpn", "x".repeat(MPN_MAX_LENGTH)).ok).toBe(true);
    expect(validateExternalId("mpn", `  ${"x".repeat(MPN_MAX_LENGTH)}  `).ok).toBe(true);
    expect(validateExternalId("mpn", "😀".repeat(MPN_MAX_LENGTH / 2)).ok).toBe(true);
    expect(validateExternalId("mpn", "😀".repeat(MPN_MAX_LENGTH / 2 + 1)).ok).toBe(false);
    expect(validateExternalId("mpn", "Größe-ÄÖ").ok).toBe(true);
  });

  it.each([
    ["empty", ""],
    ["blank", "  \t "],
    ["too long", "x".repeat(MPN_MAX_LENGTH + 1)],
    ["tab inside", "ab\tcd"],
    ["newline inside", "ab\ncd"],
    ["NUL", "ab\u0000"],
    ["DEL", "ab\u007f"],
    ["C1 control", "ab\u0085cd"],
    ["line separator", "ab\u2028cd"],
    ["lone surrogate", "ab\ud800cd"],
  ])("rejects %s", (_label, raw) => {
    expect(validateExternalId("mpn", raw)).toEqual({ ok: false, reason: "format" });
  });
});

describe("isbn10ToIsbn13", () => {
  it.each([
    ["0306406152", "9780306406157"],
    ["0-8044-2957-x", "9780804429573"],
    ["0000000000", "9780000000002"],
  ])("%s → %s", (isbn10, isbn13) => {
    expect(isbn10ToIsbn13(isbn10)).toBe(isbn13);
  });

  it("throws on an invalid ISBN-10", () => {
    expect(() => isbn10ToIsbn13("0306406153")).toThrow(RangeError);
    expect(() => isbn10ToIsbn13("abc")).toThrow(RangeError);
  });
});

describe("validateGtin (any length)", () => {
  it.each(["96385074", "036000291452", "4006381333931", "10614141000415"])("accepts %s", (raw) => {
    expect(validateGtin(raw).ok).toBe(true);
  });

  it("rejects other lengths and wrong check digits", () => {
    expect(validateGtin("0306406152")).toEqual({ ok: false, reason: "format" });
    expect(validateGtin("40063813339311")).toEqual({ ok: false, reason: "checkDigit" });
  });
});

describe("property: computed check digits validate, any single-digit change fails", () => {
  const gs1Types: [ExternalIdType, number][] = [
    ["gtin8", 8],
    ["gtin12", 12],
    ["gtin13", 13],
    ["gtin14", 14],
    ["ean", 13],
    ["ean", 8],
    ["upc", 12],
  ];

  it.each(gs1Types)("%s (%i digits)", (type, length) => {
    for (let seed = 1; seed <= 200; seed++) {
      const body = digits(length - 1, seed * 7919 + length);
      const code = body + gtinCheckDigit(body);
      const result = validateExternalId(type, code);
      expect(result).toEqual({ ok: true, value: code, matchKey: `gtin:${code.padStart(14, "0")}` });
      for (let i = 0; i < code.length; i++) {
        const original = code.charCodeAt(i) - 48;
        for (let replacement = 0; replacement <= 9; replacement++) {
          if (replacement === original) continue;
          const changed = code.slice(0, i) + String(replacement) + code.slice(i + 1);
          expect(validateExternalId(type, changed).ok, changed).toBe(false);
        }
      }
    }
  });

  it("isbn13 (978 and 979)", () => {
    for (let seed = 1; seed <= 200; seed++) {
      const body = (seed % 2 === 0 ? "978" : "979") + digits(9, seed);
      const code = body + gtinCheckDigit(body);
      expect(validateExternalId("isbn13", code).ok).toBe(true);
      for (let i = 3; i < code.length; i++) {
        const changed = code.slice(0, i) + String((Number(code[i]) + 1) % 10) + code.slice(i + 1);
        expect(validateExternalId("isbn13", changed), changed).toEqual({
          ok: false,
          reason: "checkDigit",
        });
      }
    }
  });

  it("isbn10: any digit changed or two adjacent digits swapped fails; ISBN-13 keys agree", () => {
    for (let seed = 1; seed <= 300; seed++) {
      const body = digits(9, seed * 31);
      const code = body + isbn10CheckDigit(body);
      const result = validateExternalId("isbn10", code);
      expect(result).toEqual({
        ok: true,
        value: code,
        matchKey: `gtin:0${isbn10ToIsbn13(code)}`,
      });
      expect(matchKey("isbn13", isbn10ToIsbn13(code))).toBe(matchKey("isbn10", code));
      for (let i = 0; i < 9; i++) {
        for (let replacement = 0; replacement <= 9; replacement++) {
          if (String(replacement) === code[i]) continue;
          const changed = code.slice(0, i) + String(replacement) + code.slice(i + 1);
          expect(validateExternalId("isbn10", changed).ok, changed).toBe(false);
        }
        const a = code[i] ?? "";
        const b = code[i + 1] ?? "";
        if (a !== b && b !== "X") {
          const swapped = code.slice(0, i) + b + a + code.slice(i + 2);
          expect(validateExternalId("isbn10", swapped).ok, swapped).toBe(false);
        }
      }
    }
  });
});
