import "server-only";
import { lockOrganisationScope } from "@/lib/db/advisory-lock";
import { and, eq, isNull, sql } from "drizzle-orm";
import { runCommand } from "@/lib/backoffice/doors";
import type { ActionState } from "@/lib/backoffice/action-state";
import type { UserClaims } from "@/lib/db/context";
import { queryRows } from "@/lib/db/rows";
import type { Tx } from "@/lib/db/types";
import { AppError, isUniqueViolation } from "@/lib/errors/app-error";
import { getStorage } from "@/lib/storage/storage";
import {
  createFolderSchema,
  deleteFileSchema,
  moveFileSchema,
  renameFileSchema,
} from "./file-schema";
import { findFolder } from "./files";
import { organisationFiles } from "./schema";

/**
 * The storage screen's writes. Each goes through runCommand (parse → user transaction →
 * access → permission → module → run) and records its audit entry in the same transaction.
 * The tree changes (create, move, delete) and uploads take one advisory lock per
 * organisation, so two moves cannot make a cycle and two uploads cannot both pass the quota.
 */

const NAME_KEY = "organisation_files_name_key";

/** Serialises the organisation's storage writes until the transaction ends. */
export async function lockOrganisationStorage(tx: Tx, organisationId: string): Promise<void> {
  await lockOrganisationScope(tx, "storage", organisationId);
}

/**
 * The id of a top-level folder the app keeps for itself (".branding" for the logo,
 * ".listings" for galleries), created on first use. The caller's transaction writes it, so
 * RLS asks storage.file.write as for any folder.
 */
export async function appFolderId(
  tx: Tx,
  organisationId: string,
  name: string,
  userId: string,
): Promise<string> {
  const [existing] = await tx
    .select({ id: organisationFiles.id })
    .from(organisationFiles)
    .where(
      and(
        eq(organisationFiles.organisationId, organisationId),
        isNull(organisationFiles.parentId),
        eq(organisationFiles.kind, "folder"),
        sql`lower(${organisationFiles.name}) = ${name.toLowerCase()}`,
      ),
    );
  if (existing) return existing.id;
  const [created] = await tx
    .insert(organisationFiles)
    .values({ organisationId, kind: "folder", name, createdBy: userId })
    .returning({ id: organisationFiles.id });
  if (!created) throw new Error(`The folder ${name} was not created.`);
  return created.id;
}

/** Runs a write that can clash with the per-folder unique name; a clash is nameTaken. */
export async function withNameCheck<T>(field: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error, NAME_KEY)) throw new AppError("nameTaken", field);
    throw error;
  }
}

interface EntryRow {
  id: string;
  kind: "folder" | "file";
  name: string;
  parentId: string | null;
  size: number;
  storageKey: string | null;
}

async function findEntry(tx: Tx, organisationId: string, id: string): Promise<EntryRow> {
  const [row] = await tx
    .select({
      id: organisationFiles.id,
      kind: organisationFiles.kind,
      name: organisationFiles.name,
      parentId: organisationFiles.parentId,
      size: organisationFiles.size,
      storageKey: organisationFiles.storageKey,
    })
    .from(organisationFiles)
    .where(and(eq(organisationFiles.id, id), eq(organisationFiles.organisationId, organisationId)));
  if (!row) throw new AppError("notFound");
  return row;
}

function resourceType(kind: "folder" | "file"): string {
  return kind === "folder" ? "storage.folder" : "storage.file";
}

export function createFolder(
  claims: UserClaims | null,
  organisationId: unknown,
  input: unknown,
): Promise<ActionState<{ id: string }>> {
  return runCommand(claims, organisationId, input, {
    permission: "storage.file.write",
    module: "storage",
    schema: createFolderSchema,
    async run({ tx, access, input: { parentId, name }, audit }) {
      const orgId = access.organisation.id;
      await lockOrganisationStorage(tx, orgId);
      if (parentId && !(await findFolder(tx, orgId, parentId))) {
        throw new AppError("notFound");
      }
      const [created] = await withNameCheck("name", () =>
        tx
          .insert(organisationFiles)
          .values({
            organisationId: orgId,
            parentId,
            kind: "folder",
            name,
            createdBy: access.userId,
          })
          .returning({ id: organisationFiles.id }),
      );
      if (!created) throw new Error("folder insert returned nothing");
      await audit({
        action: "storage.folder.create",
        resourceType: "storage.folder",
        resourceId: created.id,
        after: { name, parentId },
      });
      return { id: created.id };
    },
  });
}

export function renameFile(
  claims: UserClaims | null,
  organisationId: unknown,
  input: unknown,
): Promise<ActionState<{ id: string }>> {
  return runCommand(claims, organisationId, input, {
    permission: "storage.file.write",
    module: "storage",
    schema: renameFileSchema,
    async run({ tx, access, input: { id, name }, audit }) {
      const orgId = access.organisation.id;
      const entry = await findEntry(tx, orgId, id);
      if (entry.name === name) return { id };
      await withNameCheck("name", () =>
        tx
          .update(organisationFiles)
          .set({ name })
          .where(and(eq(organisationFiles.id, id), eq(organisationFiles.organisationId, orgId))),
      );
      await audit({
        action: `${resourceType(entry.kind)}.rename`,
        resourceType: resourceType(entry.kind),
        resourceId: id,
        before: { name: entry.name },
        after: { name },
      });
      return { id };
    },
  });
}

/** True when `folderId` is `entryId` or lies inside it (walking up from the folder). */
async function isSelfOrDescendant(
  tx: Tx,
  organisationId: string,
  entryId: string,
  folderId: string,
): Promise<boolean> {
  const rows = await queryRows<{ id: string }>(
    tx,
    sql`with recursive up as (
          select id, parent_id, 0 as depth from organisation_files
           where id = ${folderId} and organisation_id = ${organisationId}
          union all
          select f.id, f.parent_id, u.depth + 1 from organisation_files f
            join up u on f.id = u.parent_id
           where f.organisation_id = ${organisationId} and u.depth < 1000
        )
        select id from up where id = ${entryId} limit 1`,
  );
  return rows.length > 0;
}

export function moveFile(
  claims: UserClaims | null,
  organisationId: unknown,
  input: unknown,
): Promise<ActionState<{ id: string }>> {
  return runCommand(claims, organisationId, input, {
    permission: "storage.file.write",
    module: "storage",
    schema: moveFileSchema,
    async run({ tx, access, input: { id, targetId }, audit }) {
      const orgId = access.organisation.id;
      await lockOrganisationStorage(tx, orgId);
      const entry = await findEntry(tx, orgId, id);
      if (targetId) {
        // Another organisation's folder, or no folder: nothing to move into.
        if (!(await findFolder(tx, orgId, targetId))) throw new AppError("notFound", "targetId");
        if (await isSelfOrDescendant(tx, orgId, id, targetId)) {
          throw new AppError("invalidMove", "targetId");
        }
      }
      if (entry.parentId === targetId) return { id };
      await withNameCheck("targetId", () =>
        tx
          .update(organisationFiles)
          .set({ parentId: targetId })
          .where(and(eq(organisationFiles.id, id), eq(organisationFiles.organisationId, orgId))),
      );
      await audit({
        action: `${resourceType(entry.kind)}.move`,
        resourceType: resourceType(entry.kind),
        resourceId: id,
        before: { name: entry.name, parentId: entry.parentId },
        after: { name: entry.name, parentId: targetId },
      });
      return { id };
    },
  });
}

/**
 * Deletes a file, or a folder with everything inside it (the rows go in one transaction,
 * by the parent's ON DELETE CASCADE). The stored objects are removed after the commit: a
 * failed commit leaves every byte in place; a failed removal leaves an orphan object
 * (logged), never a row without bytes.
 */
export async function deleteFileEntry(
  claims: UserClaims | null,
  organisationId: unknown,
  input: unknown,
): Promise<ActionState<{ id: string; removed: number }>> {
  const result = await runCommand(claims, organisationId, input, {
    permission: "storage.file.delete",
    module: "storage",
    schema: deleteFileSchema,
    async run({ tx, access, input: { id }, audit }) {
      const orgId = access.organisation.id;
      await lockOrganisationStorage(tx, orgId);
      const entry = await findEntry(tx, orgId, id);
      const contents = await queryRows<{ storage_key: string | null; size: string }>(
        tx,
        sql`with recursive tree as (
              select id, storage_key, size from organisation_files
               where id = ${id} and organisation_id = ${orgId}
              union all
              select f.id, f.storage_key, f.size from organisation_files f
                join tree t on f.parent_id = t.id
               where f.organisation_id = ${orgId}
            )
            select storage_key, size::text as size from tree`,
      );
      await tx
        .delete(organisationFiles)
        .where(and(eq(organisationFiles.id, id), eq(organisationFiles.organisationId, orgId)));
      const keys = contents.flatMap((row) => (row.storage_key ? [row.storage_key] : []));
      await audit({
        action: `${resourceType(entry.kind)}.delete`,
        resourceType: resourceType(entry.kind),
        resourceId: id,
        before: {
          name: entry.name,
          parentId: entry.parentId,
          entries: contents.length,
          bytes: contents.reduce((sum, row) => sum + Number(row.size), 0),
        },
      });
      return { id, keys };
    },
  });
  if (result.status !== "done") return result;
  await removeStoredObjects(result.data.keys);
  return { status: "done", data: { id: result.data.id, removed: result.data.keys.length } };
}

/** Removes objects whose rows are gone; failures are logged (orphans, not lost files). */
export async function removeStoredObjects(keys: readonly string[]): Promise<void> {
  if (keys.length === 0) return;
  const storage = getStorage();
  for (const key of keys) {
    try {
      await storage.delete(key);
    } catch (error) {
      console.error(`storage: could not remove object ${key} after its row was deleted`, error);
    }
  }
}
