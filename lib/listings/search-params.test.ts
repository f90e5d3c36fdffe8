import { describe, expect, it } from "vitest";
import {
  DEFAULT_RADIUS_KM,
  hasSearchCriteria,
  listingSearchQuery,
  normaliseQuery,
  parseListingSearch,
  searchHref,
} from "./search-params";

describe("parseListingSearch", () => {
  it("reads every parameter", () => {
    expect(
      parseListingSearch({
        q: "  wireless   headphones ",
        kind: "product",
        category: "electronics",
        min: "10",
        max: "200",
        rating: "4",
        lat: "40.41678",
        lng: "-3.70379",
        r: "10",
        sort: "price-asc",
        page: "3",
      }),
    ).toEqual({
      q: "wireless headphones",
      kind: "product",
      category: "electronics",
      min: 10,
      max: 200,
      rating: 4,
      near: { lat: 40.417, lng: -3.704, radiusKm: 10 },
      sort: "price-asc",
      page: 3,
    });
  });

  it("has defaults for an empty URL and runs no query for it", () => {
    const state = parseListingSearch({});
    expect(state).toEqual({
      q: "",
      kind: null,
      category: null,
      min: null,
      max: null,
      rating: null,
      near: null,
      sort: "newest",
      page: 1,
    });
    expect(hasSearchCriteria(state)).toBe(false);
  });

  it("drops what is malformed instead of failing", () => {
    const state = parseListingSearch({
      kind: "spaceship",
      category: "Not A Slug!",
      min: "-5",
      max: "1e9",
      rating: "7",
      lat: "91",
      lng: "-3.7",
      r: "33",
      sort: "loudest",
      page: "0",
    });
    expect(state).toMatchObject({
      kind: null,
      category: null,
      min: null,
      max: null,
      rating: null,
      near: null,
      sort: "newest",
      page: 1,
    });
  });

  it("takes the first of repeated keys and caps pages", () => {
    expect(parseListingSearch({ q: ["phone", "tablet"], page: "99999" })).toMatchObject({
      q: "phone",
      page: 200,
    });
  });

  it("sorts by distance near me, by relevance for words, else by newest", () => {
    expect(parseListingSearch({ q: "tea" }).sort).toBe("relevance");
    expect(parseListingSearch({ q: "tea", lat: "51.5", lng: "-0.1" }).sort).toBe("distance");
    expect(parseListingSearch({ lat: "51.5", lng: "-0.1" }).sort).toBe("distance");
    // A sort that needs what is missing falls back.
    expect(parseListingSearch({ q: "tea", sort: "distance" }).sort).toBe("relevance");
    expect(parseListingSearch({ kind: "event", sort: "relevance" }).sort).toBe("newest");
  });

  it("keeps a radius from the offered list only", () => {
    expect(parseListingSearch({ lat: "1", lng: "2", r: "50" }).near?.radiusKm).toBe(50);
    expect(parseListingSearch({ lat: "1", lng: "2", r: "51" }).near?.radiusKm).toBe(
      DEFAULT_RADIUS_KM,
    );
  });

  it("drops a maximum below the minimum", () => {
    expect(parseListingSearch({ min: "50", max: "10" })).toMatchObject({ min: 50, max: null });
  });
});

describe("normaliseQuery", () => {
  it("removes control characters, collapses spaces and keeps 200 characters", () => {
    expect(normaliseQuery("a\u0000b\tc\u200bd")).toBe("a b c d");
    expect(normaliseQuery("x".repeat(300))).toHaveLength(200);
    expect(normaliseQuery(undefined)).toBe("");
  });
});

describe("listingSearchQuery", () => {
  it("leaves defaults out and round-trips through the parser", () => {
    const state = parseListingSearch({
      q: "café con leche",
      kind: "restaurant",
      min: "0",
      lat: "40.4",
      lng: "-3.7",
      rating: "3",
      page: "2",
    });
    const query = listingSearchQuery(state);
    expect(query).toBe(
      "q=caf%C3%A9+con+leche&kind=restaurant&min=0&rating=3&lat=40.4&lng=-3.7&page=2",
    );
    expect(parseListingSearch(Object.fromEntries(new URLSearchParams(query)))).toEqual(state);
  });

  it("writes the radius and a sort only when they are not the default", () => {
    const near = { lat: 1, lng: 2, radiusKm: 100 };
    expect(listingSearchQuery({ q: "x", near, sort: "distance" })).toBe("q=x&lat=1&lng=2&r=100");
    expect(listingSearchQuery({ q: "x", sort: "rating" })).toBe("q=x&sort=rating");
    expect(searchHref({})).toBe("/search");
  });
});
