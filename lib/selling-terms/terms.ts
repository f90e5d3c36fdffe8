import { and, asc, eq } from "drizzle-orm";
import { taxClasses, type TaxClass } from "@/lib/commerce/catalogue-types";
import type { Tx } from "@/lib/db/types";
import { deliveryRates, sellingTerms, taxRates } from "./schema";

/**
 * What checkout needs of an organisation's terms (docs/selling-terms.md, "API for checkout").
 * Readable under anyone's RLS (the tables are public, inactive delivery rates aside) and in
 * a system transaction. An organisation that set nothing gets the defaults: prices include
 * tax, every class at 0 %, pickup on, no delivery rates.
 */
export interface DeliveryRateTerm {
  id: string;
  name: string;
  priceMinor: number;
  currency: string;
  taxClass: TaxClass;
}

export interface SellingTerms {
  organizationId: string;
  pricesIncludeTax: boolean;
  pickup: { enabled: boolean; note: string };
  /** Basis points and label per tax class (every class present). */
  taxRates: Record<TaxClass, { basisPoints: number; label: string }>;
  /** The active flat rates, in their sort order. */
  deliveryRates: DeliveryRateTerm[];
}

export const defaultTerms = { pricesIncludeTax: true, pickupEnabled: true, pickupNote: "" };

/** Every class at 0 % unless a row says otherwise. */
export function ratesByClass(
  rows: readonly { taxClass: TaxClass; basisPoints: number; label: string }[],
): Record<TaxClass, { basisPoints: number; label: string }> {
  const out = Object.fromEntries(
    taxClasses.map((c) => [c, { basisPoints: 0, label: "" }]),
  ) as Record<TaxClass, { basisPoints: number; label: string }>;
  for (const row of rows) out[row.taxClass] = { basisPoints: row.basisPoints, label: row.label };
  return out;
}

/** The terms row (none until first saved) and the rates set, as stored. */
export async function readTermsRows(tx: Tx, organisationId: string) {
  const [terms] = await tx
    .select({
      pricesIncludeTax: sellingTerms.pricesIncludeTax,
      pickupEnabled: sellingTerms.pickupEnabled,
      pickupNote: sellingTerms.pickupNote,
      version: sellingTerms.version,
    })
    .from(sellingTerms)
    .where(eq(sellingTerms.organisationId, organisationId));
  const rates = await tx
    .select({
      taxClass: taxRates.taxClass,
      basisPoints: taxRates.basisPoints,
      label: taxRates.label,
    })
    .from(taxRates)
    .where(eq(taxRates.organisationId, organisationId));
  return { terms: terms ?? null, rates };
}

export async function loadSellingTerms(tx: Tx, organizationId: string): Promise<SellingTerms> {
  const { terms, rates } = await readTermsRows(tx, organizationId);
  const delivery = await tx
    .select({
      id: deliveryRates.id,
      name: deliveryRates.name,
      priceMinor: deliveryRates.priceMinor,
      currency: deliveryRates.currency,
      taxClass: deliveryRates.taxClass,
    })
    .from(deliveryRates)
    .where(and(eq(deliveryRates.organisationId, organizationId), eq(deliveryRates.active, true)))
    .orderBy(asc(deliveryRates.sortOrder), asc(deliveryRates.name), asc(deliveryRates.id));
  const t = terms ?? defaultTerms;
  return {
    organizationId,
    pricesIncludeTax: t.pricesIncludeTax,
    pickup: { enabled: t.pickupEnabled, note: t.pickupNote },
    taxRates: ratesByClass(rates),
    deliveryRates: delivery,
  };
}
