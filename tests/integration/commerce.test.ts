import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runCommand } from "@/lib/backoffice/doors";
import {
  createBrandCommand,
  deleteBrandCommand,
  getBrand,
  listBrands,
  updateBrandCommand,
} from "@/lib/commerce/brands";
import {
  commerceOverview,
  createProductCommand,
  getProduct,
  listProducts,
  saveVariantsCommand,
  updateProductCommand,
} from "@/lib/commerce/products";
import {
  createAttributeCommand,
  createExternalIdCommand,
  deleteAttributeCommand,
  deleteExternalIdCommand,
  updateAttributeCommand,
} from "@/lib/commerce/product-parts";
import { duplicateProductCommand, setProductStatusCommand } from "@/lib/commerce/product-status";
import { productExternalIds, productVariants } from "@/lib/commerce/schema";
import { closeDb, getDb } from "@/lib/db/client";
import type { UserClaims } from "@/lib/db/context";
import { queryRows } from "@/lib/db/rows";
import { runAsAnon, runAsSystem, runAsUser } from "@/lib/db/run-context";
import { listings } from "@/lib/listings/schema";
import type { ProductWriteResult } from "@/lib/commerce/product-writes";
import type { ActionState } from "@/lib/backoffice/action-state";
import { enableCommerce, productInput, variant } from "./support/commerce";
import { createOrganisationWorld, type OrganisationWorld } from "./support/organisations";

/**
 * The products back office (issue 11 §2): brands, products with variants, attributes and
 * external identifications, publishing, duplicating; each rule the commands keep, the
 * permissions of the built-in roles, and another organisation's data out of reach in code
 * and under RLS.
 */
let world: OrganisationWorld;
const db = () => getDb();
const notFound = { status: "error", code: "notFound" };
const list = { page: 1, size: 25, sort: "updated", dir: "desc" } as const;

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

async function createProduct(
  claims: UserClaims,
  title: string,
  overrides: Record<string, unknown> = {},
  organisationId = world.a.id,
): Promise<ProductWriteResult> {
  return done(
    await runCommand(claims, organisationId, productInput(title, overrides), createProductCommand),
  );
}

async function listingRow(id: string) {
  const [row] = await runAsSystem(db(), "test", (tx) =>
    tx.select().from(listings).where(eq(listings.id, id)),
  );
  return row;
}

describe("brands", () => {
  it("are created, renamed with a version check, listed with their product count and deleted", async () => {
    const brand = done(
      await runCommand(
        manager(),
        world.a.id,
        { name: "Nimbus", description: "Phones", website: "https://nimbus.example" },
        createBrandCommand,
      ),
    );
    expect(
      await runCommand(
        manager(),
        world.a.id,
        { name: "nimbus", description: "" },
        createBrandCommand,
      ),
    ).toEqual({ status: "error", code: "nameTaken", field: "name" });
    await createProduct(manager(), "Nimbus One", { brandId: brand.id });
    const listed = await listBrands(manager(), world.a.id, { ...list, sort: "name", q: "nimb" });
    expect(listed.rows).toEqual([
      expect.objectContaining({ id: brand.id, name: "Nimbus", products: 1 }),
    ]);
    const renamed = done(
      await runCommand(
        manager(),
        world.a.id,
        { brandId: brand.id, version: 1, name: "Nimbus Labs", description: "", website: "" },
        updateBrandCommand,
      ),
    );
    expect(renamed.version).toBe(2);
    expect(
      await runCommand(
        manager(),
        world.a.id,
        { brandId: brand.id, version: 1, name: "Old", description: "" },
        updateBrandCommand,
      ),
    ).toEqual({ status: "error", code: "stale" });
    expect((await getBrand(manager(), world.a.id, brand.id))?.name).toBe("Nimbus Labs");
    // The other organisation neither reads nor changes it.
    const bManager = world.b.members.manager.claims;
    expect(await getBrand(bManager, world.b.id, brand.id)).toBeNull();
    expect(
      await runCommand(bManager, world.b.id, { brandId: brand.id, version: 2 }, deleteBrandCommand),
    ).toEqual(notFound);
    done(
      await runCommand(
        manager(),
        world.a.id,
        { brandId: brand.id, version: 2 },
        deleteBrandCommand,
      ),
    );
    expect(await getBrand(manager(), world.a.id, brand.id)).toBeNull();
  });

  it("are managed by owners, admins and managers only", async () => {
    for (const role of ["staff", "viewer"] as const) {
      expect(
        await runCommand(
          world.a.members[role].claims,
          world.a.id,
          { name: `By ${role}`, description: "" },
          createBrandCommand,
        ),
      ).toEqual(notFound);
    }
  });
});

describe("products", () => {
  it("start as a draft with one variant at the typed price, in the organisation's currency", async () => {
    const created = await createProduct(manager(), "Pixel Phone 9", { price: "249.5" });
    const product = await getProduct(manager(), world.a.id, created.id);
    expect(product).toMatchObject({
      title: "Pixel Phone 9",
      slug: "pixel-phone-9",
      status: "draft",
      currency: "USD",
      priceFromMinor: 24950,
      tags: ["phone", "android"],
      options: [],
    });
    expect(product?.variants).toEqual([
      expect.objectContaining({ optionValues: [], priceMinor: 24950, trackStock: false }),
    ]);
    expect(created.tags).toEqual(["listings:product", `listing:${created.id}`]);
    // The same slug again is refused on its field; a price with too many decimals too.
    expect(
      await runCommand(manager(), world.a.id, productInput("Pixel Phone 9"), createProductCommand),
    ).toEqual({ status: "error", code: "slugTaken", field: "slug" });
    expect(
      await runCommand(
        manager(),
        world.a.id,
        productInput("Cheap", { price: "1.999" }),
        createProductCommand,
      ),
    ).toEqual({ status: "error", code: "amountInvalid", field: "price" });
    expect(
      (
        await runCommand(
          manager(),
          world.a.id,
          productInput("X", { category: "cars" }),
          createProductCommand,
        )
      ).status,
    ).toBe("invalid");
  });

  it("save options and variants together: combinations, SKUs, prices and stock", async () => {
    const created = await createProduct(manager(), "Trail Jacket");
    const options = [
      { name: "Size", values: ["S", "M"] },
      { name: "Colour", values: ["Red", "Blue"] },
    ];
    const saved = done(
      await runCommand(
        manager(),
        world.a.id,
        {
          productId: created.id,
          version: created.version,
          options,
          variants: [
            variant(["S", "Red"], "80", { sku: "TJ-S-RED", stock: "0" }),
            variant(["S", "Blue"], "80", { sku: "TJ-S-BLUE", stock: "0" }),
            variant(["M", "Red"], "75.5", { sku: "TJ-M-RED", compareAt: "99", stock: "3" }),
            variant(["M", "Blue"], "82", { trackStock: false, stock: "" }),
          ],
        },
        saveVariantsCommand,
      ),
    );
    const product = await getProduct(manager(), world.a.id, created.id);
    expect(product?.variants.map((v) => [v.optionValues, v.sku, v.priceMinor, v.stock])).toEqual([
      [["S", "Red"], "TJ-S-RED", 8000, 0],
      [["S", "Blue"], "TJ-S-BLUE", 8000, 0],
      [["M", "Red"], "TJ-M-RED", 7550, 3],
      [["M", "Blue"], null, 8200, null],
    ]);
    expect(await listingRow(created.id)).toMatchObject({ priceFromMinor: 7550, inStock: true });

    const again = (variants: unknown[]) =>
      runCommand(
        manager(),
        world.a.id,
        { productId: created.id, version: saved.version, options, variants },
        saveVariantsCommand,
      );
    // A combination twice, one that does not fit the options, a compare-at below the price.
    const duplicate = await again([variant(["S", "Red"], "1"), variant(["S", "Red"], "2")]);
    expect(duplicate).toMatchObject({
      status: "invalid",
      fieldErrors: { variants: ["commerce:duplicateCombination"] },
    });
    expect(await again([variant(["XL", "Red"], "1")])).toMatchObject({
      status: "invalid",
      fieldErrors: { variants: ["commerce:combinationMismatch"] },
    });
    expect(await again([variant(["S", "Red"], "5", { compareAt: "4" })])).toMatchObject({
      status: "invalid",
      fieldErrors: { variants: ["commerce:compareAtNotAbove"] },
    });
    // A SKU another product uses: refused on its field, nothing written.
    const other = await createProduct(manager(), "Other jacket");
    const otherProduct = await getProduct(manager(), world.a.id, other.id);
    expect(
      await runCommand(
        manager(),
        world.a.id,
        {
          productId: other.id,
          version: otherProduct!.version,
          options: [],
          variants: [variant([], "10", { sku: "tj-s-red" })],
        },
        saveVariantsCommand,
      ),
    ).toEqual({ status: "error", code: "skuTaken", field: "variants.0.sku" });
    expect((await getProduct(manager(), world.a.id, other.id))?.variants[0]?.sku).toBeNull();
    // A save from an older read is stale.
    expect(await again([variant(["S", "Red"], "1")]).then((s) => s.status)).toBe("done");
    expect(await again([variant(["S", "Red"], "1")])).toEqual({ status: "error", code: "stale" });
    // Out of stock when every tracked variant is at 0.
    const latest = await getProduct(manager(), world.a.id, created.id);
    done(
      await runCommand(
        manager(),
        world.a.id,
        {
          productId: created.id,
          version: latest!.version,
          options,
          variants: [variant(["S", "Red"], "80", { stock: "0" })],
        },
        saveVariantsCommand,
      ),
    );
    expect(await listingRow(created.id)).toMatchObject({ priceFromMinor: 8000, inStock: false });
  });

  it("keep a variant's id when its combination stays (carts will point at it)", async () => {
    const created = await createProduct(manager(), "Mug");
    const before = await getProduct(manager(), world.a.id, created.id);
    done(
      await runCommand(
        manager(),
        world.a.id,
        {
          productId: created.id,
          version: before!.version,
          options: [],
          variants: [variant([], "12", { sku: "MUG-1" })],
        },
        saveVariantsCommand,
      ),
    );
    const after = await getProduct(manager(), world.a.id, created.id);
    expect(after?.variants[0]?.id).toBe(before?.variants[0]?.id);
  });

  it("take typed attributes", async () => {
    const created = await createProduct(manager(), "Smart Speaker");
    const attribute = (name: string, type: string, value: string, extra = {}) =>
      runCommand(
        manager(),
        world.a.id,
        { productId: created.id, name, type, value, unit: "", choices: "", ...extra },
        createAttributeCommand,
      );
    done(await attribute("Weight", "number", "850", { unit: "g" }));
    done(await attribute("Wireless", "boolean", "true"));
    done(await attribute("Colour", "colour", "#1A2B3C"));
    done(await attribute("Released", "date", "2026-03-01"));
    done(
      await attribute("Rooms", "severalOf", "Kitchen\nBedroom", {
        choices: "Kitchen\nBedroom\nOffice",
      }),
    );
    expect(await attribute("weight", "text", "heavy")).toEqual({
      status: "error",
      code: "nameTaken",
      field: "name",
    });
    for (const [type, value, extra] of [
      ["number", "12kg", {}],
      ["date", "2026-02-30", {}],
      ["colour", "red", {}],
      ["boolean", "yes", {}],
      ["oneOf", "Huge", { choices: "Small\nLarge" }],
    ] as const) {
      expect((await attribute(`Bad ${type}`, type, value, extra)).status, `${type} ${value}`).toBe(
        "invalid",
      );
    }
    const product = await getProduct(manager(), world.a.id, created.id);
    expect(product?.attributes.map((a) => [a.name, a.value, a.unit])).toEqual([
      ["Weight", 850, "g"],
      ["Wireless", true, null],
      ["Colour", "#1a2b3c", null],
      ["Released", "2026-03-01", null],
      ["Rooms", ["Kitchen", "Bedroom"], null],
    ]);
    done(
      await runCommand(
        manager(),
        world.a.id,
        {
          productId: created.id,
          attributeName: "weight",
          name: "Weight",
          type: "number",
          value: "900",
          unit: "g",
          choices: "",
        },
        updateAttributeCommand,
      ),
    );
    done(
      await runCommand(
        manager(),
        world.a.id,
        { productId: created.id, attributeName: "Wireless" },
        deleteAttributeCommand,
      ),
    );
    const updated = await getProduct(manager(), world.a.id, created.id);
    expect(updated?.attributes.map((a) => [a.name, a.value])).toContainEqual(["Weight", 900]);
    expect(updated?.attributes.some((a) => a.name === "Wireless")).toBe(false);
  });

  it("take external identifications with check digits, unique among live products", async () => {
    const first = await createProduct(manager(), "Barcode One");
    const second = await createProduct(manager(), "Barcode Two");
    const add = (productId: string, type: string, value: string) =>
      runCommand(manager(), world.a.id, { productId, type, value }, createExternalIdCommand);
    expect(await add(first.id, "ean", "4006381333932")).toEqual({
      status: "error",
      code: "externalIdCheckDigit",
      field: "value",
    });
    expect(await add(first.id, "upc", "12345")).toEqual({
      status: "error",
      code: "externalIdFormat",
      field: "value",
    });
    const ean = done(await add(first.id, "ean", "4006381333931"));
    // The same code as GTIN-14 on another product is the same code.
    expect(await add(second.id, "gtin14", "04006381333931")).toEqual({
      status: "error",
      code: "externalIdTaken",
      field: "value",
    });
    done(await add(first.id, "isbn13", "978-0-306-40615-7"));
    expect(await add(second.id, "isbn10", "0306406152")).toMatchObject({ code: "externalIdTaken" });
    // Archiving the first frees its codes; restoring it while another holds one is refused.
    done(
      await runCommand(
        manager(),
        world.a.id,
        { action: "archive", productIds: [first.id] },
        setProductStatusCommand,
      ),
    );
    done(await add(second.id, "gtin13", "4006381333931"));
    expect(
      await runCommand(
        manager(),
        world.a.id,
        { action: "restore", productIds: [first.id] },
        setProductStatusCommand,
      ),
    ).toEqual({ status: "error", code: "externalIdTaken" });
    expect((await listingRow(first.id))?.status).toBe("archived");
    done(
      await runCommand(
        manager(),
        world.a.id,
        { productId: first.id, externalId: ean.externalId },
        deleteExternalIdCommand,
      ),
    );
    const rows = await runAsSystem(db(), "test", (tx) =>
      tx.select().from(productExternalIds).where(eq(productExternalIds.productId, first.id)),
    );
    expect(rows.map((r) => r.type)).toEqual(["isbn13"]);
  });

  it("publish only when ready, all or none, and only with the publish permission", async () => {
    const ready = await createProduct(manager(), "Ready Phone");
    const bare = await createProduct(manager(), "Bare Phone", { summary: "", description: "" });
    expect(await getProduct(manager(), world.a.id, bare.id)).toMatchObject({
      missing: ["summary", "description"],
    });
    expect(
      await runCommand(
        manager(),
        world.a.id,
        { action: "publish", productIds: [ready.id, bare.id] },
        setProductStatusCommand,
      ),
    ).toEqual({ status: "error", code: "publishIncomplete" });
    expect((await listingRow(ready.id))?.status).toBe("draft");
    // Staff edit drafts but do not publish; the database refuses it too.
    const staff = world.a.members.staff.claims;
    expect(
      await runCommand(
        staff,
        world.a.id,
        { action: "publish", productIds: [ready.id] },
        setProductStatusCommand,
      ),
    ).toEqual(notFound);
    await expect(
      runAsUser(db(), staff, (tx) =>
        tx
          .update(listings)
          .set({ status: "published", publishedAt: new Date() })
          .where(eq(listings.id, ready.id)),
      ),
    ).rejects.toThrow();
    const published = done(
      await runCommand(
        manager(),
        world.a.id,
        { action: "publish", productIds: [ready.id] },
        setProductStatusCommand,
      ),
    );
    expect(published.tags).toContain(`listing:${ready.id}`);
    expect(await listingRow(ready.id)).toMatchObject({ status: "published" });
    // The status is not the form's: a form opened before publishing still saves.
    expect(
      await runCommand(
        manager(),
        world.a.id,
        { ...productInput("Ready Phone 2"), productId: ready.id, version: ready.version },
        updateProductCommand,
      ),
    ).toMatchObject({ status: "done" });
    expect((await listingRow(ready.id))?.publishedAt).toBeInstanceOf(Date);
  });

  it("are edited by staff, read by viewers, and not touched by viewers", async () => {
    const staff = world.a.members.staff.claims;
    const viewer = world.a.members.viewer.claims;
    const created = await createProduct(staff, "Staff Product");
    expect((await getProduct(viewer, world.a.id, created.id))?.title).toBe("Staff Product");
    expect(
      await runCommand(viewer, world.a.id, productInput("Viewer product"), createProductCommand),
    ).toEqual(notFound);
    expect(
      await runCommand(
        viewer,
        world.a.id,
        { ...productInput("Renamed"), productId: created.id, version: created.version },
        updateProductCommand,
      ),
    ).toEqual(notFound);
    // The custom role holds commerce.product.read only.
    expect((await getProduct(world.custom.claims, world.a.id, created.id))?.id).toBe(created.id);
  });

  it("duplicate as a draft copy without SKUs or external ids", async () => {
    const source = await createProduct(manager(), "Copy Me");
    const detail = await getProduct(manager(), world.a.id, source.id);
    done(
      await runCommand(
        manager(),
        world.a.id,
        {
          productId: source.id,
          version: detail!.version,
          options: [{ name: "Size", values: ["S", "L"] }],
          variants: [variant(["S"], "5", { sku: "CM-S" }), variant(["L"], "6", { sku: "CM-L" })],
        },
        saveVariantsCommand,
      ),
    );
    await runCommand(
      manager(),
      world.a.id,
      { productId: source.id, type: "mpn", value: "CM-001" },
      createExternalIdCommand,
    );
    const copy = done(
      await runCommand(
        manager(),
        world.a.id,
        { productId: source.id, version: 1 },
        duplicateProductCommand,
      ),
    );
    const second = done(
      await runCommand(
        manager(),
        world.a.id,
        { productId: source.id, version: 1 },
        duplicateProductCommand,
      ),
    );
    const copied = await getProduct(manager(), world.a.id, copy.id);
    expect(copied).toMatchObject({
      title: "Copy Me (copy)",
      slug: "copy-me-copy",
      status: "draft",
      options: [{ name: "Size", values: ["S", "L"] }],
      externalIds: [],
    });
    expect(copied?.variants.map((v) => [v.optionValues, v.sku, v.priceMinor])).toEqual([
      [["S"], null, 500],
      [["L"], null, 600],
    ]);
    expect((await getProduct(manager(), world.a.id, second.id))?.slug).toBe("copy-me-copy-2");
  });

  it("stop at the tier's item limit", async () => {
    await enableCommerce(db(), world.b.id, "free");
    const bOwner = world.b.members.owner.claims;
    // Fill B up to the free tier's 100 products directly, then one more is refused.
    await runAsSystem(db(), "test: fill", async (tx) => {
      for (let i = 0; i < 100; i++) {
        await tx.execute(sql`insert into listings (organisation_id, kind, slug, title, category, currency)
          values (${world.b.id}, 'product', ${`fill-${i}`}, ${`Fill ${i}`}, 'books', 'USD')`);
      }
    });
    expect(
      await runCommand(bOwner, world.b.id, productInput("One too many"), createProductCommand),
    ).toEqual({ status: "error", code: "limitReached" });
    await runAsSystem(db(), "test: unfill", (tx) =>
      tx.execute(
        sql`delete from listings where organisation_id = ${world.b.id} and slug like 'fill-%'`,
      ),
    );
  });

  it("need the commerce module", async () => {
    const other = await createOrganisationWorld(db(), []);
    expect(
      await runCommand(
        other.a.members.owner.claims,
        other.a.id,
        productInput("No module"),
        createProductCommand,
      ),
    ).toEqual({ status: "error", code: "moduleOff" });
  });

  it("show on the overview: counts, drafts and low stock", async () => {
    const overview = await commerceOverview(manager(), world.a.id);
    expect(overview.counts.published).toBeGreaterThanOrEqual(1);
    expect(overview.counts.draft).toBeGreaterThanOrEqual(1);
    expect(overview.drafts.length).toBeGreaterThan(0);
    expect(overview.lowStock.every((row) => row.stock <= 5)).toBe(true);
    expect(overview.lowStock.map((r) => r.title)).toContain("Trail Jacket");
  });
});

describe("another organisation's products", () => {
  let aDraft: ProductWriteResult;
  let aPublished: ProductWriteResult;

  beforeAll(async () => {
    aDraft = await createProduct(manager(), "A secret draft");
    aPublished = await createProduct(manager(), "A public product");
    done(
      await runCommand(
        manager(),
        world.a.id,
        { action: "publish", productIds: [aPublished.id] },
        setProductStatusCommand,
      ),
    );
  });

  it("are neither read nor changed by B's members through the lib functions and commands", async () => {
    const bOwner = world.b.members.owner.claims;
    expect(await getProduct(bOwner, world.b.id, aDraft.id)).toBeNull();
    expect(await getProduct(bOwner, world.a.id, aDraft.id)).toBeNull();
    expect((await listProducts(bOwner, world.a.id, list)).rows).toEqual([]);
    expect(
      (await listProducts(bOwner, world.b.id, list)).rows.some((r) => r.id === aDraft.id),
    ).toBe(false);
    for (const [input, command] of [
      [
        { ...productInput("Hijack"), productId: aDraft.id, version: aDraft.version },
        updateProductCommand,
      ],
      [{ productId: aDraft.id, version: 1 }, duplicateProductCommand],
      [{ action: "archive", productIds: [aPublished.id] }, setProductStatusCommand],
      [{ productId: aDraft.id, type: "mpn", value: "X" }, createExternalIdCommand],
      [
        { productId: aDraft.id, name: "X", type: "text", value: "x", unit: "", choices: "" },
        createAttributeCommand,
      ],
      [
        {
          productId: aDraft.id,
          version: aDraft.version,
          options: [],
          variants: [variant([], "1")],
        },
        saveVariantsCommand,
      ],
    ] as const) {
      expect(await runCommand(bOwner, world.b.id, input, command as never)).toEqual(notFound);
      expect(await runCommand(bOwner, world.a.id, input, command as never)).toEqual(notFound);
    }
    expect((await listingRow(aDraft.id))?.title).toBe("A secret draft");
  });

  it("are out of reach under RLS: B sees A's published listing only, writes nothing", async () => {
    const bOwner = world.b.members.owner.claims;
    const seen = await runAsUser(db(), bOwner, (tx) =>
      tx.select({ id: listings.id }).from(listings).where(eq(listings.organisationId, world.a.id)),
    );
    expect(seen.map((r) => r.id)).toContain(aPublished.id);
    expect(seen.map((r) => r.id)).not.toContain(aDraft.id);
    expect(
      (await Promise.all(seen.map((r) => listingRow(r.id)))).every(
        (r) => r?.status === "published",
      ),
    ).toBe(true);
    const variants = await runAsUser(db(), bOwner, (tx) =>
      tx
        .select({ id: productVariants.id })
        .from(productVariants)
        .where(eq(productVariants.productId, aDraft.id)),
    );
    expect(variants).toEqual([]);
    const updated = await runAsUser(db(), bOwner, (tx) =>
      tx
        .update(listings)
        .set({ title: "Taken over" })
        .where(eq(listings.id, aPublished.id))
        .returning({ id: listings.id }),
    );
    expect(updated).toEqual([]);
    await expect(
      runAsUser(db(), bOwner, (tx) =>
        tx.insert(productVariants).values({
          organisationId: world.a.id,
          productId: aPublished.id,
          priceMinor: 1,
          trackStock: false,
        }),
      ),
    ).rejects.toThrow();
    // A row of B cannot point at A's product (composite key), even as B's owner.
    await expect(
      runAsUser(db(), bOwner, (tx) =>
        tx.insert(productVariants).values({
          organisationId: world.b.id,
          productId: aPublished.id,
          priceMinor: 1,
          trackStock: false,
        }),
      ),
    ).rejects.toThrow();
  });

  it("are readable by visitors only when published", async () => {
    const rows = await runAsAnon(db(), (tx) =>
      tx
        .select({ id: listings.id })
        .from(listings)
        .where(and(eq(listings.organisationId, world.a.id))),
    );
    expect(rows.map((r) => r.id)).toContain(aPublished.id);
    expect(rows.map((r) => r.id)).not.toContain(aDraft.id);
    expect(
      (await Promise.all(rows.map((r) => listingRow(r.id)))).every(
        (r) => r?.status === "published",
      ),
    ).toBe(true);
    const variants = await runAsAnon(db(), (tx) =>
      tx
        .select({ id: productVariants.id })
        .from(productVariants)
        .where(eq(productVariants.organisationId, world.a.id)),
    );
    expect(variants.length).toBeGreaterThan(0);
    const draftVariants = await runAsAnon(db(), (tx) =>
      tx
        .select({ id: productVariants.id })
        .from(productVariants)
        .where(eq(productVariants.productId, aDraft.id)),
    );
    expect(draftVariants).toEqual([]);
    await expect(
      runAsAnon(db(), (tx) =>
        tx.insert(listings).values({
          organisationId: world.a.id,
          kind: "product",
          slug: "anon",
          title: "Anon",
          category: "books",
          currency: "USD",
        }),
      ),
    ).rejects.toThrow();
    // The seller card shows organisations with a published listing only.
    const cards = await runAsAnon(db(), (tx) =>
      queryRows<{ id: string }>(
        tx,
        sql`select id from app.seller_cards(array[${world.a.id}, ${world.b.id}]::uuid[])`,
      ),
    );
    expect(cards.map((c) => c.id)).toEqual([world.a.id]);
  });
});
