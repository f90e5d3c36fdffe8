import { describe, expect, it } from "vitest";
import { foldText, searchSuggestions } from "./did-you-mean";

describe("foldText", () => {
  it("ignores case, accents and extra spaces", () => {
    expect(foldText("  Café   Olé ")).toBe("cafe ole");
    expect(foldText("LÁMPARA")).toBe("lampara");
  });
});

describe("searchSuggestions", () => {
  it("offers the corrected words first, then the closest titles", () => {
    expect(
      searchSuggestions("hedphones", "headphones", [
        "Voltaro Lumen Wireless Headphones",
        "Orvella Audio Flux Wireless Headphones",
      ]),
    ).toEqual([
      "headphones",
      "Voltaro Lumen Wireless Headphones",
      "Orvella Audio Flux Wireless Headphones",
    ]);
  });

  it("never repeats the query or a suggestion (case and accents ignored)", () => {
    expect(
      searchSuggestions("Lampara", "lámpara", ["Lámpara", "LAMPARA de pie", "lampara DE PIE"]),
    ).toEqual(["LAMPARA de pie"]);
  });

  it("keeps at most four and skips empty entries", () => {
    expect(searchSuggestions("x", null, ["a", "", "b", "c", "d", "e"])).toEqual([
      "a",
      "b",
      "c",
      "d",
    ]);
    expect(searchSuggestions("x", null, [])).toEqual([]);
  });
});
