import { describe, expect, it } from "vitest";
import { demoCatalogue } from "./demo-catalogue";
import { demoOffers } from "./demo-offers";
import { offerGroupOf } from "./offer-groups";
import { offerPrice } from "./offer-price";

describe("demo offers", () => {
  it("are deterministic, on published products, in both groups, and each lowers the price", () => {
    const { products } = demoCatalogue();
    const offers = demoOffers(products);
    expect(offers).toEqual(demoOffers(products));
    expect(offers.length).toBeGreaterThanOrEqual(4);
    expect(new Set(offers.map((o) => o.id)).size).toBe(offers.length);
    const byId = new Map(products.map((p) => [p.id, p]));
    const groups = new Set<string | null>();
    for (const offer of offers) {
      const product = byId.get(offer.listingId)!;
      expect(product.status).toBe("published");
      expect(product.organisationId).toBe(offer.organisationId);
      groups.add(offerGroupOf(product.category));
      const lowest = Math.min(...product.variants.map((v) => v.priceMinor));
      const rule = { id: offer.id, kind: offer.kind, value: offer.value, endsAt: new Date() };
      expect(offerPrice(lowest, [rule])?.priceMinor).toBeLessThan(lowest);
    }
    expect([...groups].sort()).toEqual(["shopping", "travel"]);
  });
});
