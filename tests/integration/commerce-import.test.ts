// First: the request scope sets up what Next's server sets up before its stores exist.
import { callRoute, signInCookies, siteRequest, type CookieJar } from "./support/request-scope";
import { and, asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as exportRoute from "@/app/api/organisations/[organisationId]/products/export/route";
import * as importRoute from "@/app/api/organisations/[organisationId]/products/import/route";
import { auditEntries } from "@/lib/audit/schema";
import type { ActionState } from "@/lib/backoffice/action-state";
import { runCommand } from "@/lib/backoffice/doors";
import { createProductCommand, getProduct, saveVariantsCommand } from "@/lib/commerce/products";
import { createAttributeCommand, createExternalIdCommand } from "@/lib/commerce/product-parts";
import { setProductStatusCommand } from "@/lib/commerce/product-status";
import {
  parseProductsCsv,
  serializeProductsCsv,
  type CsvProduct,
} from "@/lib/commerce/products-csv";
import {
  exportProducts,
  importProductsCommand,
  type ProductsImportResult,
} from "@/lib/commerce/products-import";
import {
  brands,
  productAttributes,
  productExternalIds,
  products,
  productVariants,
} from "@/lib/commerce/schema";
import type { ProductsImportAnswer } from "@/lib/commerce/products-import-answer";
import { planProduct } from "@/lib/commerce/products-import-plan";
import { RowRefused, writePlans } from "@/lib/commerce/products-import-write";
import { closeDb, getDb } from "@/lib/db/client";
import { withUserContext, type UserClaims } from "@/lib/db/context";
import { runAsSystem } from "@/lib/db/run-context";
import { listings } from "@/lib/listings/schema";
import type { ProductWriteResult } from "@/lib/commerce/product-writes";
import { enableCommerce, productInput, variant } from "./support/commerce";
import { createOrganisationWorld, type OrganisationWorld } from "./support/organisations";

/**
 * CSV export and import of products (issue 11 §2): exporting and importing the same file
 * changes nothing (a full snapshot of the catalogue's rows, versions and times included);
 * an edited cell changes exactly that; a new handle creates a product; any bad row, a SKU or
 * code another product has, a status change without the publish permission, a brand the
 * caller may not create or the item limit writes nothing and answers by row and column.
 * Another organisation's members and viewers get 404 from the routes.
 */
let world: OrganisationWorld;
const db = () => getDb();
const manager = () => world.a.members.manager.claims;
const staff = () => world.a.members.staff.claims;
const EUR = { currencyDigits: 2 };

beforeAll(async () => {
  world = await createOrganisationWorld(db());
  await enableCommerce(db(), world.a.id, "pro");
  await enableCommerce(db(), world.b.id, "free");
  await seedCatalogue();
});

afterAll(async () => {
  await closeDb();
});

function done<R>(state: ActionState<R>): R {
  if (state.status !== "done") throw new Error(`expected done, got ${JSON.stringify(state)}`);
  return state.data;
}

async function create(title: string, overrides: Record<string, unknown> = {}) {
  return done(
    await runCommand(manager(), world.a.id, productInput(title, overrides), createProductCommand),
  );
}

/** Products with options, SKUs, stock, attributes, several codes, every status, CRLF texts. */
async function seedCatalogue() {
  const jacket: ProductWriteResult = await create("Trail Jacket", {
    description: "A jacket for the trail.\r\nWaterproof, and long enough to publish.",
  });
  done(
    await runCommand(
      manager(),
      world.a.id,
      {
        productId: jacket.id,
        version: jacket.version,
        options: [
          { name: "Size", values: ["S", "M", "L"] },
          { name: "Colour", values: ["Red", "Blue"] },
        ],
        variants: [
          variant(["S", "Red"], "80", { sku: "TJ-S-RED", stock: "0" }),
          variant(["M", "Red"], "75.5", { sku: "TJ-M-RED", compareAt: "99", stock: "3" }),
          variant(["M", "Blue"], "82", { trackStock: false, stock: "" }),
        ],
      },
      saveVariantsCommand,
    ),
  );
  for (const [type, value] of [
    ["ean", "4006381333931"],
    ["gtin14", "14006381333938"],
    ["mpn", "TJ-100"],
  ]) {
    done(
      await runCommand(
        manager(),
        world.a.id,
        { productId: jacket.id, type, value },
        createExternalIdCommand,
      ),
    );
  }
  done(
    await runCommand(
      manager(),
      world.a.id,
      {
        productId: jacket.id,
        name: "Weight",
        type: "number",
        value: "850",
        unit: "g",
        choices: "",
      },
      createAttributeCommand,
    ),
  );
  const book = await create("Cheese Book", { category: "books", price: "12" });
  done(
    await runCommand(
      manager(),
      world.a.id,
      { productId: book.id, type: "isbn10", value: "0-306-40615-2" },
      createExternalIdCommand,
    ),
  );
  done(
    await runCommand(
      manager(),
      world.a.id,
      { action: "publish", productIds: [jacket.id, book.id] },
      setProductStatusCommand,
    ),
  );
  const old = await create("Old Lamp", { category: "home", price: "5" });
  done(
    await runCommand(
      manager(),
      world.a.id,
      { action: "archive", productIds: [old.id] },
      setProductStatusCommand,
    ),
  );
  await create("=SUM(A1) Formula Mug", { category: "home", price: "9.99", summary: "" });
}

/** Every row of the organisation's catalogue, as stored (versions and times included). */
async function snapshot(organisationId: string) {
  return runAsSystem(db(), "test: snapshot", async (tx) => ({
    listings: await tx
      .select()
      .from(listings)
      .where(eq(listings.organisationId, organisationId))
      .orderBy(asc(listings.id)),
    products: await tx
      .select()
      .from(products)
      .where(eq(products.organisationId, organisationId))
      .orderBy(asc(products.listingId)),
    variants: await tx
      .select()
      .from(productVariants)
      .where(eq(productVariants.organisationId, organisationId))
      .orderBy(asc(productVariants.id)),
    attributes: await tx
      .select()
      .from(productAttributes)
      .where(eq(productAttributes.organisationId, organisationId))
      .orderBy(asc(productAttributes.id)),
    externalIds: await tx
      .select()
      .from(productExternalIds)
      .where(eq(productExternalIds.organisationId, organisationId))
      .orderBy(asc(productExternalIds.id)),
    brands: await tx
      .select()
      .from(brands)
      .where(eq(brands.organisationId, organisationId))
      .orderBy(asc(brands.id)),
  }));
}

async function importCsv(
  claims: UserClaims,
  csv: string,
  organisationId = world.a.id,
): Promise<ActionState<ProductsImportResult>> {
  return runCommand(claims, organisationId, { csv }, importProductsCommand);
}

async function imported(claims: UserClaims, csv: string) {
  const result = done(await importCsv(claims, csv));
  if (result.status !== "done") throw new Error(`import refused: ${JSON.stringify(result)}`);
  return result;
}

async function refused(claims: UserClaims, csv: string) {
  const result = done(await importCsv(claims, csv));
  if (result.status !== "invalid") throw new Error(`import accepted: ${JSON.stringify(result)}`);
  return result.errors;
}

/** The exported file, read back, changed by `edit`, written again. */
async function editedExport(edit: (products: CsvProduct[]) => void): Promise<string> {
  const parsed = parseProductsCsv(await exportProducts(manager(), world.a.id), EUR);
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
  edit(parsed.products);
  return serializeProductsCsv(parsed.products, EUR);
}

function byHandle(products: CsvProduct[], handle: string): CsvProduct {
  const product = products.find((p) => p.handle === handle);
  if (!product) throw new Error(`no ${handle}`);
  return product;
}

async function importAudits(organisationId = world.a.id) {
  return runAsSystem(db(), "test: audit", (tx) =>
    tx
      .select({ after: auditEntries.after })
      .from(auditEntries)
      .where(
        and(
          eq(auditEntries.organisationId, organisationId),
          eq(auditEntries.action, "commerce.product.import"),
        ),
      ),
  );
}

describe("export", () => {
  it("writes every product, archived ones too, one row per variant", async () => {
    const csv = await exportProducts(manager(), world.a.id);
    const parsed = parseProductsCsv(csv, EUR);
    if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
    const jacket = byHandle(parsed.products, "trail-jacket");
    expect(jacket).toMatchObject({
      status: "published",
      optionNames: ["Size", "Colour"],
      gtin: "4006381333931",
      mpn: "TJ-100",
    });
    expect(jacket.variants.map((v) => [v.optionValues, v.sku, v.priceMinor, v.stock])).toEqual([
      [["S", "Red"], "TJ-S-RED", 8000, 0],
      [["M", "Red"], "TJ-M-RED", 7550, 3],
      [["M", "Blue"], null, 8200, null],
    ]);
    expect(byHandle(parsed.products, "cheese-book").gtin).toBe("9780306406157");
    expect(byHandle(parsed.products, "old-lamp").status).toBe("archived");
    // A formula-like title leaves with an apostrophe before it.
    expect(csv).toContain("'=SUM(A1) Formula Mug");
  });
});

describe("import", () => {
  it("of the exported file changes nothing: every row, version and time stays", async () => {
    const csv = await exportProducts(manager(), world.a.id);
    const before = await snapshot(world.a.id);
    const audits = (await importAudits()).length;
    const result = await imported(manager(), csv);
    expect(result).toEqual({
      status: "done",
      created: 0,
      updated: 0,
      unchanged: before.listings.length,
      tags: [],
    });
    expect(await snapshot(world.a.id)).toEqual(before);
    expect(await exportProducts(manager(), world.a.id)).toBe(csv);
    expect(await importAudits()).toHaveLength(audits);
  });

  it("of an edited price, stock and title updates exactly those", async () => {
    const csv = await editedExport((products) => {
      const jacket = byHandle(products, "trail-jacket");
      jacket.variants[0]!.priceMinor = 7000;
      jacket.variants[1]!.stock = 9;
      byHandle(products, "cheese-book").title = "The Cheese Book";
    });
    const before = await snapshot(world.a.id);
    const result = await imported(manager(), csv);
    expect(result).toMatchObject({ created: 0, updated: 2, unchanged: before.listings.length - 2 });
    const after = await snapshot(world.a.id);
    const jacketId = before.listings.find((l) => l.slug === "trail-jacket")!.id;
    const bookId = before.listings.find((l) => l.slug === "cheese-book")!.id;
    expect(result.tags.sort()).toEqual(
      ["listings:product", `listing:${jacketId}`, `listing:${bookId}`].sort(),
    );
    // The two listings moved on (version, time, price-from); nothing else of them did.
    for (const id of [jacketId, bookId]) {
      const old = before.listings.find((l) => l.id === id)!;
      const now = after.listings.find((l) => l.id === id)!;
      expect(now.version).toBe(old.version + 1);
      expect(now.updatedAt.getTime()).toBeGreaterThan(old.updatedAt.getTime());
    }
    const strip = (rows: typeof before.listings) =>
      rows.map(({ version: _v, updatedAt: _u, title: _t, priceFromMinor: _p, ...rest }) => rest);
    expect(strip(after.listings)).toEqual(strip(before.listings));
    expect(after.listings.find((l) => l.id === bookId)?.title).toBe("The Cheese Book");
    expect(after.listings.find((l) => l.id === jacketId)?.priceFromMinor).toBe(7000);
    // Variants: the same ids, two changed cells.
    const changes = after.variants.flatMap((variant) => {
      const old = before.variants.find((v) => v.id === variant.id)!;
      return Object.keys(variant).filter(
        (key) => JSON.stringify(variant[key as never]) !== JSON.stringify(old[key as never]),
      );
    });
    expect(changes.sort()).toEqual(["priceMinor", "stock"]);
    expect(after.variants).toHaveLength(before.variants.length);
    for (const table of ["products", "attributes", "externalIds", "brands"] as const) {
      expect(after[table], table).toEqual(before[table]);
    }
    const audits = await importAudits();
    expect(audits.at(-1)?.after).toMatchObject({ created: 0, updated: 2, brandsCreated: 0 });
  });

  it("of a new handle creates the product with its variants, brand and codes", async () => {
    const csv = await editedExport((products) => {
      products.push({
        handle: "rain-boots",
        title: "Rain Boots",
        status: "published",
        category: "fashion",
        brand: "Puddle Co",
        taxClass: "reduced",
        summary: "Boots for the rain.",
        description: "Rubber boots that keep your feet dry all day long.",
        optionNames: ["Size"],
        gtin: "96385074",
        mpn: "RB-1",
        variants: [
          {
            optionValues: ["40"],
            sku: "RB-40",
            priceMinor: 4500,
            compareAtMinor: null,
            trackStock: true,
            stock: 2,
          },
          {
            optionValues: ["41"],
            sku: "RB-41",
            priceMinor: 4700,
            compareAtMinor: 5000,
            trackStock: true,
            stock: 0,
          },
        ],
        firstRow: 0,
      });
    });
    const result = await imported(manager(), csv);
    expect(result).toMatchObject({ created: 1, updated: 0 });
    const [row] = await runAsSystem(db(), "test", (tx) =>
      tx
        .select()
        .from(listings)
        .where(and(eq(listings.organisationId, world.a.id), eq(listings.slug, "rain-boots"))),
    );
    expect(row).toMatchObject({
      status: "published",
      priceFromMinor: 4500,
      inStock: true,
      version: 1,
      currency: "USD",
    });
    expect(row?.publishedAt).toBeInstanceOf(Date);
    const product = await getProduct(manager(), world.a.id, row!.id);
    expect(product).toMatchObject({
      brandName: "Puddle Co",
      taxClass: "reduced",
      options: [{ name: "Size", values: ["40", "41"] }],
    });
    expect(product?.variants.map((v) => [v.optionValues, v.sku, v.compareAtMinor])).toEqual([
      [["40"], "RB-40", null],
      [["41"], "RB-41", 5000],
    ]);
    expect(product?.externalIds.map((id) => [id.type, id.value])).toEqual([
      ["gtin8", "96385074"],
      ["mpn", "RB-1"],
    ]);
    // And the new product round-trips too.
    const before = await snapshot(world.a.id);
    await imported(manager(), await exportProducts(manager(), world.a.id));
    expect(await snapshot(world.a.id)).toEqual(before);
  });

  it("of a file with bad rows writes nothing and answers each by row and column", async () => {
    const before = await snapshot(world.a.id);
    const csv = await editedExport((products) => {
      byHandle(products, "cheese-book").title = "Changed";
    });
    const lines = csv.split("\r\n");
    const lamp = lines.findIndex((line) => line.startsWith("old-lamp,"));
    lines[lamp] = lines[lamp]!.replace(",5.00,", ",5.0O,").replace(",standard,", ",luxury,");
    expect(await refused(manager(), lines.join("\r\n"))).toEqual([
      {
        row: lamp + 1,
        column: "tax_class",
        code: "oneOf",
        params: { allowed: "standard, reduced, zero, exempt" },
      },
      { row: lamp + 1, column: "price", code: "amountFormat" },
    ]);
    expect(await snapshot(world.a.id)).toEqual(before);
  });

  it("of a SKU used twice in the file or by another product writes nothing", async () => {
    const before = await snapshot(world.a.id);
    const twice = await editedExport((products) => {
      byHandle(products, "cheese-book").variants[0]!.sku = "tj-s-red";
    });
    const errorsTwice = await refused(manager(), twice);
    expect(errorsTwice).toEqual([
      expect.objectContaining({ column: "sku", code: "skuRepeated", params: { row: 2 } }),
    ]);
    // Only the book in the file: the jacket (not named) keeps its SKU.
    const parsed = parseProductsCsv(twice, EUR);
    if (!parsed.ok) throw new Error("unexpected");
    const alone = serializeProductsCsv([byHandle(parsed.products, "cheese-book")], EUR);
    expect(await refused(manager(), alone)).toEqual([
      {
        row: 2,
        column: "sku",
        code: "skuTaken",
        params: { handle: "trail-jacket" },
      },
    ]);
    // A code another live product has: on its column.
    const book = byHandle(parsed.products, "cheese-book");
    book.variants[0]!.sku = null;
    book.mpn = "tj-100";
    expect(await refused(manager(), serializeProductsCsv([book], EUR))).toEqual([
      { row: 2, column: "mpn", code: "codeTaken", params: { handle: "trail-jacket" } },
    ]);
    expect(await snapshot(world.a.id)).toEqual(before);
  });

  it("moves SKUs and codes between the file's products in one import", async () => {
    const csv = await editedExport((products) => {
      const jacket = byHandle(products, "trail-jacket");
      const book = byHandle(products, "cheese-book");
      book.variants[0]!.sku = jacket.variants[0]!.sku;
      jacket.variants[0]!.sku = "TJ-S-RED-2";
      book.mpn = jacket.mpn;
      jacket.mpn = null;
    });
    expect(await imported(manager(), csv)).toMatchObject({ updated: 2 });
    const book = await runAsSystem(db(), "test", (tx) =>
      tx
        .select({ sku: productVariants.sku })
        .from(productVariants)
        .innerJoin(listings, eq(listings.id, productVariants.productId))
        .where(and(eq(listings.organisationId, world.a.id), eq(listings.slug, "cheese-book"))),
    );
    expect(book).toEqual([{ sku: "TJ-S-RED" }]);
  });

  it("of a status change needs the publish permission; a brand needs the brand permission", async () => {
    const before = await snapshot(world.a.id);
    const csv = await editedExport((products) => {
      byHandle(products, "cheese-book").status = "draft";
      byHandle(products, "trail-jacket").brand = "Brand New";
    });
    const errors = await refused(staff(), csv);
    expect(errors.map((e) => [e.column, e.code, e.params])).toEqual(
      expect.arrayContaining([
        ["status", "publishNotAllowed", undefined],
        ["brand", "brandNotAllowed", { brand: "Brand New" }],
      ]),
    );
    // A draft that is not ready cannot be published by the manager either.
    const unready = await editedExport((products) => {
      const mug = products.find((p) => p.title.includes("Formula Mug"))!;
      mug.status = "published";
    });
    expect(await refused(manager(), unready)).toEqual([
      expect.objectContaining({
        column: "status",
        code: "publishMissing",
        params: { missing: expect.arrayContaining(["summary"]) },
      }),
    ]);
    expect(await snapshot(world.a.id)).toEqual(before);
  });

  it("answers a write the database refuses (a race past the checks) as the row's error", async () => {
    const parsed = parseProductsCsv(await exportProducts(manager(), world.a.id), EUR);
    if (!parsed.ok) throw new Error("unexpected");
    const jacket = byHandle(parsed.products, "trail-jacket");
    const copy: CsvProduct = {
      ...jacket,
      handle: "raced-jacket",
      status: "draft",
      gtin: null,
      mpn: null,
      firstRow: 7,
    };
    const plan = planProduct(copy, [7, 8, 9], null, { id: null });
    const before = await snapshot(world.a.id);
    const outcome = await withUserContext(manager(), (tx) =>
      tx
        .transaction((savepoint) =>
          writePlans(
            savepoint,
            { id: world.a.id, currency: "USD" },
            world.a.members.manager.userId,
            [plan],
          ),
        )
        .then(
          () => "written",
          (error: unknown) => (error instanceof RowRefused ? error.error : error),
        ),
    );
    expect(outcome).toEqual({
      row: 7,
      column: "sku",
      code: "skuTakenMeanwhile",
    });
    expect(await snapshot(world.a.id)).toEqual(before);
  });

  it("stops at the plan's item limit", async () => {
    const rows = Array.from({ length: 101 }, (_, i) => ({
      handle: `item-${i}`,
      title: `Item ${i}`,
      status: "draft" as const,
      category: "home" as const,
      brand: null,
      taxClass: "standard" as const,
      summary: "",
      description: "",
      optionNames: [],
      gtin: null,
      mpn: null,
      variants: [
        {
          optionValues: [],
          sku: null,
          priceMinor: 100,
          compareAtMinor: null,
          trackStock: false,
          stock: null,
        },
      ],
      firstRow: 0,
    }));
    const bManager = world.b.members.manager.claims;
    const result = done(await importCsv(bManager, serializeProductsCsv(rows, EUR), world.b.id));
    expect(result).toEqual({
      status: "invalid",
      errors: [
        {
          row: 102,
          column: "handle",
          code: "itemLimit",
          params: { max: 100 },
        },
      ],
    });
    expect((await snapshot(world.b.id)).listings).toEqual([]);
  });

  it("is refused to viewers and to another organisation's members", async () => {
    const csv = await exportProducts(manager(), world.a.id);
    for (const claims of [world.a.members.viewer.claims, world.b.members.owner.claims]) {
      expect(await importCsv(claims, csv)).toEqual({ status: "error", code: "notFound" });
    }
    // B's members read nothing of A's catalogue, not even its published products.
    const bExport = await exportProducts(world.b.members.owner.claims, world.a.id);
    expect(bExport.split("\r\n").filter(Boolean)).toHaveLength(1);
  });
});

describe("the routes", () => {
  const jars = new Map<string, CookieJar>();
  async function jarOf(member: { userId: string; email: string }) {
    let jar = jars.get(member.userId);
    if (!jar) {
      jar = await signInCookies(member);
      jars.set(member.userId, jar);
    }
    return jar;
  }
  const exportAs = async (member: { userId: string; email: string }) =>
    callRoute(
      exportRoute.GET,
      siteRequest(`/api/organisations/${world.a.id}/products/export`, {}, await jarOf(member)),
      { organisationId: world.a.id },
    );
  const importAs = async (
    member: { userId: string; email: string },
    body: string,
    name = "products.csv",
    type = "text/csv",
    headers: Record<string, string> = {},
  ) => {
    const form = new FormData();
    form.append("file", new File([body], name, { type }));
    return callRoute(
      importRoute.POST,
      siteRequest(
        `/api/organisations/${world.a.id}/products/import`,
        { method: "POST", body: form, headers },
        await jarOf(member),
      ),
      { organisationId: world.a.id },
    );
  };

  it("export: an attachment with a BOM, never cached; 404 for another organisation", async () => {
    const response = await exportAs(world.a.members.viewer);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(response.headers.get("content-disposition")).toMatch(
      new RegExp(`^attachment; filename="products-${world.a.slug}-\\d{4}-\\d{2}-\\d{2}\\.csv"$`),
    );
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect((await exportAs(world.b.members.owner)).status).toBe(404);
  });

  it("import: the exported file again → done, nothing changed", async () => {
    const csv = await (await exportAs(world.a.members.manager)).text();
    const before = await snapshot(world.a.id);
    const response = await importAs(world.a.members.manager, csv);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      status: "done",
      created: 0,
      updated: 0,
      unchanged: before.listings.length,
    });
    expect(await snapshot(world.a.id)).toEqual(before);
  });

  it("import: a bad row → 422 with the errors; a file that is not CSV or text → 415", async () => {
    const csv = await exportProducts(manager(), world.a.id);
    const response = await importAs(
      world.a.members.manager,
      csv.replace("trail-jacket", "Trail Jacket"),
    );
    expect(response.status).toBe(422);
    // Codes and parameters, no sentence: the dialog words them in the reader's locale.
    const body = (await response.json()) as ProductsImportAnswer;
    expect(body.status).toBe("invalid");
    expect(body.status === "invalid" ? body.errors[0] : null).toEqual({
      row: expect.any(Number),
      column: "handle",
      code: "handleFormat",
      params: { max: 80 },
    });
    const notCsv = await importAs(world.a.members.manager, csv, "products.xlsx", "application/zip");
    expect([notCsv.status, await notCsv.json()]).toEqual([
      415,
      { status: "error", code: "notCsv" },
    ]);
    const binary = await importAs(world.a.members.manager, "handle\u0000\u00ff", "p.csv");
    expect([binary.status, await binary.json()]).toEqual([
      415,
      { status: "error", code: "notText" },
    ]);
  });

  it("import: a file over 5 MB → 413; a cross-site post, a viewer, another organisation → 404", async () => {
    const big = await importAs(world.a.members.manager, "x".repeat(5 * 1024 * 1024 + 1));
    expect([big.status, await big.json()]).toEqual([
      413,
      { status: "error", code: "fileTooLarge" },
    ]);
    const crossSite = await importAs(world.a.members.manager, "x", "p.csv", "text/csv", {
      "sec-fetch-site": "cross-site",
    });
    expect(crossSite.status).toBe(404);
    for (const member of [world.a.members.viewer, world.b.members.owner]) {
      expect((await importAs(member, "x")).status).toBe(404);
    }
  });
});
