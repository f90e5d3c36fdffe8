import "server-only";
import { and, eq } from "drizzle-orm";
import { withSystemContext } from "@/lib/db/context";
import { organisations } from "@/lib/organisations/schema";
import { isUuid } from "@/lib/organisations/access";
import { organisationFiles } from "./schema";

/**
 * Public files (organisation_files.is_public = true: logos, later catalogue images) are
 * served deliberately by their own route, /api/public-files/<id>, to anyone: only rows marked
 * public, of an active organisation, are found there. Private files are never reachable by
 * that route; they go through the permission-checked download route.
 */
export const publicFilesPath = "/api/public-files";

/** The URL of a public file (a path on this site; stable while the row exists). */
export function publicFileUrl(file: { id: string }): string {
  return `${publicFilesPath}/${file.id}`;
}

export interface PublicFile {
  id: string;
  name: string;
  size: number;
  contentType: string;
  storageKey: string;
}

/** A public file by id, or null (not public, a folder, missing, or its organisation inactive). */
export async function getPublicFile(fileId: string): Promise<PublicFile | null> {
  if (!isUuid(fileId)) return null;
  const [row] = await withSystemContext("storage.public-file.read", (tx) =>
    tx
      .select({
        id: organisationFiles.id,
        name: organisationFiles.name,
        size: organisationFiles.size,
        contentType: organisationFiles.contentType,
        storageKey: organisationFiles.storageKey,
      })
      .from(organisationFiles)
      .innerJoin(organisations, eq(organisations.id, organisationFiles.organisationId))
      .where(
        and(
          eq(organisationFiles.id, fileId),
          eq(organisationFiles.isPublic, true),
          eq(organisationFiles.kind, "file"),
          eq(organisations.status, "active"),
        ),
      ),
  );
  if (!row?.storageKey) return null;
  return {
    id: row.id,
    name: row.name,
    size: row.size,
    contentType: row.contentType ?? "application/octet-stream",
    storageKey: row.storageKey,
  };
}
