import { and, desc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { ActionState } from "@/lib/backoffice/action-state";
import { runCommand } from "@/lib/backoffice/doors";
import { auditEntries } from "@/lib/audit/schema";
import { createProductCommand } from "@/lib/commerce/products";
import type { ProductWriteResult } from "@/lib/commerce/product-writes";
import { setProductStatusCommand } from "@/lib/commerce/product-status";
import { closeDb, getDb } from "@/lib/db/client";
import type { UserClaims } from "@/lib/db/context";
import { queryRows } from "@/lib/db/rows";
import { runAsSystem, runAsUser } from "@/lib/db/run-context";
import { builtListingKinds } from "@/lib/listings/listing-kinds";
import {
  getListingLocation,
  setListingLocationCommand,
  type ListingLocationWrite,
} from "@/lib/listings/location";
import { cachedPublicProduct } from "@/lib/listings/public-products";
import { listings } from "@/lib/listings/schema";
import { enableCommerce, productInput } from "./support/commerce";
import { createOrganisationWorld, type OrganisationWorld } from "./support/organisations";

// Outside Next there is no incremental cache: read through.
vi.mock("next/cache", () => ({ unstable_cache: <F>(fn: F) => fn }));

/**
 * A listing's location (issue 11, the back office's location editor): the command saves the
 * address and the point in one transaction with the version check and an audit entry, refuses
 * bad input field by field with nothing written, needs the kind's write permission, never
 * reaches another organisation's listing (in code or in SQL under RLS), and the public read
 * shows what was saved.
 */
let world: OrganisationWorld;
const db = () => getDb();
const command = setListingLocationCommand("product");
const notFound = { status: "error", code: "notFound" };

const madrid = {
  addressLine1: "Calle de Fuencarral 43",
  addressLine2: "Local 2",
  city: "Madrid",
  region: "Comunidad de Madrid",
  postalCode: "28004",
  country: "es",
  latitude: "40.4262",
  longitude: "-3.7038",
};
const blank = {
  addressLine1: "",
  addressLine2: "",
  city: "",
  region: "",
  postalCode: "",
  country: "",
  latitude: "",
  longitude: "",
};

beforeAll(async () => {
  world = await createOrganisationWorld(db(), ["commerce.product.read"]);
  await enableCommerce(db(), world.a.id);
  await enableCommerce(db(), world.b.id);
});

afterAll(async () => {
  await closeDb();
});

const manager = () => world.a.members.manager.claims;

function done<R>(state: ActionState<R>): R {
  if (state.status !== "done") throw new Error(`expected done, got ${JSON.stringify(state)}`);
  return state.data;
}

async function createProduct(title: string, organisationId = world.a.id) {
  const owner = organisationId === world.a.id ? manager() : world.b.members.manager.claims;
  return done(
    await runCommand(owner, organisationId, productInput(title), createProductCommand),
  ) as ProductWriteResult;
}

async function publish(claims: UserClaims, organisationId: string, id: string) {
  done(
    await runCommand(
      claims,
      organisationId,
      { action: "publish", productIds: [id] },
      setProductStatusCommand,
    ),
  );
}

async function stored(id: string) {
  const [row] = await runAsSystem(db(), "test", (tx) =>
    tx
      .select({
        version: listings.version,
        addressLine1: listings.addressLine1,
        addressLine2: listings.addressLine2,
        city: listings.city,
        region: listings.region,
        postalCode: listings.postalCode,
        country: listings.country,
        latitude: listings.latitude,
        longitude: listings.longitude,
      })
      .from(listings)
      .where(eq(listings.id, id)),
  );
  return row;
}

async function locationAudits(id: string) {
  return runAsSystem(db(), "test", (tx) =>
    tx
      .select({ before: auditEntries.before, after: auditEntries.after })
      .from(auditEntries)
      .where(
        and(eq(auditEntries.resourceId, id), eq(auditEntries.action, "commerce.location.update")),
      )
      .orderBy(desc(auditEntries.createdAt)),
  );
}

function save(
  claims: UserClaims,
  organisationId: string,
  input: Record<string, unknown>,
): Promise<ActionState<ListingLocationWrite>> {
  return runCommand(claims, organisationId, input, command);
}

describe("setting a listing's location", () => {
  it("saves the address and the point, moves the version on, audits, and answers the tags", async () => {
    const product = await createProduct("Located Lamp");
    const written = done(
      await save(manager(), world.a.id, {
        listingId: product.id,
        version: product.version,
        ...madrid,
      }),
    );
    expect(written).toEqual({
      id: product.id,
      version: product.version + 1,
      tags: ["listings:product", `listing:${product.id}`],
    });
    expect(await stored(product.id)).toEqual({
      version: product.version + 1,
      addressLine1: "Calle de Fuencarral 43",
      addressLine2: "Local 2",
      city: "Madrid",
      region: "Comunidad de Madrid",
      postalCode: "28004",
      country: "ES",
      latitude: 40.4262,
      longitude: -3.7038,
    });
    const [entry] = await locationAudits(product.id);
    expect(entry?.before).toMatchObject({ city: null, latitude: null });
    expect(entry?.after).toMatchObject({ city: "Madrid", country: "ES", latitude: 40.4262 });
    // The editor reads it back with the new version.
    expect(await getListingLocation(manager(), world.a.id, "product", product.id)).toMatchObject({
      id: product.id,
      version: written.version,
      city: "Madrid",
      longitude: -3.7038,
    });
  });

  it("takes a decimal comma, and clears everything with an empty form", async () => {
    const product = await createProduct("Clearable Chair");
    const first = done(
      await save(manager(), world.a.id, {
        listingId: product.id,
        version: product.version,
        ...blank,
        city: "Sevilla",
        latitude: "37,3891",
        longitude: "-5,9845",
      }),
    );
    expect(await stored(product.id)).toMatchObject({ latitude: 37.3891, longitude: -5.9845 });
    done(
      await save(manager(), world.a.id, {
        listingId: product.id,
        version: first.version,
        ...blank,
      }),
    );
    expect(await stored(product.id)).toEqual({
      version: first.version + 1,
      addressLine1: null,
      addressLine2: null,
      city: null,
      region: null,
      postalCode: null,
      country: null,
      latitude: null,
      longitude: null,
    });
  });

  const refusals: [string, Record<string, string>, string, string][] = [
    ["an unknown country code", { country: "XX" }, "country", "location:country"],
    ["a country name", { country: "Spain" }, "country", "location:country"],
    ["a latitude past 90", { latitude: "90.5" }, "latitude", "location:latitudeRange"],
    ["a latitude below -90", { latitude: "-91" }, "latitude", "location:latitudeRange"],
    ["a longitude past 180", { longitude: "180.0001" }, "longitude", "location:longitudeRange"],
    ["a latitude that is not a number", { latitude: "40°N" }, "latitude", "location:coordinate"],
    ["a longitude in exponent form", { longitude: "1e2" }, "longitude", "location:coordinate"],
    ["a latitude without longitude", { longitude: "" }, "longitude", "location:pair"],
    ["a longitude without latitude", { latitude: "" }, "latitude", "location:pair"],
    [
      "an address line over 200 characters",
      { addressLine1: "a".repeat(201) },
      "addressLine1",
      'validation:maxLength:{"0":200}',
    ],
    [
      "a second line over 200 characters",
      { addressLine2: "a".repeat(201) },
      "addressLine2",
      'validation:maxLength:{"0":200}',
    ],
    ["a city over 100", { city: "a".repeat(101) }, "city", 'validation:maxLength:{"0":100}'],
    ["a region over 100", { region: "a".repeat(101) }, "region", 'validation:maxLength:{"0":100}'],
    [
      "a postal code over 20",
      { postalCode: "1".repeat(21) },
      "postalCode",
      'validation:maxLength:{"0":20}',
    ],
    ["a control character", { city: "Mad\u0000rid" }, "city", "validation:format"],
    [
      "a line break in a line",
      { addressLine1: "Calle\nMayor" },
      "addressLine1",
      "validation:format",
    ],
  ];

  it.each(refusals)(
    "refuses %s on its field, writing nothing",
    async (_, change, field, message) => {
      const product = await createProduct(
        `Refused ${field} ${Math.random().toString(36).slice(2, 8)}`,
      );
      const before = await stored(product.id);
      const answer = await save(manager(), world.a.id, {
        listingId: product.id,
        version: product.version,
        ...madrid,
        ...change,
      });
      expect(answer.status).toBe("invalid");
      if (answer.status !== "invalid") return;
      expect(Object.keys(answer.fieldErrors)).toEqual([field]);
      expect(answer.fieldErrors[field]?.[0]).toBe(message);
      expect(await stored(product.id)).toEqual(before);
      expect(await locationAudits(product.id)).toEqual([]);
    },
  );

  it("refuses a save from an older read (stale), writing nothing", async () => {
    const product = await createProduct("Contested Clock");
    const first = done(
      await save(manager(), world.a.id, {
        listingId: product.id,
        version: product.version,
        ...madrid,
      }),
    );
    const after = await stored(product.id);
    expect(
      await save(manager(), world.a.id, {
        listingId: product.id,
        version: product.version,
        ...blank,
        city: "Toledo",
      }),
    ).toEqual({ status: "error", code: "stale" });
    expect(await stored(product.id)).toEqual(after);
    expect(after?.version).toBe(first.version);
    expect(await locationAudits(product.id)).toHaveLength(1);
  });

  it("needs commerce.product.write: staff may, viewers and a read-only custom role may not", async () => {
    const product = await createProduct("Guarded Globe");
    const before = await stored(product.id);
    for (const claims of [world.a.members.viewer.claims, world.custom.claims]) {
      expect(
        await save(claims, world.a.id, {
          listingId: product.id,
          version: product.version,
          ...madrid,
        }),
      ).toEqual(notFound);
    }
    // Neither does SQL under RLS: the update policy asks for the kind's write permission.
    const updated = await runAsUser(db(), world.a.members.viewer.claims, (tx) =>
      tx
        .update(listings)
        .set({ city: "Taken" })
        .where(eq(listings.id, product.id))
        .returning({ id: listings.id }),
    );
    expect(updated).toEqual([]);
    expect(await stored(product.id)).toEqual(before);
    expect(await locationAudits(product.id)).toEqual([]);
    done(
      await save(world.a.members.staff.claims, world.a.id, {
        listingId: product.id,
        version: product.version,
        ...madrid,
      }),
    );
    expect((await stored(product.id))?.city).toBe("Madrid");
  });

  it("needs the kind's module", async () => {
    const other = await createOrganisationWorld(db(), []);
    expect(
      await save(other.a.members.owner.claims, other.a.id, {
        listingId: "00000000-0000-4000-8000-000000000001",
        version: 1,
        ...madrid,
      }),
    ).toEqual({ status: "error", code: "moduleOff" });
  });

  it("guards the listing with the same permission in code and in the database", async () => {
    const [row] = await queryRows<{ write: string; read: string }>(
      db(),
      sql`select app.listing_permission('product', 'write') as write, app.listing_permission('product', 'read') as read`,
    );
    expect(row).toEqual({
      write: builtListingKinds.product.write,
      read: builtListingKinds.product.read,
    });
  });
});

describe("another organisation's listing", () => {
  it("is not written by B's members through the command, nor in SQL under RLS, even published", async () => {
    const draft = await createProduct("A Draft Desk");
    const published = await createProduct("A Public Pot");
    await publish(manager(), world.a.id, published.id);
    const bOwner = world.b.members.owner.claims;
    for (const product of [draft, published]) {
      const before = await stored(product.id);
      const input = { listingId: product.id, version: before!.version, ...madrid };
      expect(await save(bOwner, world.b.id, input)).toEqual(notFound);
      expect(await save(bOwner, world.a.id, input)).toEqual(notFound);
      const updated = await runAsUser(db(), bOwner, (tx) =>
        tx
          .update(listings)
          .set({ city: "Taken", latitude: 1, longitude: 1 })
          .where(eq(listings.id, product.id))
          .returning({ id: listings.id }),
      );
      expect(updated).toEqual([]);
      expect(await stored(product.id)).toEqual(before);
      expect(await locationAudits(product.id)).toEqual([]);
      // Nor is it read in B's back office, though the published one is public.
      expect(await getListingLocation(bOwner, world.b.id, "product", product.id)).toBeNull();
      expect(await getListingLocation(bOwner, world.a.id, "product", product.id)).toBeNull();
    }
    // B's own product is B's to locate.
    const own = await createProduct("B Bench", world.b.id);
    done(
      await save(world.b.members.manager.claims, world.b.id, {
        listingId: own.id,
        version: own.version,
        ...madrid,
      }),
    );
  });
});

describe("the public product page's read", () => {
  it("shows the saved location, and none when there is none", async () => {
    const product = await createProduct("Public Place Mat");
    const bare = await createProduct("Public Bare Mat");
    for (const p of [product, bare]) await publish(manager(), world.a.id, p.id);
    done(
      await save(manager(), world.a.id, {
        listingId: product.id,
        version: product.version,
        ...madrid,
      }),
    );
    expect((await cachedPublicProduct(product.id))?.location).toEqual({
      addressLine1: "Calle de Fuencarral 43",
      addressLine2: "Local 2",
      city: "Madrid",
      region: "Comunidad de Madrid",
      postalCode: "28004",
      country: "ES",
      latitude: 40.4262,
      longitude: -3.7038,
    });
    expect((await cachedPublicProduct(bare.id))?.location).toBeNull();
  });
});
