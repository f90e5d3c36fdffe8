import type { OfferKind, ProductCategory } from "./catalogue-types";
import type { DemoProduct } from "./demo-catalogue";

/**
 * The demo's running offers (issue 12 §2), so /commerce/offer is alive on first start: the
 * first published product of a few categories, shopping and travel, with fixed ids. They run
 * from a day before the seed for 90 days (the seed inserts them once: later seeds keep them).
 */
export interface DemoOffer {
  id: string;
  organisationId: string;
  listingId: string;
  title: string;
  kind: OfferKind;
  value: number;
  usageLimit: number | null;
}

const plan: { category: ProductCategory; title: string; percent?: number; fixedRatio?: number }[] =
  [
    { category: "electronics", title: "Tech week", percent: 15 },
    { category: "fashion", title: "Season sale", percent: 30 },
    { category: "books", title: "Reading deal", fixedRatio: 0.8 },
    { category: "home", title: "Home refresh", percent: 20 },
    { category: "flight", title: "Early bird fares", percent: 25 },
    { category: "car-rental", title: "Weekend rate", fixedRatio: 0.75 },
  ];

export function demoOffers(products: readonly DemoProduct[]): DemoOffer[] {
  const offers: DemoOffer[] = [];
  plan.forEach((entry, index) => {
    const product = products.find(
      (p) => p.status === "published" && p.category === entry.category && p.variants.length > 0,
    );
    if (!product) return;
    const lowest = Math.min(...product.variants.map((v) => v.priceMinor));
    const fixed = entry.fixedRatio ? Math.floor(lowest * entry.fixedRatio) : null;
    if (fixed !== null && (fixed <= 0 || fixed >= lowest)) return;
    offers.push({
      id: `00000000-0000-4000-8000-0000000f${String(index + 1).padStart(4, "0")}`,
      organisationId: product.organisationId,
      listingId: product.id,
      title: entry.title,
      kind: fixed !== null ? "fixed_price" : "percentage",
      value: fixed ?? entry.percent ?? 10,
      usageLimit: index % 2 === 0 ? null : 50,
    });
  });
  return offers;
}
