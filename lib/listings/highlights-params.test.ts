import { describe, expect, it } from "vitest";
import { parseHighlightsQuery } from "./highlights-params";

const parse = (query: string) => parseHighlightsQuery(new URLSearchParams(query));

describe("parseHighlightsQuery", () => {
  it("takes no parameters: no nearby section", () => {
    expect(parse("")).toEqual({ near: null });
  });

  it("takes lat and lng together, rounded to 2 decimals", () => {
    expect(parse("lat=40.4168&lng=-3.7038")).toEqual({ near: { lat: 40.42, lng: -3.7 } });
    expect(parse("lng=2.1686&lat=41.3874")).toEqual({ near: { lat: 41.39, lng: 2.17 } });
    expect(parse("lat=-0.001&lng=0")).toEqual({ near: { lat: 0, lng: 0 } });
    expect(parse("lat=90&lng=-180")).toEqual({ near: { lat: 90, lng: -180 } });
    expect(parse("lat=-33.865&lng=151.2094")).toEqual({ near: { lat: -33.87, lng: 151.21 } });
  });

  it("refuses one coordinate without the other", () => {
    expect(parse("lat=40")).toBeNull();
    expect(parse("lng=-3")).toBeNull();
  });

  it("refuses values that are not plain decimal degrees", () => {
    for (const bad of [
      "lat=&lng=1",
      "lat=abc&lng=1",
      "lat=NaN&lng=1",
      "lat=Infinity&lng=1",
      "lat=1e1&lng=1",
      "lat=0x10&lng=1",
      "lat= 4&lng=1",
      "lat=4.&lng=1",
      "lat=1,5&lng=1",
    ]) {
      expect(parse(bad), bad).toBeNull();
    }
  });

  it("refuses coordinates out of range", () => {
    expect(parse("lat=90.01&lng=0")).toBeNull();
    expect(parse("lat=-91&lng=0")).toBeNull();
    expect(parse("lat=0&lng=180.5")).toBeNull();
    expect(parse("lat=0&lng=-1000")).toBeNull();
  });

  it("refuses repeated and unknown parameters", () => {
    expect(parse("lat=1&lat=2&lng=3")).toBeNull();
    expect(parse("lat=1&lng=2&lng=3")).toBeNull();
    expect(parse("lat=1&lng=2&radius=5")).toBeNull();
    expect(parse("page=2")).toBeNull();
  });
});
