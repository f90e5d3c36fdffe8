import { describe, expect, it } from "vitest";
import { productCategories } from "./catalogue-types";
import { groupOffers, offerGroupOf } from "./offer-groups";

describe("offer groups", () => {
  it("puts every product category in shopping or travel", () => {
    expect(productCategories.map((c) => [c, offerGroupOf(c)])).toEqual([
      ["electronics", "shopping"],
      ["fashion", "shopping"],
      ["groceries", "shopping"],
      ["books", "shopping"],
      ["home", "shopping"],
      ["course", "shopping"],
      ["flight", "travel"],
      ["car-rental", "travel"],
    ]);
    expect(offerGroupOf("toString")).toBeNull();
    expect(offerGroupOf("unknown")).toBeNull();
  });

  it("groups in order and leaves out empty groups and unknown categories", () => {
    const items = [
      { id: 1, category: "flight" },
      { id: 2, category: "books" },
      { id: 3, category: "other" },
      { id: 4, category: "car-rental" },
    ];
    expect(groupOffers(items)).toEqual([
      { group: "shopping", items: [{ id: 2, category: "books" }] },
      {
        group: "travel",
        items: [
          { id: 1, category: "flight" },
          { id: 4, category: "car-rental" },
        ],
      },
    ]);
    expect(groupOffers(items.filter((i) => i.category === "flight"))).toHaveLength(1);
    expect(groupOffers([])).toEqual([]);
  });
});
