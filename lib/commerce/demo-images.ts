import { createHash } from "node:crypto";
import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import sharp from "sharp";
import type { Queryable } from "@/lib/db/types";
import { organisationFiles } from "@/lib/files/schema";
import { LISTINGS_FOLDER } from "@/lib/listings/gallery-rules";
import { listingImages } from "@/lib/listings/schema";
import type { StorageAdapter } from "@/lib/storage/types";
import { productArtworkSvg } from "./demo-artwork";
import type { DemoProduct } from "./demo-catalogue";

/**
 * The demo catalogue's pictures (issue 11 §5): each product's artwork (lib/commerce/
 * demo-artwork.ts, drawn here, nothing downloaded) rendered to a 600 px WebP and stored as a
 * public file of its shop in the ".listings" folder, the gallery's way; every fourth product
 * gets a second picture. Fixed ids from the product's id; products that already have
 * pictures are skipped, so a second seed renders nothing. Rendering takes about 15 ms a
 * picture, two at a time; rendered pictures are kept for the process (tests seed repeatedly).
 */
export const DEMO_IMAGE_SIDE = 600;

const rendered = new Map<string, Uint8Array>();

/** A version-4-shaped uuid from a name (stable across runs). */
export function demoUuid(name: string): string {
  const hex = createHash("sha256").update(`livemarket-demo/${name}`).digest("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

async function render(product: DemoProduct, variant: number): Promise<Uint8Array> {
  const key = `${product.id}/${variant}`;
  const cached = rendered.get(key);
  if (cached) return cached;
  const svg = productArtworkSvg(product, variant).replace(
    'width="800" height="800"',
    `width="${DEMO_IMAGE_SIDE}" height="${DEMO_IMAGE_SIDE}"`,
  );
  const out = await sharp(Buffer.from(svg)).webp({ quality: 80, effort: 2 }).toBuffer();
  const bytes = new Uint8Array(out.buffer, out.byteOffset, out.byteLength);
  rendered.set(key, bytes);
  return bytes;
}

/** Runs `work` over `items`, `limit` at a time. */
async function inPool<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>) {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await work(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

async function folderIds(db: Queryable, organisationIds: string[]): Promise<Map<string, string>> {
  await db
    .insert(organisationFiles)
    .values(
      organisationIds.map((organisationId) => ({
        id: demoUuid(`${organisationId}/listings-folder`),
        organisationId,
        kind: "folder" as const,
        name: LISTINGS_FOLDER,
      })),
    )
    .onConflictDoNothing();
  const rows = await db
    .select({ id: organisationFiles.id, organisationId: organisationFiles.organisationId })
    .from(organisationFiles)
    .where(
      and(
        inArray(organisationFiles.organisationId, organisationIds),
        isNull(organisationFiles.parentId),
        eq(organisationFiles.kind, "folder"),
        sql`lower(${organisationFiles.name}) = ${LISTINGS_FOLDER}`,
      ),
    );
  return new Map(rows.map((r) => [r.organisationId, r.id]));
}

export async function seedDemoImages(
  db: Queryable,
  storage: StorageAdapter,
  products: readonly DemoProduct[],
): Promise<void> {
  const pictured = new Set(
    (
      await db
        .selectDistinct({ listingId: listingImages.listingId })
        .from(listingImages)
        .where(
          inArray(
            listingImages.listingId,
            products.map((p) => p.id),
          ),
        )
    ).map((r) => r.listingId),
  );
  const todo = products
    .filter((p) => !pictured.has(p.id))
    .flatMap((product, index) =>
      Array.from({ length: index % 4 === 0 ? 2 : 1 }, (_, position) => ({ product, position })),
    );
  if (todo.length === 0) return;
  const folders = await folderIds(db, [...new Set(todo.map((t) => t.product.organisationId))]);
  const files: (typeof organisationFiles.$inferInsert)[] = [];
  const images: (typeof listingImages.$inferInsert)[] = [];
  await inPool(todo, 2, async ({ product, position }) => {
    const bytes = await render(product, position);
    const fileId = demoUuid(`${product.id}/picture/${position}`);
    const storageKey = `org/${product.organisationId}/${fileId}`;
    await storage.put(storageKey, bytes, { contentType: "image/webp" });
    files.push({
      id: fileId,
      organisationId: product.organisationId,
      parentId: folders.get(product.organisationId) ?? null,
      kind: "file",
      name: `${product.slug}-${position + 1}.webp`,
      size: bytes.byteLength,
      contentType: "image/webp",
      storageKey,
      isPublic: true,
    });
    images.push({
      id: demoUuid(`${product.id}/listing-image/${position}`),
      organisationId: product.organisationId,
      listingId: product.id,
      fileId,
      position,
      altText: position === 0 ? product.title : `${product.title}, another view`,
      width: DEMO_IMAGE_SIDE,
      height: DEMO_IMAGE_SIDE,
    });
  });
  for (let start = 0; start < files.length; start += 200) {
    await db
      .insert(organisationFiles)
      .values(files.slice(start, start + 200))
      .onConflictDoNothing();
    await db
      .insert(listingImages)
      .values(images.slice(start, start + 200))
      .onConflictDoNothing();
  }
}
