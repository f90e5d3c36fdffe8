import "server-only";
import { randomUUID } from "node:crypto";
import { runCommand } from "@/lib/backoffice/doors";
import type { ActionState } from "@/lib/backoffice/action-state";
import type { UserClaims } from "@/lib/db/context";
import { withUserContext } from "@/lib/db/context";
import { AppError } from "@/lib/errors/app-error";
import { MAX_UPLOAD_BYTES, storageQuota } from "@/lib/modules/catalogue";
import type { OrganisationAccess } from "@/lib/organisations/access";
import { getStorage } from "@/lib/storage/storage";
import { parseWithValidation } from "@/lib/validation/parse";
import { lockOrganisationStorage, removeStoredObjects, withNameCheck } from "./commands";
import { classifyUpload, hasForbiddenExtension } from "./file-rules";
import { uploadFileSchema } from "./file-schema";
import { enabledModules, findFolder, storageUsage } from "./files";
import { organisationFiles } from "./schema";

/**
 * Uploads. Order: cheap checks before the body is read (declared size, name, type by
 * extension, quota now) → the bytes (type by their first bytes) → one transaction takes the
 * organisation's storage lock, checks the folder, the quota again (so two concurrent uploads
 * cannot both pass) and the name, inserts the row, writes the object under a new key
 * `org/<orgId>/<uuid>` and records the audit entry. A refusal stores nothing; if the commit
 * fails after the object was written, the object is removed.
 */
export function storageKeyFor(organisationId: string): string {
  return `org/${organisationId}/${randomUUID()}`;
}

function fail(code: "fileTooLarge" | "fileTypeForbidden" | "quotaExceeded"): ActionState<never> {
  return { status: "error", code, field: "file" };
}

/**
 * What can be refused from the request line alone (the declared length, the name, the
 * folder's organisation's quota), before any byte is read.
 */
export async function precheckUpload(
  access: OrganisationAccess,
  raw: { parentId: unknown; name: unknown; size: unknown },
): Promise<ActionState<never> | null> {
  const parsed = parseWithValidation(uploadFileSchema, raw);
  if (!parsed.success) return { status: "invalid", fieldErrors: parsed.fieldErrors };
  const { name, size } = parsed.data;
  if (size > MAX_UPLOAD_BYTES) return fail("fileTooLarge");
  if (hasForbiddenExtension(name)) return fail("fileTypeForbidden");
  const used = await withUserContext(access.claims, (tx) =>
    storageUsage(tx, access.organisation.id),
  );
  if (used + size > storageQuota(enabledModules(access))) return fail("quotaExceeded");
  return null;
}

export interface UploadInput {
  parentId: string | null;
  name: string;
  bytes: Uint8Array;
}

export interface UploadedFile {
  id: string;
  name: string;
  size: number;
  contentType: string;
}

/** Stores an upload for verified claims (the route handler and the tests call this). */
export async function uploadFile(
  claims: UserClaims | null,
  organisationId: unknown,
  { parentId, name, bytes }: UploadInput,
): Promise<ActionState<UploadedFile>> {
  const parsed = parseWithValidation(uploadFileSchema, { parentId, name, size: bytes.byteLength });
  if (!parsed.success) return { status: "invalid", fieldErrors: parsed.fieldErrors };
  if (bytes.byteLength > MAX_UPLOAD_BYTES) return fail("fileTooLarge");
  const verdict = classifyUpload(parsed.data.name, bytes.subarray(0, 4096));
  if (!verdict.ok) return fail(verdict.code);
  if (typeof organisationId !== "string") return { status: "error", code: "notFound" };

  const key = storageKeyFor(organisationId);
  let stored = false;
  const result = await runCommand(claims, organisationId, parsed.data, {
    permission: "storage.file.write",
    module: "storage",
    schema: uploadFileSchema,
    async run({ tx, access, input, audit }) {
      const orgId = access.organisation.id;
      // The quota sums rows the caller can see: a writer must also be a reader.
      if (!access.can("storage.file.read")) throw new AppError("notFound");
      await lockOrganisationStorage(tx, orgId);
      if (input.parentId && !(await findFolder(tx, orgId, input.parentId))) {
        throw new AppError("notFound");
      }
      const used = await storageUsage(tx, orgId);
      if (used + input.size > storageQuota(enabledModules(access))) {
        throw new AppError("quotaExceeded", "file");
      }
      const [row] = await withNameCheck("name", () =>
        tx
          .insert(organisationFiles)
          .values({
            organisationId: orgId,
            parentId: input.parentId,
            kind: "file",
            name: input.name,
            size: input.size,
            contentType: verdict.contentType,
            storageKey: key,
            createdBy: access.userId,
          })
          .returning({ id: organisationFiles.id }),
      );
      if (!row) throw new Error("file insert returned nothing");
      // The bytes are written while the row is uncommitted: a failed write rolls it back.
      await getStorage().put(key, bytes, { contentType: verdict.contentType });
      stored = true;
      const file = {
        id: row.id,
        name: input.name,
        size: input.size,
        contentType: verdict.contentType,
      };
      await audit({
        action: "storage.file.upload",
        resourceType: "storage.file",
        resourceId: row.id,
        after: { ...file, parentId: input.parentId },
      });
      return file;
    },
  });
  if (result.status !== "done" && stored) await removeStoredObjects([key]);
  return result;
}
