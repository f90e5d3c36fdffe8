import { describe, expect, it } from "vitest";
import en from "@/messages/en/quickAccess.json";
import es from "@/messages/es/quickAccess.json";
import {
  categoryIconNames,
  categoryTree,
  type CategoryId,
  type CategoryNode,
} from "@/lib/navigation/categories";
import {
  flattenTree,
  levelItems,
  resolveTrail,
  resolveTree,
  searchTree,
  trailTo,
  visibleItems,
} from "@/lib/navigation/tree";

const tree = resolveTree(categoryTree, (id, field) => en.items[id][field]);
const allNodes = (nodes: readonly CategoryNode[]): CategoryNode[] =>
  nodes.flatMap((node) => [node, ...allNodes(node.children ?? [])]);
const titles = (items: { title: string }[]) => items.map((item) => item.title);

describe("category tree (spec §2)", () => {
  it("has the seven top-level categories in order", () => {
    expect(titles(tree)).toEqual([
      "Services",
      "Restaurants",
      "Events",
      "Shopping",
      "Health",
      "Education",
      "Travel",
    ]);
  });

  it("has the children the spec lists", () => {
    const children = (id: CategoryId) => titles(levelItems(tree, trailTo(tree, id) ?? []));
    expect(children("services")).toEqual([
      "Cleaning",
      "Plumbing",
      "Electrical",
      "Gardening",
      "Moving",
      "IT Support",
    ]);
    expect(children("it-support")).toEqual(["Hardware", "Software", "Networking"]);
    expect(children("restaurants")).toEqual(["Italian", "Sushi", "Indian", "Mexican", "French"]);
    expect(children("sushi")).toEqual(["Japanese", "Fusion"]);
    expect(children("events")).toEqual(["Concerts", "Conferences", "Sports"]);
    expect(children("sports")).toEqual(["Football", "Basketball", "Tennis"]);
    expect(children("shopping")).toEqual([
      "Electronics",
      "Fashion",
      "Groceries",
      "Books",
      "Home & Living",
    ]);
    expect(children("health")).toEqual(["Doctors", "Dentists", "Fitness", "Spa"]);
    expect(children("education")).toEqual(["Schools", "Courses", "Tutors"]);
    expect(children("travel")).toEqual(["Flights", "Hotels", "Car Rental", "Experiences"]);
  });

  it("points every leaf at its landing page of spec §2", () => {
    const urls = Object.fromEntries(
      allNodes(categoryTree)
        .filter((node) => node.url)
        .map((node) => [node.id, node.url]),
    );
    expect(urls).toEqual({
      cleaning: "/commerce/service?category=cleaning",
      plumbing: "/commerce/service?category=plumbing",
      electrical: "/commerce/service?category=electrical",
      gardening: "/commerce/service?category=gardening",
      moving: "/commerce/service?category=moving",
      "it-hardware": "/commerce/service?category=it-hardware",
      "it-software": "/commerce/service?category=it-software",
      "it-networking": "/commerce/service?category=it-networking",
      italian: "/commerce/venue?cuisine=italian",
      japanese: "/commerce/venue?cuisine=japanese",
      "sushi-fusion": "/commerce/venue?cuisine=sushi-fusion",
      indian: "/commerce/venue?cuisine=indian",
      mexican: "/commerce/venue?cuisine=mexican",
      french: "/commerce/venue?cuisine=french",
      concerts: "/commerce/event?type=concert",
      conferences: "/commerce/event?type=conference",
      football: "/commerce/event?type=football",
      basketball: "/commerce/event?type=basketball",
      tennis: "/commerce/event?type=tennis",
      electronics: "/commerce/product?category=electronics",
      fashion: "/commerce/product?category=fashion",
      groceries: "/commerce/product?category=groceries",
      books: "/commerce/product?category=books",
      "home-living": "/commerce/product?category=home",
      doctors: "/commerce/service?category=doctor",
      dentists: "/commerce/service?category=dentist",
      fitness: "/commerce/service?category=fitness",
      spa: "/commerce/service?category=spa",
      schools: "/commerce/venue?type=school",
      courses: "/commerce/product?category=course",
      tutors: "/commerce/service?category=tutor",
      flights: "/commerce/product?category=flight",
      hotels: "/commerce/venue?type=hotel",
      "car-rental": "/commerce/product?category=car-rental",
      experiences: "/commerce/event?type=experience",
    });
  });

  it("gives every node either a url or children, a unique id and a known icon", () => {
    const nodes = allNodes(categoryTree);
    for (const node of nodes) {
      expect(Boolean(node.url) !== Boolean(node.children?.length)).toBe(true);
      if (node.icon) expect(categoryIconNames).toContain(node.icon);
    }
    expect(new Set(nodes.map((node) => node.id)).size).toBe(nodes.length);
  });

  it("has an English and a Spanish title and description for every node, and no extra", () => {
    const ids = allNodes(categoryTree)
      .map((node) => node.id)
      .sort();
    for (const catalogue of [en, es]) {
      expect(Object.keys(catalogue.items).sort()).toEqual(ids);
      for (const id of ids) {
        expect(catalogue.items[id].title.length).toBeGreaterThan(0);
        expect(catalogue.items[id].description.length).toBeGreaterThan(0);
      }
    }
    expect(Object.keys(es).sort()).toEqual(Object.keys(en).sort());
  });
});

describe("tree functions", () => {
  it("records each item's path of parent titles", () => {
    const hardware = flattenTree(tree).find((item) => item.id === "it-hardware");
    expect(hardware?.path).toEqual(["Services", "IT Support"]);
    expect(tree[0]?.path).toEqual([]);
  });

  it("flattens parents before their children", () => {
    const ids = flattenTree(tree).map((item) => item.id);
    expect(ids.indexOf("services")).toBeLessThan(ids.indexOf("it-support"));
    expect(ids.indexOf("it-support")).toBeLessThan(ids.indexOf("it-hardware"));
    expect(ids).toHaveLength(allNodes(categoryTree).length);
  });

  it("follows a trail and stops at the first id that does not match", () => {
    expect(titles(resolveTrail(tree, ["services", "it-support"]))).toEqual([
      "Services",
      "IT Support",
    ]);
    expect(titles(resolveTrail(tree, ["services", "sushi", "japanese"]))).toEqual(["Services"]);
    // A leaf is not a level.
    expect(titles(resolveTrail(tree, ["services", "plumbing"]))).toEqual(["Services"]);
    expect(titles(levelItems(tree, []))).toEqual(titles(tree));
  });

  it("finds the trail to any item, or null", () => {
    expect(trailTo(tree, "sushi-fusion")).toEqual(["restaurants", "sushi", "sushi-fusion"]);
    expect(trailTo(tree, "travel")).toEqual(["travel"]);
    expect(trailTo([], "travel")).toBeNull();
  });

  it("searches title and description across the whole tree, case-insensitively", () => {
    expect(titles(searchTree(tree, "plumb"))).toEqual(["Plumbing"]);
    expect(titles(searchTree(tree, "PLUMB"))).toEqual(["Plumbing"]);
    // "boilers" is only in Plumbing's description.
    expect(titles(searchTree(tree, "boilers"))).toEqual(["Plumbing"]);
    // Deep items are found from the top.
    expect(titles(searchTree(tree, "fusion"))).toEqual(["Fusion"]);
    expect(searchTree(tree, "zzz")).toEqual([]);
    expect(searchTree(tree, "   ")).toEqual([]);
  });

  it("ignores accents in Spanish", () => {
    const spanish = resolveTree(categoryTree, (id, field) => es.items[id][field]);
    expect(titles(searchTree(spanish, "fontaneria"))).toEqual(["Fontanería"]);
    expect(titles(searchTree(spanish, "FÚTBOL"))).toEqual(["Fútbol"]);
  });

  it("lists the level, the search matches, the favourites, or both filters combined", () => {
    const base = { trail: ["events"] as CategoryId[], query: "", favouritesOnly: false };
    expect(titles(visibleItems(tree, { ...base, favourites: [] }))).toEqual([
      "Concerts",
      "Conferences",
      "Sports",
    ]);
    const favourites = ["plumbing", "tennis", "travel"];
    expect(titles(visibleItems(tree, { ...base, favourites, favouritesOnly: true }))).toEqual([
      "Plumbing",
      "Tennis",
      "Travel",
    ]);
    expect(
      titles(visibleItems(tree, { ...base, favourites, favouritesOnly: true, query: "ten" })),
    ).toEqual(["Tennis"]);
    expect(visibleItems(tree, { ...base, favourites: [], favouritesOnly: true })).toEqual([]);
    expect(titles(visibleItems(tree, { ...base, favourites: [], query: "hotel" }))).toEqual([
      "Hotels",
    ]);
  });
});
