/**
 * What an issued document says, frozen at issue (docs/invoices.md): the page, the PDF and
 * the list read only this, never the live organisation, profile or order. Prices include tax.
 */
export type DocumentLocale = "en" | "es";

export interface PartySnapshot {
  name: string;
  email: string | null;
  addressLines: string[];
  taxId: string | null;
}

export interface LineSnapshot {
  description: string;
  quantity: number;
  /** Tax included, minor units. */
  unitPriceMinor: number;
  /** Basis points: 2100 is 21 %. */
  taxRateBps: number;
  /** The tax included in `totalMinor`. */
  taxMinor: number;
  totalMinor: number;
}

/** One tax rate: what was charged at it (tax included), its net base and its tax. */
export interface TaxBreakdownEntry {
  rateBps: number;
  grossMinor: number;
  baseMinor: number;
  taxMinor: number;
}

export interface DocumentTotals {
  subtotalMinor: number;
  discountMinor: number;
  deliveryMinor: number;
  taxMinor: number;
  totalMinor: number;
}

export interface DocumentSnapshot {
  version: 1;
  kind: "invoice" | "credit_note";
  number: string;
  issuedAt: string;
  /** The seller's time zone at issue: dates are shown in it. */
  timeZone: string;
  locale: DocumentLocale;
  currency: string;
  seller: PartySnapshot;
  buyer: PartySnapshot;
  lines: LineSnapshot[];
  taxes: TaxBreakdownEntry[];
  totals: DocumentTotals;
  /** Credit notes: the invoice credited and why. */
  credit?: { invoiceNumber: string; reason: string | null };
}
