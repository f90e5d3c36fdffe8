import { randomUUID } from "node:crypto";
import { asc, eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ActionState } from "@/lib/backoffice/action-state";
import { runCommand } from "@/lib/backoffice/doors";
import { seedDemoImages } from "@/lib/commerce/demo-images";
import { demoCatalogue } from "@/lib/commerce/demo-catalogue";
import { createProductCommand } from "@/lib/commerce/products";
import { setProductStatusCommand } from "@/lib/commerce/product-status";
import { closeDb, getDb } from "@/lib/db/client";
import type { UserClaims } from "@/lib/db/context";
import { runAsAnon, runAsSystem, runAsUser } from "@/lib/db/run-context";
import { getPublicFile } from "@/lib/files/public-files";
import { organisationFiles } from "@/lib/files/schema";
import { processImage, type ProcessedImage } from "@/lib/images/process-image";
import {
  addListingImage,
  galleryCommands,
  productGallery,
  removeListingImage,
} from "@/lib/listings/gallery";
import { GALLERY_MAX_IMAGES, LISTINGS_FOLDER } from "@/lib/listings/gallery-rules";
import { listingImages } from "@/lib/listings/schema";
import { getStorage } from "@/lib/storage/storage";
import { enableCommerce, productInput } from "./support/commerce";
import { enableStorageModule, useTemporaryStorage } from "./support/files";
import { createOrganisationWorld, type OrganisationWorld } from "./support/organisations";

/**
 * A listing's gallery (issue 11 §2): upload (re-encoded, stored as a public file of the
 * organisation), order, cover, alternative text and removal; the limits (count, quota); who
 * may do what; another organisation's gallery out of reach in code and under RLS; the demo
 * seed's pictures.
 */
let world: OrganisationWorld;
let cleanStorage: () => Promise<void>;
let picture: ProcessedImage;
const db = () => getDb();
const gallery = galleryCommands(productGallery);
const manager = () => world.a.members.manager.claims;

beforeAll(async () => {
  cleanStorage = await useTemporaryStorage();
  world = await createOrganisationWorld(db(), ["commerce.product.read"]);
  await enableCommerce(db(), world.a.id);
  await enableCommerce(db(), world.b.id);
  const jpeg = await sharp({
    create: { width: 1200, height: 900, channels: 3, background: { r: 30, g: 120, b: 200 } },
  })
    .jpeg()
    .toBuffer();
  const processed = await processImage(jpeg, { maxSide: 2000 });
  if (typeof processed === "string") throw new Error(processed);
  picture = processed;
});

afterAll(async () => {
  await cleanStorage();
  await closeDb();
});

function done<R>(state: ActionState<R>): R {
  if (state.status !== "done") throw new Error(`expected done, got ${JSON.stringify(state)}`);
  return state.data;
}

async function newProduct(claims = manager(), organisationId = world.a.id): Promise<string> {
  const created = done(
    await runCommand(
      claims,
      organisationId,
      productInput(`Lamp ${randomUUID().slice(0, 6)}`),
      createProductCommand,
    ),
  );
  return created.id;
}

async function images(listingId: string) {
  return runAsSystem(db(), "test", (tx) =>
    tx
      .select({
        id: listingImages.id,
        fileId: listingImages.fileId,
        position: listingImages.position,
        alt: listingImages.altText,
      })
      .from(listingImages)
      .where(eq(listingImages.listingId, listingId))
      .orderBy(asc(listingImages.position)),
  );
}

async function storedObjects(organisationId: string) {
  return (await getStorage().list(`org/${organisationId}/`)).length;
}

const add = (claims: UserClaims, listingId: string, organisationId = world.a.id) =>
  addListingImage(claims, organisationId, productGallery, { listingId, image: picture });

describe("a listing's gallery", () => {
  it("stores an upload as a public file in the .listings folder and appends it", async () => {
    const productId = await newProduct();
    const first = done(await add(manager(), productId));
    expect(first.tags).toEqual(["listings:product", `listing:${productId}`]);
    done(await add(manager(), productId));
    const rows = await images(productId);
    expect(rows.map((r) => r.position)).toEqual([0, 1]);
    const [file] = await runAsSystem(db(), "test", (tx) =>
      tx.select().from(organisationFiles).where(eq(organisationFiles.id, rows[0]!.fileId)),
    );
    expect(file).toMatchObject({
      organisationId: world.a.id,
      kind: "file",
      contentType: "image/webp",
      isPublic: true,
      size: picture.bytes.byteLength,
    });
    const [folder] = await runAsSystem(db(), "test", (tx) =>
      tx.select().from(organisationFiles).where(eq(organisationFiles.id, file!.parentId!)),
    );
    expect(folder).toMatchObject({ kind: "folder", name: LISTINGS_FOLDER, parentId: null });
    const stored = await getStorage().getBytes(file!.storageKey!);
    expect(stored?.bytes.byteLength).toBe(picture.bytes.byteLength);
    // The public file route serves it (organisation active, row public).
    expect(await getPublicFile(file!.id)).toMatchObject({ contentType: "image/webp" });
  });

  it("shows a draft's pictures to nobody outside, and a published listing's to everyone", async () => {
    const productId = await newProduct();
    done(await add(manager(), productId));
    const seenByAnon = () =>
      runAsAnon(db(), (tx) =>
        tx.select().from(listingImages).where(eq(listingImages.listingId, productId)),
      );
    const seenByB = () =>
      runAsUser(db(), world.b.members.owner.claims, (tx) =>
        tx.select().from(listingImages).where(eq(listingImages.listingId, productId)),
      );
    expect(await seenByAnon()).toHaveLength(0);
    expect(await seenByB()).toHaveLength(0);
    done(
      await runCommand(
        world.a.members.owner.claims,
        world.a.id,
        { action: "publish", productIds: productId },
        setProductStatusCommand,
      ),
    );
    expect(await seenByAnon()).toHaveLength(1);
    expect(await seenByB()).toHaveLength(1);
  });

  it("moves pictures (cover, earlier, later) keeping positions 0…n−1", async () => {
    const productId = await newProduct();
    for (let i = 0; i < 3; i++) done(await add(manager(), productId));
    const [a, b, c] = (await images(productId)).map((r) => r.id);
    const move = (imageId: string, to: string) =>
      runCommand(manager(), world.a.id, { listingId: productId, imageId, to }, gallery.move);
    done(await move(c!, "first"));
    expect((await images(productId)).map((r) => r.id)).toEqual([c, a, b]);
    done(await move(c!, "later"));
    expect((await images(productId)).map((r) => r.id)).toEqual([a, c, b]);
    done(await move(b!, "earlier"));
    expect((await images(productId)).map((r) => r.id)).toEqual([a, b, c]);
    // Already first: nothing changes.
    done(await move(a!, "earlier"));
    expect((await images(productId)).map((r) => r.position)).toEqual([0, 1, 2]);
    expect(await move(a!, "sideways")).toMatchObject({ status: "invalid" });
  });

  it("sets the alternative text, refusing one that is too long", async () => {
    const productId = await newProduct();
    done(await add(manager(), productId));
    const [image] = await images(productId);
    const set = (altText: string) =>
      runCommand(
        manager(),
        world.a.id,
        { listingId: productId, imageId: image!.id, altText },
        gallery.setAltText,
      );
    done(await set("  A brass lamp on a desk  "));
    expect((await images(productId))[0]!.alt).toBe("A brass lamp on a desk");
    expect(await set("x".repeat(251))).toMatchObject({
      status: "invalid",
      fieldErrors: { altText: [expect.stringContaining("maxLength")] },
    });
    expect((await images(productId))[0]!.alt).toBe("A brass lamp on a desk");
  });

  it("removes a picture with its file and stored object; the rest move up", async () => {
    const productId = await newProduct();
    for (let i = 0; i < 3; i++) done(await add(manager(), productId));
    const [a, b, c] = await images(productId);
    const objects = await storedObjects(world.a.id);
    done(
      await removeListingImage(manager(), world.a.id, productGallery, {
        listingId: productId,
        imageId: b!.id,
      }),
    );
    expect((await images(productId)).map((r) => [r.id, r.position])).toEqual([
      [a!.id, 0],
      [c!.id, 1],
    ]);
    const file = await runAsSystem(db(), "test", (tx) =>
      tx.select().from(organisationFiles).where(eq(organisationFiles.id, b!.fileId)),
    );
    expect(file).toHaveLength(0);
    expect(await storedObjects(world.a.id)).toBe(objects - 1);
  });

  it("lets staff add but not remove (storage.file.delete), and a viewer do neither", async () => {
    const productId = await newProduct();
    done(await add(world.a.members.staff.claims, productId));
    const [image] = await images(productId);
    const ref = { listingId: productId, imageId: image!.id };
    expect(
      await removeListingImage(world.a.members.staff.claims, world.a.id, productGallery, ref),
    ).toEqual({ status: "error", code: "notFound" });
    const objects = await storedObjects(world.a.id);
    expect(await add(world.a.members.viewer.claims, productId)).toEqual({
      status: "error",
      code: "notFound",
    });
    expect(
      await runCommand(
        world.a.members.viewer.claims,
        world.a.id,
        { ...ref, to: "first" },
        gallery.move,
      ),
    ).toEqual({ status: "error", code: "notFound" });
    expect(await images(productId)).toHaveLength(1);
    expect(await storedObjects(world.a.id)).toBe(objects);
  });

  it("keeps another organisation out: its members cannot add, move or remove", async () => {
    const productId = await newProduct();
    done(await add(manager(), productId));
    const [image] = await images(productId);
    const intruder = world.b.members.owner.claims;
    const objectsB = await storedObjects(world.b.id);
    // Through their own organisation (the listing is not theirs) and through ours (not a member).
    for (const organisationId of [world.b.id, world.a.id]) {
      expect(await add(intruder, productId, organisationId)).toEqual({
        status: "error",
        code: "notFound",
      });
      expect(
        await removeListingImage(intruder, organisationId, productGallery, {
          listingId: productId,
          imageId: image!.id,
        }),
      ).toEqual({ status: "error", code: "notFound" });
    }
    expect(await storedObjects(world.b.id)).toBe(objectsB);
    expect(await images(productId)).toHaveLength(1);
    // Under RLS: their writes reach no row of ours.
    const moved = await runAsUser(db(), intruder, (tx) =>
      tx
        .update(listingImages)
        .set({ position: 5 })
        .where(eq(listingImages.listingId, productId))
        .returning({ id: listingImages.id }),
    );
    expect(moved).toHaveLength(0);
  });

  it(`holds at most ${GALLERY_MAX_IMAGES} pictures, and stores nothing for a refused one`, async () => {
    const productId = await newProduct();
    for (let i = 0; i < GALLERY_MAX_IMAGES; i++) done(await add(manager(), productId));
    const objects = await storedObjects(world.a.id);
    expect(await add(manager(), productId)).toEqual({
      status: "error",
      code: "galleryFull",
      field: "image",
    });
    expect(await images(productId)).toHaveLength(GALLERY_MAX_IMAGES);
    expect(await storedObjects(world.a.id)).toBe(objects);
  });

  it("counts against the storage quota when the storage module is on", async () => {
    const productId = await newProduct(world.b.members.manager.claims, world.b.id);
    await enableStorageModule(db(), world.b.id);
    // Fill the free tier's quota (1 GB) with one recorded file.
    await runAsSystem(db(), "test: fill quota", (tx) =>
      tx.insert(organisationFiles).values({
        organisationId: world.b.id,
        kind: "file",
        name: "big.bin",
        size: 1024 ** 3,
        storageKey: `org/${world.b.id}/${randomUUID()}`,
      }),
    );
    expect(await add(world.b.members.manager.claims, productId, world.b.id)).toEqual({
      status: "error",
      code: "quotaExceeded",
      field: "image",
    });
    expect(await images(productId)).toHaveLength(0);
    expect(await storedObjects(world.b.id)).toBe(0);
  });
});

describe("the demo catalogue's pictures", () => {
  it("are drawn, stored as public files and attached once; a second seed adds nothing", async () => {
    const listingIds: string[] = [];
    for (let i = 0; i < 5; i++) listingIds.push(await newProduct());
    // Five demo products, standing in for organisation A's new listings.
    const products = demoCatalogue()
      .products.slice(0, 5)
      .map((p, i) => ({ ...p, id: listingIds[i]!, organisationId: world.a.id }));
    const seed = () =>
      runAsSystem(db(), "test: seed", (tx) => seedDemoImages(tx, getStorage(), products));
    const before = await storedObjects(world.a.id);
    await seed();
    // Every fourth product (the first and the fifth here) gets a second picture.
    const counts = await Promise.all(listingIds.map(async (id) => (await images(id)).length));
    expect(counts).toEqual([2, 1, 1, 1, 2]);
    expect(await storedObjects(world.a.id)).toBe(before + 7);
    const [cover] = await images(listingIds[1]!);
    expect(cover!.alt).toBe(products[1]!.title);
    const stored = await runAsSystem(db(), "test", (tx) =>
      tx.select().from(organisationFiles).where(eq(organisationFiles.id, cover!.fileId)),
    );
    expect(stored[0]).toMatchObject({ isPublic: true, contentType: "image/webp" });
    const bytes = await getStorage().getBytes(stored[0]!.storageKey!);
    const meta = await sharp(bytes!.bytes).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(["webp", 600, 600]);
    await seed();
    const again = await Promise.all(listingIds.map(async (id) => (await images(id)).length));
    expect(again).toEqual([2, 1, 1, 1, 2]);
    expect(await storedObjects(world.a.id)).toBe(before + 7);
  });
});
