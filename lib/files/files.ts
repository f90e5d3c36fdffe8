import "server-only";
import { and, asc, desc, eq, isNull, sql, type SQL } from "drizzle-orm";
import { withUserContext } from "@/lib/db/context";
import { queryRows } from "@/lib/db/rows";
import type { Tx } from "@/lib/db/types";
import { storageQuota, type EnabledModule } from "@/lib/modules/catalogue";
import { isUuid, type OrganisationAccess } from "@/lib/organisations/access";
import { organisationFiles } from "./schema";
import type { FileSort } from "./storage-params";

/**
 * Reads of the storage screen. Every query runs as the caller (RLS: storage.file.read) and
 * filters on the organisation of the resolved access, so an id from another organisation
 * finds nothing.
 */

export interface FileEntry {
  id: string;
  kind: "folder" | "file";
  name: string;
  size: number;
  contentType: string | null;
  isPublic: boolean;
  updatedAt: Date;
}

export interface FolderCrumb {
  id: string;
  name: string;
}

const entryColumns = {
  id: organisationFiles.id,
  kind: organisationFiles.kind,
  name: organisationFiles.name,
  size: organisationFiles.size,
  contentType: organisationFiles.contentType,
  isPublic: organisationFiles.isPublic,
  updatedAt: organisationFiles.updatedAt,
};

function inFolder(organisationId: string, folderId: string | null): SQL | undefined {
  return and(
    eq(organisationFiles.organisationId, organisationId),
    folderId ? eq(organisationFiles.parentId, folderId) : isNull(organisationFiles.parentId),
  );
}

/** A folder of this organisation (for checks inside a command's transaction), or null. */
export async function findFolder(
  tx: Tx,
  organisationId: string,
  folderId: string,
): Promise<{ id: string; name: string; parentId: string | null } | null> {
  const [row] = await tx
    .select({
      id: organisationFiles.id,
      name: organisationFiles.name,
      parentId: organisationFiles.parentId,
    })
    .from(organisationFiles)
    .where(
      and(
        eq(organisationFiles.id, folderId),
        eq(organisationFiles.organisationId, organisationId),
        eq(organisationFiles.kind, "folder"),
      ),
    );
  return row ?? null;
}

/**
 * The path from the top level down to this folder (the breadcrumb), or null when the
 * folder is not one of this organisation's. The top level itself is [].
 */
export async function getFolderTrail(
  access: OrganisationAccess,
  folderId: string | null,
): Promise<FolderCrumb[] | null> {
  if (folderId === null) return [];
  if (!isUuid(folderId)) return null;
  const organisationId = access.organisation.id;
  const rows = await withUserContext(access.claims, (tx) =>
    queryRows<{ id: string; name: string; depth: number }>(
      tx,
      sql`with recursive trail as (
            select id, name, parent_id, 0 as depth from organisation_files
             where id = ${folderId} and organisation_id = ${organisationId} and kind = 'folder'
            union all
            select f.id, f.name, f.parent_id, t.depth + 1 from organisation_files f
              join trail t on f.id = t.parent_id
             where f.organisation_id = ${organisationId} and t.depth < 100
          )
          select id, name, depth from trail order by depth desc`,
    ),
  );
  if (rows.length === 0) return null;
  return rows.map(({ id, name }) => ({ id, name }));
}

export interface ListFolderOptions {
  offset: number;
  limit: number;
  sort: FileSort;
  dir: "asc" | "desc";
}

/** One page of a folder's entries, folders first, then by the chosen column. */
export async function listFolder(
  access: OrganisationAccess,
  folderId: string | null,
  { offset, limit, sort, dir }: ListFolderOptions,
): Promise<{ rows: FileEntry[]; total: number }> {
  const where = inFolder(access.organisation.id, folderId);
  const order = dir === "asc" ? asc : desc;
  const column =
    sort === "size"
      ? organisationFiles.size
      : sort === "updatedAt"
        ? organisationFiles.updatedAt
        : sql`lower(${organisationFiles.name})`;
  return withUserContext(access.claims, async (tx) => {
    const [rows, [count]] = await Promise.all([
      tx
        .select(entryColumns)
        .from(organisationFiles)
        .where(where)
        .orderBy(
          desc(sql`${organisationFiles.kind} = 'folder'`),
          order(column),
          asc(organisationFiles.id),
        )
        .offset(offset)
        .limit(limit),
      tx
        .select({ total: sql<number>`count(*)::int` })
        .from(organisationFiles)
        .where(where),
    ]);
    return { rows, total: count?.total ?? 0 };
  });
}

/** Bytes stored by the organisation: the sum of its files' sizes. */
export async function storageUsage(tx: Tx, organisationId: string): Promise<number> {
  const [row] = await tx
    .select({ used: sql<string>`coalesce(sum(${organisationFiles.size}), 0)::text` })
    .from(organisationFiles)
    .where(eq(organisationFiles.organisationId, organisationId));
  return Number(row?.used ?? 0);
}

export function enabledModules(access: OrganisationAccess): EnabledModule[] {
  return Array.from(access.modules, ([module, tier]) => ({ module, tier }));
}

/** What the organisation stores and may store (bytes). */
export async function getStorageSummary(
  access: OrganisationAccess,
): Promise<{ used: number; quota: number }> {
  const used = await withUserContext(access.claims, (tx) =>
    storageUsage(tx, access.organisation.id),
  );
  return { used, quota: storageQuota(enabledModules(access)) };
}

export interface FolderPath {
  id: string;
  /** Names from the top level down to this folder. */
  path: string[];
  /** Ids from the top level down to this folder (the folder's own id last). */
  ids: string[];
}

/** Every folder of the organisation with its full path, for the move dialog (first 1000). */
export async function listFolderPaths(access: OrganisationAccess): Promise<FolderPath[]> {
  const organisationId = access.organisation.id;
  const rows = await withUserContext(access.claims, (tx) =>
    queryRows<{ id: string; path: string[]; ids: string[] }>(
      tx,
      sql`with recursive tree as (
            select id, array[name] as path, array[id] as ids from organisation_files
             where organisation_id = ${organisationId} and kind = 'folder' and parent_id is null
            union all
            select f.id, t.path || f.name, t.ids || f.id from organisation_files f
              join tree t on f.parent_id = t.id
             where f.organisation_id = ${organisationId} and f.kind = 'folder'
               and cardinality(t.path) < 100
          )
          select id, path, ids::text[] as ids from tree order by lower(array_to_string(path, '/')) limit 1000`,
    ),
  );
  return rows;
}

export interface DownloadableFile {
  id: string;
  name: string;
  size: number;
  contentType: string;
  storageKey: string;
}

/** A file (not a folder) of this organisation that has stored bytes, or null. */
export async function getFileForDownload(
  access: OrganisationAccess,
  fileId: string,
): Promise<DownloadableFile | null> {
  if (!isUuid(fileId)) return null;
  const [row] = await withUserContext(access.claims, (tx) =>
    tx
      .select({
        id: organisationFiles.id,
        name: organisationFiles.name,
        size: organisationFiles.size,
        contentType: organisationFiles.contentType,
        storageKey: organisationFiles.storageKey,
      })
      .from(organisationFiles)
      .where(
        and(
          eq(organisationFiles.id, fileId),
          eq(organisationFiles.organisationId, access.organisation.id),
          eq(organisationFiles.kind, "file"),
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
