import { describe, expect, it } from "vitest";
import messages from "@/messages/en";
import spanish from "@/messages/es";
import { categoryTree, type CategoryId } from "@/lib/navigation/categories";
import { resolveTree } from "@/lib/navigation/tree";
import { matchCategories } from "./search-categories";

function tree(catalogue: typeof messages) {
  const items = catalogue.quickAccess.items as Record<
    CategoryId,
    { title: string; description: string }
  >;
  return resolveTree(categoryTree, (id, field) => items[id][field]);
}

const english = tree(messages);
const titles = (query: string, items = english) =>
  matchCategories(items, query).map((m) => m.title);

describe("matchCategories", () => {
  it("finds a leaf by its title, with its landing page and its folders", () => {
    expect(matchCategories(english, "plumbing")).toEqual([
      expect.objectContaining({
        id: "plumbing",
        title: "Plumbing",
        url: "/commerce/service?category=plumbing",
        path: ["Services"],
      }),
    ]);
  });

  it("reads descriptions and the folders above (every word must appear)", () => {
    expect(titles("pizza")).toEqual(["Italian"]);
    // "Sushi" is a folder: its leaves stand for it.
    expect(titles("sushi restaurants")).toEqual(["Japanese", "Fusion"]);
    expect(titles("sushi plumbing")).toEqual([]);
  });

  it("stands a folder for its leaves, title matches first", () => {
    const restaurants = titles("restaurants");
    expect(restaurants).toContain("Italian");
    expect(restaurants.length).toBeLessThanOrEqual(8);
    expect(titles("electronics")[0]).toBe("Electronics");
  });

  it("ignores case and accents, in Spanish too", () => {
    expect(titles("ELECTRÓNICA", tree(spanish as typeof messages))).toContain("Electrónica");
    expect(titles("fontaneria", tree(spanish as typeof messages))).toContain("Fontanería");
  });

  it("matches nothing for empty or one-letter words", () => {
    expect(matchCategories(english, "")).toEqual([]);
    expect(matchCategories(english, "a")).toEqual([]);
  });
});
