import { describe, expect, it } from "vitest";
import { parseProductSearch, productSearchQuery } from "./product-search-params";

const brand = "00000000-0000-4000-8000-0000000d0001";

describe("the public product pages' URL state", () => {
  it("reads every filter, repeated keys as lists", () => {
    expect(
      parseProductSearch({
        category: "electronics",
        brand: [brand, "not-a-uuid"],
        min: "10",
        max: "200",
        rating: "4",
        stock: "1",
        attr: ["Colour:Red", "Wireless:true", "broken", "Bad:\u0000", "Ta\tb:x"],
        sort: "price-asc",
        page: "3",
      }),
    ).toEqual({
      category: "electronics",
      brands: [brand],
      min: 10,
      max: 200,
      rating: 4,
      inStock: true,
      attrs: [
        { name: "Colour", value: "Red" },
        { name: "Wireless", value: "true" },
      ],
      sort: "price-asc",
      page: 3,
    });
  });

  it("drops what is malformed instead of failing", () => {
    expect(
      parseProductSearch({
        category: "cars",
        min: "-5",
        max: "1e9",
        rating: "9",
        sort: "cheapest",
        page: "0",
      }),
    ).toEqual({
      category: null,
      brands: [],
      min: null,
      max: null,
      rating: null,
      inStock: false,
      attrs: [],
      sort: "relevance",
      page: 1,
    });
    // A maximum below the minimum is ignored; pages stop at 500.
    expect(parseProductSearch({ min: "50", max: "10", page: "1e3" })).toMatchObject({
      min: 50,
      max: null,
      page: 1,
    });
    expect(parseProductSearch({ page: "700" }).page).toBe(500);
  });

  it("writes a state back as a query that reads the same", () => {
    const state = parseProductSearch({
      category: "books",
      brand,
      attr: "Language:Spanish",
      sort: "newest",
      page: "2",
      stock: "1",
    });
    const query = productSearchQuery(state);
    expect(query).toBe(
      `category=books&brand=${brand}&stock=1&attr=Language%3ASpanish&sort=newest&page=2`,
    );
    expect(parseProductSearch(Object.fromEntries(new URLSearchParams(query)))).toEqual(state);
    expect(productSearchQuery({ sort: "relevance", page: 1 })).toBe("");
  });
});
