import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { GET } from "@/app/api/listings/highlights/route";
import { products } from "@/lib/commerce/schema";
import { closeDb, getDb } from "@/lib/db/client";
import { runAsSystem } from "@/lib/db/run-context";
import { getHighlights, HIGHLIGHTS_SIZE, type Highlights } from "@/lib/listings/highlights";
import { listings } from "@/lib/listings/schema";
import { organisations } from "@/lib/organisations/schema";

// Outside Next there is no incremental cache: read through.
vi.mock("next/cache", () => ({ unstable_cache: <F>(fn: F) => fn }));

/**
 * The hub's sections (issue 11 §3) on a real database, read as `anon`: the newest and the
 * best rated published products, those within 50 km nearest first; drafts and archived
 * products never. The shared test database holds other files' listings, so this file's
 * products are the newest (published tomorrow), the best rated (5 stars, many reviews) and
 * alone in the South Pacific.
 */
const centre = { lat: -45.5, lng: -120.5 };
const tomorrow = Date.now() + 24 * 3600 * 1000;

type Fixture = {
  status?: "published" | "draft" | "archived";
  /** Minutes before "tomorrow". */
  age: number;
  at?: { lat: number; lng: number };
  rating?: [count: number, sum: number];
};

const fixtures = {
  // ≈ 11 km from the centre.
  near: { age: 3, at: { lat: -45.6, lng: -120.5 }, rating: [900_000, 4_500_000] },
  // ≈ 33 km.
  middle: { age: 2, at: { lat: -45.8, lng: -120.5 }, rating: [1_000_000, 5_000_000] },
  // ≈ 2 km: the nearest.
  nearest: { age: 4, at: { lat: -45.5, lng: -120.48 } },
  // ≈ 67 km: outside the 50 km.
  far: { age: 5, at: { lat: -46.1, lng: -120.5 } },
  draft: {
    status: "draft",
    age: 0,
    at: { lat: -45.5, lng: -120.5 },
    rating: [2_000_000, 10_000_000],
  },
  archived: {
    status: "archived",
    age: 1,
    at: { lat: -45.5, lng: -120.5 },
    rating: [2_000_000, 10_000_000],
  },
} satisfies Record<string, Fixture>;

type Name = keyof typeof fixtures;
const ids = Object.fromEntries(Object.keys(fixtures).map((k) => [k, randomUUID()])) as Record<
  Name,
  string
>;
const ours = new Set(Object.values(ids));
const mine = (cards: { id: string }[] | undefined) =>
  (cards ?? []).filter((card) => ours.has(card.id)).map((card) => card.id);

beforeAll(async () => {
  const organisationId = randomUUID();
  await runAsSystem(getDb(), "test: highlights", async (tx) => {
    await tx.insert(organisations).values({
      id: organisationId,
      name: "Highlights",
      slug: `highlights-${organisationId.slice(0, 8)}`,
    });
    for (const [name, f] of Object.entries(fixtures) as [Name, Fixture][]) {
      const status = f.status ?? "published";
      await tx.insert(listings).values({
        id: ids[name],
        organisationId,
        kind: "product",
        slug: `highlight-${name}-${ids[name].slice(0, 8)}`,
        title: `Highlight ${name}`,
        category: "home",
        status,
        latitude: f.at?.lat ?? null,
        longitude: f.at?.lng ?? null,
        priceFromMinor: 1_000,
        currency: "EUR",
        inStock: true,
        ratingCount: f.rating?.[0] ?? 0,
        ratingSum: f.rating?.[1] ?? 0,
        publishedAt: new Date(tomorrow - f.age * 60_000),
      });
      await tx.insert(products).values({ listingId: ids[name], organisationId });
    }
  });
});

afterAll(async () => {
  await closeDb();
});

describe("getHighlights", () => {
  let highlights: Highlights;
  beforeAll(async () => {
    highlights = await getHighlights(centre);
  });

  it("lists the newest published products first, never drafts or archived ones", () => {
    expect(highlights.newest.length).toBeLessThanOrEqual(HIGHLIGHTS_SIZE);
    expect(mine(highlights.newest)).toEqual([ids.middle, ids.near, ids.nearest, ids.far]);
  });

  it("lists the best rated published products, rated ones only", () => {
    expect(mine(highlights.topRated)).toEqual([ids.middle, ids.near]);
  });

  it("lists the products within 50 km, nearest first", () => {
    expect(mine(highlights.near)).toEqual([ids.nearest, ids.near, ids.middle]);
    expect(highlights.near?.[0]).toMatchObject({
      id: ids.nearest,
      title: "Highlight nearest",
      priceFromMinor: 1_000,
      currency: "EUR",
    });
  });

  it("has no nearby section without a point", async () => {
    const plain = await getHighlights(null);
    expect(plain).not.toHaveProperty("near");
  });
});

describe("GET /api/listings/highlights", () => {
  const get = (query: string) =>
    GET(new Request(`http://localhost/api/listings/highlights${query}`));

  it("answers the sections as cacheable JSON, near only for a point", async () => {
    const response = await get(`?lat=${centre.lat}&lng=${centre.lng}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("public, max-age=60");
    const body = (await response.json()) as Highlights;
    expect(mine(body.near)).toEqual([ids.nearest, ids.near, ids.middle]);
    expect(JSON.stringify(body)).not.toContain(ids.draft);
    expect(JSON.stringify(body)).not.toContain(ids.archived);
    const plain = (await (await get("")).json()) as Highlights;
    expect(plain.near).toBeUndefined();
  });

  it("answers 400 JSON for bad parameters", async () => {
    for (const query of ["?lat=1", "?lat=abc&lng=1", "?lat=95&lng=1", "?lat=1&lng=2&x=1"]) {
      const response = await get(query);
      expect(response.status, query).toBe(400);
      expect(await response.json()).toEqual({ error: "bad_request" });
    }
  });
});
