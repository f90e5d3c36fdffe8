import type { InvoiceKind } from "./schema";

/** The series prefix of each kind: invoices and credit notes are numbered apart. */
export const documentPrefixes: Record<InvoiceKind, string> = {
  invoice: "INV",
  credit_note: "CN",
};

/**
 * A document's number: prefix, year of the series, sequence padded to six digits
 * (INV-2026-000001, CN-2026-000042). The millionth and later keep all their digits.
 */
export function formatDocumentNumber(kind: InvoiceKind, year: number, sequence: number): string {
  if (!Number.isInteger(sequence) || sequence < 1) throw new RangeError("sequence must be ≥ 1");
  if (!Number.isInteger(year) || year < 2000 || year > 9999) throw new RangeError("bad year");
  return `${documentPrefixes[kind]}-${year}-${String(sequence).padStart(6, "0")}`;
}
