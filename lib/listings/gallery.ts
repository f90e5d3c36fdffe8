import "server-only";
import { randomUUID } from "node:crypto";
import { and, count, eq, sql } from "drizzle-orm";
import { uuidArray } from "@/lib/db/uuid-array";
import { z } from "zod";
import type { ActionState } from "@/lib/backoffice/action-state";
import { type CommandConfig, type CommandContext, runCommand } from "@/lib/backoffice/doors";
import { type UserClaims, withUserContext } from "@/lib/db/context";
import type { Tx } from "@/lib/db/types";
import { AppError } from "@/lib/errors/app-error";
import { appFolderId, lockOrganisationStorage } from "@/lib/files/commands";
import { enabledModules, storageUsage } from "@/lib/files/files";
import { organisationFiles } from "@/lib/files/schema";
import type { ProcessedImage } from "@/lib/images/process-image";
import { storageQuota } from "@/lib/modules/catalogue";
import { getStorage } from "@/lib/storage/storage";
import { textRule } from "@/lib/validation/text";
import { listingWriteTags } from "./cache-tags";
import { ALT_TEXT_MAX, GALLERY_MAX_IMAGES, LISTINGS_FOLDER } from "./gallery-rules";
import { type GalleryImage, galleryColumns, readGallery } from "./gallery-read";
import { listingImages, listings } from "./schema";

/**
 * A listing's gallery (issue 11 §2, shared by every kind): up to GALLERY_MAX_IMAGES images in
 * order, the first the cover. Uploading stores the re-encoded picture (lib/images) as a
 * public file of the organisation in its ".listings" folder and appends it; members then set
 * each image's alternative text, move it, make it the cover, or remove it (which deletes the
 * file). Every command locks the listing row, so positions stay 0…n−1 under concurrent edits;
 * the listing's `updated_at` moves (sitemaps' lastmod) but not its version, so a form open on
 * the same page stays current.
 *
 * Permissions: the kind's write permission (products: commerce.product.write), and for the
 * files behind the images storage.file.write to upload and storage.file.delete to remove, as
 * for the organisation logo (the file rows stay under the storage module's RLS). The storage
 * quota applies when the storage module is on; the gallery is bounded per listing either way.
 */

export interface GalleryWrite {
  id: string;
  tags: string[];
}

/** Locks the listing (of this kind and organisation) for a gallery change. */
async function lockListing(
  tx: Tx,
  organisationId: string,
  kind: GalleryKind["kind"],
  listingId: string,
): Promise<{ slug: string }> {
  const [row] = await tx
    .select({ slug: listings.slug })
    .from(listings)
    .where(
      and(
        eq(listings.id, listingId),
        eq(listings.organisationId, organisationId),
        eq(listings.kind, kind),
      ),
    )
    .for("update");
  if (!row) throw new AppError("notFound");
  return row;
}

async function touchListing(tx: Tx, organisationId: string, listingId: string): Promise<void> {
  await tx
    .update(listings)
    .set({ updatedAt: sql`now()` })
    .where(and(eq(listings.id, listingId), eq(listings.organisationId, organisationId)));
}

/** Renumbers the listing's images 0…n−1 in the given order of ids. */
async function writeOrder(tx: Tx, listingId: string, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  await tx.execute(sql`
    update listing_images i set position = o.n - 1
    from unnest(${uuidArray(ids)}) with ordinality as o(id, n)
    where i.id = o.id and i.listing_id = ${listingId}`);
}

function requireFiles(ctx: CommandContext<unknown>, permission: "write" | "delete"): void {
  if (!ctx.access.can(`storage.file.${permission}`)) throw new AppError("notFound");
}

async function removeObject(key: string | null | undefined): Promise<void> {
  if (!key) return;
  try {
    await getStorage().delete(key);
  } catch (error) {
    console.error("listings: gallery object not removed", error);
  }
}

/** What the gallery's commands need to know of the listing kind they serve. */
export interface GalleryKind {
  kind: "product";
  permission: "commerce.product.write";
  module: "commerce";
  audit: {
    resourceType: "product";
    add: "commerce.image.add";
    update: "commerce.image.update";
    move: "commerce.image.move";
    remove: "commerce.image.remove";
  };
}

export const productGallery: GalleryKind = {
  kind: "product",
  permission: "commerce.product.write",
  module: "commerce",
  audit: {
    resourceType: "product",
    add: "commerce.image.add",
    update: "commerce.image.update",
    move: "commerce.image.move",
    remove: "commerce.image.remove",
  },
};

const uuidSchema = z.string().trim().uuid();

const addSchema = z.object({
  listingId: uuidSchema,
  image: z.custom<ProcessedImage>(
    (value) => typeof value === "object" && value !== null && "bytes" in value,
  ),
});

/**
 * Appends an already processed image (lib/images/process-image.ts) to the listing's gallery.
 * The object is written before the row; a refusal or a failed commit removes it again.
 */
export async function addListingImage(
  claims: UserClaims | null,
  organisationId: unknown,
  gallery: GalleryKind,
  input: { listingId: unknown; image: ProcessedImage },
): Promise<ActionState<GalleryWrite>> {
  let written: string | null = null;
  const state = await runCommand(claims, organisationId, input, {
    permission: gallery.permission,
    module: gallery.module,
    schema: addSchema,
    async run(ctx) {
      requireFiles(ctx, "write");
      const orgId = ctx.access.organisation.id;
      const { listingId, image } = ctx.input;
      const listing = await lockListing(ctx.tx, orgId, gallery.kind, listingId);
      const [{ n } = { n: 0 }] = await ctx.tx
        .select({ n: count() })
        .from(listingImages)
        .where(eq(listingImages.listingId, listingId));
      if (n >= GALLERY_MAX_IMAGES) throw new AppError("galleryFull", "image");
      if (ctx.access.hasModule("storage")) {
        await lockOrganisationStorage(ctx.tx, orgId);
        const used = await storageUsage(ctx.tx, orgId);
        if (used + image.bytes.byteLength > storageQuota(enabledModules(ctx.access))) {
          throw new AppError("quotaExceeded", "image");
        }
      }
      const folderId = await appFolderId(ctx.tx, orgId, LISTINGS_FOLDER, ctx.access.userId);
      const fileId = randomUUID();
      const storageKey = `org/${orgId}/${fileId}`;
      await getStorage().put(storageKey, image.bytes, { contentType: image.contentType });
      written = storageKey;
      await ctx.tx.insert(organisationFiles).values({
        id: fileId,
        organisationId: orgId,
        parentId: folderId,
        kind: "file",
        name: `${listing.slug}-${fileId.slice(0, 8)}.webp`,
        size: image.bytes.byteLength,
        contentType: image.contentType,
        storageKey,
        isPublic: true,
        createdBy: ctx.access.userId,
      });
      const [row] = await ctx.tx
        .insert(listingImages)
        .values({
          organisationId: orgId,
          listingId,
          fileId,
          position: n,
          width: image.width,
          height: image.height,
        })
        .returning({ id: listingImages.id });
      if (!row) throw new Error("The image was not recorded.");
      await touchListing(ctx.tx, orgId, listingId);
      await ctx.audit({
        action: gallery.audit.add,
        resourceType: gallery.audit.resourceType,
        resourceId: listingId,
        after: { position: n, size: image.bytes.byteLength },
      });
      return { id: row.id, tags: listingWriteTags(gallery.kind, [listingId]) };
    },
  });
  if (state.status !== "done") await removeObject(written);
  return state;
}

/** Finds one image of the (locked) listing. */
async function findImage(tx: Tx, listingId: string, imageId: string) {
  const [row] = await tx
    .select({ ...galleryColumns, organisationId: listingImages.organisationId })
    .from(listingImages)
    .where(and(eq(listingImages.id, imageId), eq(listingImages.listingId, listingId)));
  if (!row) throw new AppError("notFound");
  return row;
}

const imageRef = { listingId: uuidSchema, imageId: uuidSchema };

export const altTextSchema = z.object({
  ...imageRef,
  altText: z.string().trim().check(textRule()).max(ALT_TEXT_MAX),
});

export const moveSchema = z.object({
  ...imageRef,
  to: z.enum(["first", "earlier", "later"]),
});

export const removeSchema = z.object(imageRef);

/** The gallery's commands for one kind (server actions call them through the door). */
export function galleryCommands(gallery: GalleryKind) {
  const base = { permission: gallery.permission, module: gallery.module };
  const done = (listingId: string): GalleryWrite => ({
    id: listingId,
    tags: listingWriteTags(gallery.kind, [listingId]),
  });

  const setAltText = {
    ...base,
    schema: altTextSchema,
    async run({ tx, access, input, audit }) {
      const orgId = access.organisation.id;
      await lockListing(tx, orgId, gallery.kind, input.listingId);
      const image = await findImage(tx, input.listingId, input.imageId);
      if (image.alt === input.altText) return done(input.listingId);
      await tx
        .update(listingImages)
        .set({ altText: input.altText })
        .where(eq(listingImages.id, image.id));
      await touchListing(tx, orgId, input.listingId);
      await audit({
        action: gallery.audit.update,
        resourceType: gallery.audit.resourceType,
        resourceId: input.listingId,
        before: { description: image.alt },
        after: { description: input.altText },
      });
      return done(input.listingId);
    },
  } satisfies CommandConfig<typeof altTextSchema, GalleryWrite>;

  const move = {
    ...base,
    schema: moveSchema,
    async run({ tx, access, input, audit }) {
      const orgId = access.organisation.id;
      await lockListing(tx, orgId, gallery.kind, input.listingId);
      const image = await findImage(tx, input.listingId, input.imageId);
      const ids = (await readGallery(tx, input.listingId)).map((i) => i.id);
      const from = ids.indexOf(image.id);
      const to =
        input.to === "first"
          ? 0
          : input.to === "earlier"
            ? Math.max(0, from - 1)
            : Math.min(ids.length - 1, from + 1);
      if (to === from) return done(input.listingId);
      ids.splice(from, 1);
      ids.splice(to, 0, image.id);
      await writeOrder(tx, input.listingId, ids);
      await touchListing(tx, orgId, input.listingId);
      await audit({
        action: gallery.audit.move,
        resourceType: gallery.audit.resourceType,
        resourceId: input.listingId,
        before: { position: from },
        after: { position: to },
      });
      return done(input.listingId);
    },
  } satisfies CommandConfig<typeof moveSchema, GalleryWrite>;

  return { setAltText, move };
}

/**
 * Removes an image and the file behind it (row now, stored object after the commit); the
 * images after it move up one place.
 */
export async function removeListingImage(
  claims: UserClaims | null,
  organisationId: unknown,
  gallery: GalleryKind,
  input: unknown,
): Promise<ActionState<GalleryWrite>> {
  let removedKey: string | null = null;
  const state = await runCommand(claims, organisationId, input, {
    permission: gallery.permission,
    module: gallery.module,
    schema: removeSchema,
    async run(ctx) {
      requireFiles(ctx, "delete");
      const orgId = ctx.access.organisation.id;
      const { listingId, imageId } = ctx.input;
      await lockListing(ctx.tx, orgId, gallery.kind, listingId);
      const image = await findImage(ctx.tx, listingId, imageId);
      const [file] = await ctx.tx
        .delete(organisationFiles)
        .where(
          and(eq(organisationFiles.id, image.fileId), eq(organisationFiles.organisationId, orgId)),
        )
        .returning({ storageKey: organisationFiles.storageKey });
      if (!file) throw new AppError("notFound");
      await ctx.tx.execute(
        sql`update listing_images set position = position - 1 where listing_id = ${listingId} and position > ${image.position}`,
      );
      await touchListing(ctx.tx, orgId, listingId);
      await ctx.audit({
        action: gallery.audit.remove,
        resourceType: gallery.audit.resourceType,
        resourceId: listingId,
        before: { position: image.position, description: image.alt },
      });
      removedKey = file.storageKey;
      return { id: listingId, tags: listingWriteTags(gallery.kind, [listingId]) };
    },
  });
  if (state.status === "done") await removeObject(removedKey);
  return state;
}

/** A listing's images for the back office, as the member sees them (RLS: the kind's read). */
export async function listingGalleryFor(
  claims: UserClaims,
  listingId: string,
): Promise<GalleryImage[]> {
  return withUserContext(claims, (tx) => readGallery(tx, listingId));
}
