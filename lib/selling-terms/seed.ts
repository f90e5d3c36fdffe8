import type { TaxClass } from "@/lib/commerce/catalogue-types";
import { demoCatalogue } from "@/lib/commerce/demo-catalogue";
import type { Queryable } from "@/lib/db/types";
import { deliveryRates, discountCodes, sellingTerms, taxRates } from "./schema";

/**
 * The demo shops' selling terms (docs/selling-terms.md): prices include tax, the country's
 * usual rates per tax class, pickup on, two flat rates ("Standard", "Express") in the shop's
 * currency and an active code WELCOME10 (10 %). Idempotent: fixed ids and keys, inserted only
 * where missing, so terms changed in the back office stay as they are.
 */
type Rates = Record<TaxClass, [basisPoints: number, label: string]>;

const ratesByCountry: Record<string, Rates> = {
  ES: {
    standard: [2100, "IVA 21%"],
    reduced: [1000, "IVA 10%"],
    zero: [0, "IVA 0%"],
    exempt: [0, "Exento"],
  },
  MX: {
    standard: [1600, "IVA 16%"],
    reduced: [800, "IVA 8%"],
    zero: [0, "IVA 0%"],
    exempt: [0, "Exento"],
  },
  GB: {
    standard: [2000, "VAT 20%"],
    reduced: [500, "VAT 5%"],
    zero: [0, "VAT 0%"],
    exempt: [0, "Exempt"],
  },
  US: {
    standard: [800, "Sales tax 8%"],
    reduced: [400, "Sales tax 4%"],
    zero: [0, "No tax"],
    exempt: [0, "Exempt"],
  },
};

/** Standard and Express in minor units of each currency the demo uses. */
const deliveryPrices: Record<string, [standard: number, express: number]> = {
  EUR: [495, 995],
  GBP: [399, 799],
  MXN: [9900, 19900],
  USD: [599, 1299],
};

const demoId = (organisationId: string, n: number) =>
  `00000000-0000-4000-8000-0000000d${organisationId.slice(-3)}${n}`;

export async function seedSellingTerms(db: Queryable): Promise<void> {
  for (const org of demoCatalogue().organisations) {
    const rates = ratesByCountry[org.country] ?? ratesByCountry.ES!;
    const [standard, express] = deliveryPrices[org.currency] ?? [500, 1000];
    await db
      .insert(sellingTerms)
      .values({
        organisationId: org.id,
        pricesIncludeTax: true,
        pickupEnabled: true,
        pickupNote: `${org.address.line1}, ${org.address.city}`,
      })
      .onConflictDoNothing();
    await db
      .insert(taxRates)
      .values(
        Object.entries(rates).map(([taxClass, [basisPoints, label]]) => ({
          organisationId: org.id,
          taxClass: taxClass as TaxClass,
          basisPoints,
          label,
        })),
      )
      .onConflictDoNothing();
    await db
      .insert(deliveryRates)
      .values([
        {
          id: demoId(org.id, 1),
          organisationId: org.id,
          name: "Standard",
          priceMinor: standard,
          currency: org.currency,
          sortOrder: 1,
        },
        {
          id: demoId(org.id, 2),
          organisationId: org.id,
          name: "Express",
          priceMinor: express,
          currency: org.currency,
          sortOrder: 2,
        },
      ])
      .onConflictDoNothing();
    await db
      .insert(discountCodes)
      .values({
        id: demoId(org.id, 9),
        organisationId: org.id,
        code: "WELCOME10",
        kind: "percent",
        basisPoints: 1000,
        currency: org.currency,
      })
      .onConflictDoNothing();
  }
}
