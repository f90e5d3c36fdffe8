import { minorToAmount } from "@/lib/commerce/money";
import type { DocumentLocale } from "./snapshot";

/**
 * How a document shows amounts, rates and dates, the same on the page and in the PDF: the
 * currency's decimals (lib/commerce/money.ts) and the document's locale; dates in the
 * seller's time zone.
 */
export function formatMoney(locale: DocumentLocale, minor: number, currency: string): string {
  return new Intl.NumberFormat(locale, { style: "currency", currency }).format(
    minorToAmount(minor, currency),
  );
}

/** 2100 basis points → "21 %" (es) / "21%" (en); 550 → "5.5%". */
export function formatRate(locale: DocumentLocale, rateBps: number): string {
  return new Intl.NumberFormat(locale, { style: "percent", maximumFractionDigits: 2 }).format(
    rateBps / 10_000,
  );
}

export function formatIssueDate(locale: DocumentLocale, iso: string, timeZone: string): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: "long", timeZone }).format(new Date(iso));
}
