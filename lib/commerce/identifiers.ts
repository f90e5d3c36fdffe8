import type { ExternalIdType } from "@/lib/commerce/catalogue-types";

/**
 * Product identifiers (issue 11): GS1 codes (GTIN-8/12/13/14, EAN, UPC), ISBNs and the
 * manufacturer's part number. Pure functions shared by the forms, the server, the CSV codec
 * and the demo catalogue.
 *
 * `matchKey` is what the uniqueness rule compares: every GS1-family code becomes its 14-digit
 * GTIN (so an EAN-13, the same GTIN-13 and its GTIN-14 with indicator 0 are one product, and an
 * ISBN-10 equals its 978 ISBN-13); an MPN compares case-insensitively.
 */

export type ExternalIdValidation =
  { ok: true; value: string; matchKey: string } | { ok: false; reason: "format" | "checkDigit" };

/** Longest MPN, in UTF-16 code units (what zod's `.max()` counts, the stricter measure). */
export const MPN_MAX_LENGTH = 70;

const DIGITS = /^[0-9]+$/;
/** Spaces (any white space) and hyphens, including the dashes a spreadsheet may substitute. */
const SEPARATORS = /[\s\-\u2010-\u2015\u2212]/gu;
/** Control characters, lone surrogates and line/paragraph separators: not printable. */
const UNPRINTABLE = /[\p{Cc}\p{Cs}\u2028\u2029]/u;

/**
 * The GS1 mod-10 check digit of `body` (7 to 17 digits, the code without its check digit):
 * weights 3, 1, 3, … from the rightmost digit. Throws a RangeError for anything else.
 */
export function gtinCheckDigit(body: string): string {
  if (!DIGITS.test(body) || body.length < 7 || body.length > 17) {
    throw new RangeError("A GS1 body is 7 to 17 digits");
  }
  let sum = 0;
  for (let i = 0; i < body.length; i++) {
    const digit = body.charCodeAt(body.length - 1 - i) - 48;
    sum += i % 2 === 0 ? digit * 3 : digit;
  }
  return String((10 - (sum % 10)) % 10);
}

/**
 * The ISBN-10 check character of a 9-digit body: mod 11 with weights 10 … 2; "X" stands for
 * 10. Throws a RangeError for anything but 9 digits.
 */
export function isbn10CheckDigit(body9: string): string {
  if (!DIGITS.test(body9) || body9.length !== 9) {
    throw new RangeError("An ISBN-10 body is 9 digits");
  }
  let sum = 0;
  for (let i = 0; i < 9; i++) sum += (body9.charCodeAt(i) - 48) * (10 - i);
  const check = (11 - (sum % 11)) % 11;
  return check === 10 ? "X" : String(check);
}

/**
 * The 978 ISBN-13 of a valid ISBN-10 (spaces and hyphens allowed, "x" accepted).
 * Throws a RangeError when the input is not a valid ISBN-10.
 */
export function isbn10ToIsbn13(isbn10: string): string {
  const result = validateExternalId("isbn10", isbn10);
  if (!result.ok) throw new RangeError(`Not a valid ISBN-10 (${result.reason})`);
  return isbn10Body13(result.value);
}

/**
 * Normalises and checks one identifier of the given type. `value` is what is stored and
 * shown; `matchKey` decides whether two identifiers are the same (see the file comment).
 */
export function validateExternalId(type: ExternalIdType, raw: string): ExternalIdValidation {
  if (type === "mpn") return validateMpn(raw);
  const value = raw.trim().replace(SEPARATORS, "");
  switch (type) {
    case "gtin8":
      return checkGs1(value, [8]);
    case "gtin12":
    case "upc":
      return checkGs1(value, [12]);
    case "gtin13":
      return checkGs1(value, [13]);
    case "gtin14":
      return checkGs1(value, [14]);
    case "ean":
      return checkGs1(value, [13, 8]);
    case "isbn13":
      if (value.length === 13 && !/^97[89]/.test(value)) return { ok: false, reason: "format" };
      return checkGs1(value, [13]);
    case "isbn10":
      return checkIsbn10(value.toUpperCase());
  }
}

/**
 * Any GTIN (8, 12, 13 or 14 digits, spaces and hyphens allowed) with a valid check digit: the
 * CSV's single `gtin` column, where the length tells the kind.
 */
export function validateGtin(raw: string): ExternalIdValidation {
  const value = raw.trim().replace(SEPARATORS, "");
  return checkGs1(value, [8, 12, 13, 14]);
}

function checkGs1(value: string, lengths: readonly number[]): ExternalIdValidation {
  if (!DIGITS.test(value) || !lengths.includes(value.length)) {
    return { ok: false, reason: "format" };
  }
  if (gtinCheckDigit(value.slice(0, -1)) !== value.slice(-1)) {
    return { ok: false, reason: "checkDigit" };
  }
  return { ok: true, value, matchKey: gtinMatchKey(value) };
}

function checkIsbn10(value: string): ExternalIdValidation {
  if (!/^[0-9]{9}[0-9X]$/.test(value)) return { ok: false, reason: "format" };
  if (isbn10CheckDigit(value.slice(0, 9)) !== value.slice(9)) {
    return { ok: false, reason: "checkDigit" };
  }
  return { ok: true, value, matchKey: gtinMatchKey(isbn10Body13(value)) };
}

function validateMpn(raw: string): ExternalIdValidation {
  const value = raw.trim();
  if (value.length < 1 || value.length > MPN_MAX_LENGTH || UNPRINTABLE.test(value)) {
    return { ok: false, reason: "format" };
  }
  return { ok: true, value, matchKey: `mpn:${value.toLowerCase()}` };
}

/** The ISBN-13 of an already validated, normalised ISBN-10. */
function isbn10Body13(isbn10: string): string {
  const body = `978${isbn10.slice(0, 9)}`;
  return body + gtinCheckDigit(body);
}

function gtinMatchKey(gtin: string): string {
  return `gtin:${gtin.padStart(14, "0")}`;
}
