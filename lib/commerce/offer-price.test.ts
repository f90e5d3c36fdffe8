import { describe, expect, it } from "vitest";
import { offerPrice, priceUnder, type PriceRuleOffer } from "./offer-price";

const ends = new Date("2030-01-01T00:00:00Z");
const pct = (value: number, id = "p", endsAt = ends): PriceRuleOffer => ({
  id,
  kind: "percentage",
  value,
  endsAt,
});
const fixed = (value: number, id = "f", endsAt = ends): PriceRuleOffer => ({
  id,
  kind: "fixed_price",
  value,
  endsAt,
});

describe("offerPrice", () => {
  it("takes a percentage off, rounded half up to the minor unit", () => {
    expect(priceUnder(999, pct(15))).toBe(849); // 849.15
    expect(priceUnder(1000, pct(25))).toBe(750);
    expect(priceUnder(1050, pct(5))).toBe(998); // 997.5 → 998
    expect(priceUnder(15, pct(10))).toBe(14); // 13.5 → 14
  });

  it("answers the offer price, the normal price, the percent saved and the end", () => {
    expect(offerPrice(2000, [pct(20)])).toEqual({
      offerId: "p",
      priceMinor: 1600,
      normalMinor: 2000,
      percentSaved: 20,
      endsAt: ends,
    });
  });

  it("rounds the percent saved down, never claiming more than is saved", () => {
    expect(offerPrice(300, [fixed(199)])?.percentSaved).toBe(33); // 33.67
  });

  it("the lowest price wins", () => {
    expect(offerPrice(1000, [pct(10, "a"), fixed(850, "b"), pct(12, "c")])?.offerId).toBe("b");
    expect(offerPrice(1000, [fixed(950, "b"), pct(30, "a")])?.priceMinor).toBe(700);
  });

  it("a tie goes to the offer ending first, then the smaller id", () => {
    const early = new Date("2029-01-01T00:00:00Z");
    expect(offerPrice(1000, [pct(10, "a"), fixed(900, "b", early)])?.offerId).toBe("b");
    expect(offerPrice(1000, [fixed(900, "b", early), pct(10, "a")])?.offerId).toBe("b");
    expect(offerPrice(1000, [fixed(900, "z"), pct(10, "a")])?.offerId).toBe("a");
    expect(offerPrice(1000, [pct(10, "a"), fixed(900, "z")])?.offerId).toBe("a");
  });

  it("a lower price beats an earlier end", () => {
    const early = new Date("2029-01-01T00:00:00Z");
    expect(offerPrice(1000, [pct(20, "z"), fixed(850, "a", early)])?.offerId).toBe("z");
  });

  it("caps a percentage at 100 and ignores a negative one", () => {
    expect(priceUnder(1000, pct(150))).toBe(0);
    expect(offerPrice(1000, [pct(150)])).toMatchObject({ priceMinor: 0, percentSaved: 100 });
    expect(priceUnder(1000, pct(-10))).toBe(1000);
    expect(offerPrice(1000, [pct(-10)])).toBeNull();
  });

  it("a fixed price at or above the normal price is not an offer", () => {
    expect(offerPrice(1000, [fixed(1000)])).toBeNull();
    expect(offerPrice(1000, [fixed(1200)])).toBeNull();
    expect(offerPrice(1000, [fixed(1200, "a"), pct(10, "b")])?.offerId).toBe("b");
  });

  it("a percentage that rounds back to the normal price is not an offer", () => {
    expect(offerPrice(5, [pct(10)])).toBeNull(); // 4.5 → 5
  });

  it("never goes below 0, and a free offer saves 100%", () => {
    expect(priceUnder(1000, fixed(-5))).toBe(0);
    expect(offerPrice(1000, [fixed(0)])).toMatchObject({ priceMinor: 0, percentSaved: 100 });
  });

  it("no offers, no offer price", () => {
    expect(offerPrice(1000, [])).toBeNull();
    expect(offerPrice(0, [pct(50)])).toBeNull();
  });
});
