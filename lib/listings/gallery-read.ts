import "server-only";
import { asc, eq } from "drizzle-orm";
import type { Tx } from "@/lib/db/types";
import { publicFileUrl } from "@/lib/files/public-files";
import { listingImages } from "./schema";

/** Reading a listing's gallery (lib/listings/gallery.ts writes it): public pages and the back office. */
export interface GalleryImage {
  id: string;
  fileId: string;
  url: string;
  alt: string;
  width: number;
  height: number;
  position: number;
}

export const galleryColumns = {
  id: listingImages.id,
  fileId: listingImages.fileId,
  alt: listingImages.altText,
  width: listingImages.width,
  height: listingImages.height,
  position: listingImages.position,
};

/** A listing's images in order (the caller's RLS decides whether it sees them). */
export async function readGallery(tx: Tx, listingId: string): Promise<GalleryImage[]> {
  const rows = await tx
    .select(galleryColumns)
    .from(listingImages)
    .where(eq(listingImages.listingId, listingId))
    .orderBy(asc(listingImages.position), asc(listingImages.id));
  return rows.map((row) => ({ ...row, url: publicFileUrl({ id: row.fileId }) }));
}
