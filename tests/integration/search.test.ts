import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeDb, getDb } from "@/lib/db/client";
import type { Database } from "@/lib/db/connect";
import { queryRows } from "@/lib/db/rows";
import { runAsAnon, runAsSystem } from "@/lib/db/run-context";
import type { Db } from "@/lib/db/types";
import { haversineKm } from "@/lib/listings/geo";
import { listings } from "@/lib/listings/schema";
import { searchListings, type ListingSearchResult } from "@/lib/listings/search";
import { parseListingSearch } from "@/lib/listings/search-params";
import { organisations } from "@/lib/organisations/schema";
import { drivers, OPEN_TIMEOUT } from "./support/databases";

/**
 * Search across listings (issue 11 §3, docs/search.md) on a real database: typo tolerance,
 * English and Spanish, facets, "near me", suggestions; drafts and archived listings are never
 * found, not even through "did you mean". The shared test database holds other files'
 * listings too, so every assertion looks at this file's listings (a tag of its own).
 */
const token = `zq${randomUUID()
  .replace(/[^a-f]/g, "")
  .slice(0, 8)}`;
const madrid = { lat: 40.4168, lng: -3.7038 };

type Fixture = {
  title: string;
  tags?: string[];
  kind?: "product" | "event";
  status?: "published" | "draft" | "archived";
  summary?: string;
  category: string;
  priceFromMinor?: number | null;
  rating?: [count: number, sum: number];
  at?: { lat: number; lng: number; city: string };
};

const fixtures = {
  iphone: {
    title: "Apple iPhone 15 Pro",
    summary: "A phone with a titanium frame.",
    tags: ["smartphone"],
    category: "electronics",
    priceFromMinor: 99_900,
    rating: [10, 45],
    at: { ...madrid, city: "Madrid" },
  },
  headphones: {
    title: "Sonora Wireless Headphones",
    summary: "Noise cancelling, thirty hours of battery.",
    category: "electronics",
    priceFromMinor: 12_900,
    rating: [5, 15],
    at: { lat: 41.3874, lng: 2.1686, city: "Barcelona" },
  },
  cafetera: {
    title: "Cafetera italiana de aluminio",
    summary: "Café de siempre, para seis tazas.",
    category: "home",
    priceFromMinor: 2_900,
    at: { lat: 40.45, lng: -3.69, city: "Madrid" },
  },
  lampara: {
    title: "Lámpara de pie nórdica",
    summary: "Madera de haya y lino.",
    category: "home",
    priceFromMinor: 8_900,
    at: { lat: 51.5072, lng: -0.1276, city: "London" },
  },
  concert: {
    title: "Concierto de jazz en el parque",
    kind: "event",
    summary: "Una tarde de música en directo.",
    category: "concerts",
    priceFromMinor: null,
    at: { lat: 40.4153, lng: -3.6845, city: "Madrid" },
  },
  draft: {
    title: "Apple iPhone 16 Prototype Quetzalcoatl",
    status: "draft",
    summary: "Not announced yet.",
    category: "electronics",
    at: { ...madrid, city: "Madrid" },
  },
  archived: {
    title: "Zanzibar Vintage Smartphone Xylograph",
    status: "archived",
    category: "electronics",
  },
} satisfies Record<string, Fixture>;

type Name = keyof typeof fixtures;
type Ids = Record<Name, string>;
const newIds = () => Object.fromEntries(Object.keys(fixtures).map((k) => [k, randomUUID()])) as Ids;
const ids = newIds();
const ours = new Set(Object.values(ids));

async function insertFixtures(db: Db, organisationId: string, ids: Ids) {
  await runAsSystem(db, "test: search listings", async (tx) => {
    await tx.insert(organisations).values({
      id: organisationId,
      name: `Search ${token}`,
      slug: `search-${organisationId.slice(0, 8)}`,
    });
    for (const [name, f] of Object.entries(fixtures) as [Name, Fixture][]) {
      const status = f.status ?? "published";
      await tx.insert(listings).values({
        id: ids[name],
        organisationId,
        kind: f.kind ?? "product",
        slug: `${name}-${token}`,
        title: f.title,
        summary: f.summary ?? "",
        category: f.category,
        tags: [token, ...(f.tags ?? [])],
        status,
        city: f.at?.city ?? null,
        latitude: f.at?.lat ?? null,
        longitude: f.at?.lng ?? null,
        priceFromMinor: f.priceFromMinor ?? null,
        currency: "EUR",
        inStock: true,
        ratingCount: f.rating?.[0] ?? 0,
        ratingSum: f.rating?.[1] ?? 0,
        publishedAt: status === "draft" ? null : new Date(),
      });
    }
  });
}

const search = (query: string) =>
  searchListings(parseListingSearch(Object.fromEntries(new URLSearchParams(query))));
const found = (result: ListingSearchResult) =>
  result.items.filter((item) => ours.has(item.id)).map((item) => item.id);

describe("searchListings (PostgreSQL)", () => {
  const db = () => getDb();

  beforeAll(async () => {
    await insertFixtures(db(), randomUUID(), ids);
  });

  afterAll(async () => {
    await closeDb();
  });

  it("tolerates typos: transposed, missing and wrong letters", async () => {
    const iphone = await search("q=iphnoe");
    expect(found(iphone)).toContain(ids.iphone);
    expect(iphone.correctedQuery).toBe("iphone");
    expect(found(await search("q=smartphnoe"))).toContain(ids.iphone);
    expect(found(await search("q=hedphones"))).toContain(ids.headphones);
    expect(found(await search("q=sonra+wireles+headphone"))).toContain(ids.headphones);
  });

  it("finds exact words first, stemmed and as typed, in English and Spanish, accents ignored", async () => {
    const exact = await search("q=headphone");
    expect(found(exact)).toEqual([ids.headphones]);
    expect(exact.correctedQuery).toBeNull();
    expect(found(await search("q=cafeteras"))).toEqual([ids.cafetera]);
    expect(found(await search("q=cafe+tazas"))).toEqual([ids.cafetera]);
    expect(found(await search("q=LAMPARA+nordica"))).toEqual([ids.lampara]);
    expect(found(await search("q=conciertos"))).toEqual([ids.concert]);
    expect(found(await search("q=titanium"))).toEqual([ids.iphone]);
  });

  it("never finds a draft or an archived listing, nor offers their words", async () => {
    for (const query of [
      "q=prototype",
      "q=iphone+16",
      "q=quetzalcoatl",
      "q=zanzibar",
      "q=xylograph",
    ]) {
      const result = await search(query);
      expect(found(result), query).not.toContain(ids.draft);
      expect(found(result), query).not.toContain(ids.archived);
      expect(result.items.map((i) => i.title).join("|")).not.toMatch(/Quetzalcoatl|Zanzibar/);
      expect(result.suggestions.join("|")).not.toMatch(/quetzalcoatl|zanzibar|xylograph/i);
    }
    const all = await search(`q=${token}`);
    expect(found(all).sort()).toEqual(
      [ids.iphone, ids.headphones, ids.cafetera, ids.lampara, ids.concert].sort(),
    );
    const [words] = await runAsSystem(db(), "test: dictionary", (tx) =>
      queryRows<{ n: number }>(
        tx,
        sql`select count(*)::int as n from listing_search_words
            where word in ('quetzalcoatl', 'zanzibar', 'xylograph', 'prototype')`,
      ),
    );
    expect(words?.n).toBe(0);
  });

  it("keeps the typo dictionary in step with publishing, archiving and deleting", async () => {
    const count = async (word: string) => {
      const [row] = await runAsSystem(db(), "test: dictionary", (tx) =>
        queryRows<{ n: number }>(
          tx,
          sql`select count(*)::int as n from listing_search_words where word = ${word}`,
        ),
      );
      return row?.n ?? 0;
    };
    const setStatus = (status: "published" | "draft" | "archived") =>
      runAsSystem(db(), "test: status", (tx) =>
        tx
          .update(listings)
          .set({ status, publishedAt: status === "draft" ? null : new Date() })
          .where(eq(listings.id, ids.draft)),
      );
    await setStatus("published");
    expect(await count("quetzalcoatl")).toBe(1);
    expect(found(await search("q=quetzalcoatl"))).toEqual([ids.draft]);
    expect(found(await search("q=quetzalcotl"))).toEqual([ids.draft]);
    await setStatus("archived");
    expect(await count("quetzalcoatl")).toBe(0);
    // A word another published listing still has stays.
    expect(await count("apple")).toBe(1);
    expect(await count("iphone")).toBe(1);
    await setStatus("draft");
    expect(found(await search("q=quetzalcoatl"))).toEqual([]);
  });

  it("counts facets by kind, category, price band and rating, each without its own filter", async () => {
    const all = await search(`q=${token}`);
    expect(all.facets.kinds).toEqual(
      expect.arrayContaining([
        { value: "product", count: 4 },
        { value: "event", count: 1 },
      ]),
    );
    expect(all.facets.categories).toEqual(
      expect.arrayContaining([
        { value: "electronics", count: 2 },
        { value: "home", count: 2 },
        { value: "concerts", count: 1 },
      ]),
    );
    expect(all.facets.prices.map((band) => band.count)).toEqual([0, 1, 1, 1, 0, 1]);
    expect(all.facets.ratings).toEqual([
      { stars: 4, count: 1 },
      { stars: 3, count: 2 },
      { stars: 2, count: 2 },
      { stars: 1, count: 2 },
    ]);

    const products = await search(`q=${token}&kind=product`);
    expect(products.total).toBe(4);
    expect(products.facets.kinds).toEqual(expect.arrayContaining([{ value: "event", count: 1 }]));
    expect(products.facets.categories.map((c) => c.value)).not.toContain("concerts");

    const cheapHome = await search(`q=${token}&category=home&min=25&max=50`);
    expect(found(cheapHome)).toEqual([ids.cafetera]);
    expect(cheapHome.facets.prices.map((band) => band.count)).toEqual([0, 1, 1, 0, 0, 0]);

    const rated = await search(`q=${token}&rating=4`);
    expect(found(rated)).toEqual([ids.iphone]);
    expect(rated.items[0]).toMatchObject({
      kind: "product",
      title: "Apple iPhone 15 Pro",
      category: "electronics",
      priceFromMinor: 99_900,
      currency: "EUR",
      ratingCount: 10,
      ratingAverage: 4.5,
      city: "Madrid",
      brandName: null,
      distanceKm: null,
    });
  });

  it("orders by distance near me and keeps to the radius", async () => {
    const near = await search(`q=${token}&lat=${madrid.lat}&lng=${madrid.lng}&r=25`);
    const order = near.items.filter((i) => ours.has(i.id));
    expect(order.map((i) => i.id)).toEqual([ids.iphone, ids.concert, ids.cafetera]);
    const distances = order.map((i) => i.distanceKm ?? Number.NaN);
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
    expect(distances[2]).toBeCloseTo(
      haversineKm({ lat: 40.417, lng: -3.704 }, { lat: 40.45, lng: -3.69 }),
      3,
    );
    const wider = await search(`q=${token}&lat=${madrid.lat}&lng=${madrid.lng}&r=250`);
    expect(found(wider)).not.toContain(ids.headphones); // Barcelona: about 505 km
    const anywhere = await search(`lat=41.3874&lng=2.1686&r=5&kind=product`);
    expect(found(anywhere)).toEqual([ids.headphones]);
  });

  it("says what it corrected, and suggests close words and titles when nothing matches", async () => {
    const corrected = await search("q=sonoraa+wirelless+headfones");
    expect(found(corrected)).toEqual([ids.headphones]);
    expect(corrected.correctedQuery).toBe("sonora wireless headphones");
    expect(corrected.suggestions).toEqual([]);

    const close = await search("q=hadfones");
    expect(close).toMatchObject({ total: 0, matched: 0, items: [] });
    expect(close.suggestions[0]).toBe("headphones");
    expect(close.suggestions).toContain("Sonora Wireless Headphones");

    const nothing = await search("q=qqqqzzzzjjjj");
    expect(nothing).toMatchObject({ total: 0, matched: 0, items: [], suggestions: [] });
  });

  it("runs nothing for an empty state and clamps a page past the end", async () => {
    expect(await search("")).toMatchObject({ total: 0, items: [], pages: 1 });
    const last = await search(`q=${token}&page=9`);
    expect(last.page).toBe(1);
    expect(found(last)).toHaveLength(5);
  });
});

describe.each(drivers)("search functions on $name", (driver) => {
  let database: Database;
  const organisationId = randomUUID();

  beforeAll(async () => {
    database = await driver.open();
    await insertFixtures(database.db, organisationId, newIds());
  }, OPEN_TIMEOUT);

  afterAll(async () => {
    await runAsSystem(database.db, "test: cleanup", (tx) =>
      tx.delete(organisations).where(eq(organisations.id, organisationId)),
    );
    await database.close();
  });

  const matches = (query: string) =>
    runAsAnon(database.db, (tx) =>
      queryRows<{ title: string; corrected: string | null; exact: boolean }>(
        tx,
        sql`select l.title, m.corrected, m.exact
              from app.search_listing_matches(${query}, 0.4) m
              join listings l on l.id = m.listing_id
             where l.organisation_id = ${organisationId}::uuid
             order by m.rank desc, l.title`,
      ),
    );

  it("match typos, Spanish stems and folded accents as anon, drafts never", async () => {
    expect(await matches("hedphones")).toEqual([
      { title: "Sonora Wireless Headphones", corrected: "headphones", exact: false },
    ]);
    expect((await matches("cafeteras")).map((r) => r.title)).toEqual([
      "Cafetera italiana de aluminio",
    ]);
    expect((await matches("lampara")).map((r) => r.exact)).toEqual([true]);
    expect(await matches("quetzalcoatl")).toEqual([]);
    expect(await matches("")).toEqual([]);
  });
});
