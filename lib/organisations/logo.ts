import "server-only";
import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { z } from "zod";
import type { ActionState } from "@/lib/backoffice/action-state";
import { runCommand, type CommandContext } from "@/lib/backoffice/doors";
import type { UserClaims } from "@/lib/db/context";
import type { Tx } from "@/lib/db/types";
import { AppError } from "@/lib/errors/app-error";
import { appFolderId } from "@/lib/files/commands";
import { organisationFiles } from "@/lib/files/schema";
import { getStorage } from "@/lib/storage/storage";
import { isLogoType, LOGO_MAX_BYTES, logoExtensions, sniffLogoType } from "./logo-rules";
import { organisations } from "./schema";

/**
 * The organisation logo: an image stored through the storage adapter as a public file of
 * the organisation (organisation_files, is_public = true) in its ".branding" folder, named by
 * organisations.logo_file_id. A new logo replaces the old one (row in the same transaction,
 * stored object after the commit). The logo is not part of the profile's version check: it
 * is replaced whole, so the last upload wins.
 *
 * Writing a file of the organisation stays under RLS (storage.file.write to insert,
 * storage.file.delete to replace), so the command asks for those too; owners and admins
 * hold them.
 */
export const BRANDING_FOLDER = ".branding";

const logoUploadSchema = z.object({
  bytes: z.custom<Uint8Array>((value) => value instanceof Uint8Array),
  declaredType: z.string().nullable(),
});

type LogoResult = { logoFileId: string | null };

function requireFilePermissions(ctx: CommandContext<unknown>): void {
  if (!ctx.access.can("storage.file.write") || !ctx.access.can("storage.file.delete")) {
    throw new AppError("notFound");
  }
}

/** Locks the organisation row (logo changes of one organisation run one at a time). */
async function lockOrganisation(tx: Tx, organisationId: string) {
  const [row] = await tx
    .select({ logoFileId: organisations.logoFileId })
    .from(organisations)
    .where(eq(organisations.id, organisationId))
    .for("update");
  if (!row) throw new AppError("notFound");
  return row;
}

/** Deletes the current logo's row (in the transaction); its storage key to remove after commit. */
async function dropCurrentLogo(
  tx: Tx,
  organisationId: string,
  logoFileId: string | null,
): Promise<{ id: string; storageKey: string | null } | null> {
  if (!logoFileId) return null;
  const [old] = await tx
    .delete(organisationFiles)
    .where(
      and(
        eq(organisationFiles.id, logoFileId),
        eq(organisationFiles.organisationId, organisationId),
      ),
    )
    .returning({ id: organisationFiles.id, storageKey: organisationFiles.storageKey });
  return old ?? null;
}

async function removeObject(key: string | null | undefined): Promise<void> {
  if (!key) return;
  try {
    await getStorage().delete(key);
  } catch (error) {
    console.error("organisations: logo object not removed", error);
  }
}

/**
 * Stores a new logo for the organisation. `bytes` must already be capped (the route reads at
 * most LOGO_MAX_BYTES + 1); the type is what the bytes prove, and the declared type must agree.
 */
export async function setOrganisationLogo(
  claims: UserClaims | null,
  organisationId: unknown,
  input: { bytes: Uint8Array; declaredType: string | null },
): Promise<ActionState<LogoResult>> {
  const cleanup: { newKey?: string; oldKey?: string | null } = {};
  const state = await runCommand(claims, organisationId, input, {
    permission: "settings.organisation.write",
    schema: logoUploadSchema,
    async run(ctx) {
      requireFilePermissions(ctx);
      const { bytes, declaredType } = ctx.input;
      if (bytes.byteLength > LOGO_MAX_BYTES) throw new AppError("fileTooLarge", "logo");
      const type = sniffLogoType(bytes);
      if (!type || (declaredType !== null && declaredType !== "" && !isLogoType(declaredType))) {
        throw new AppError("fileTypeForbidden", "logo");
      }
      const orgId = ctx.access.organisation.id;
      const current = await lockOrganisation(ctx.tx, orgId);
      const folderId = await appFolderId(ctx.tx, orgId, BRANDING_FOLDER, ctx.access.userId);
      const old = await dropCurrentLogo(ctx.tx, orgId, current.logoFileId);
      const storageKey = `org/${orgId}/${randomUUID()}`;
      await getStorage().put(storageKey, bytes, { contentType: type });
      cleanup.newKey = storageKey;
      const [file] = await ctx.tx
        .insert(organisationFiles)
        .values({
          organisationId: orgId,
          parentId: folderId,
          kind: "file",
          name: `logo-${storageKey.slice(-8)}.${logoExtensions[type]}`,
          size: bytes.byteLength,
          contentType: type,
          storageKey,
          isPublic: true,
          createdBy: ctx.access.userId,
        })
        .returning({ id: organisationFiles.id });
      if (!file) throw new Error("The logo file was not recorded.");
      await ctx.tx
        .update(organisations)
        .set({ logoFileId: file.id })
        .where(eq(organisations.id, orgId));
      await ctx.audit({
        action: "settings.organisation.logo",
        resourceType: "organisation",
        resourceId: orgId,
        before: { logoFileId: current.logoFileId },
        after: { logoFileId: file.id, contentType: type, size: bytes.byteLength },
      });
      cleanup.oldKey = old?.storageKey ?? null;
      return { logoFileId: file.id };
    },
  });
  if (state.status === "done") await removeObject(cleanup.oldKey);
  else await removeObject(cleanup.newKey);
  return state;
}

/** Removes the organisation's logo (row now, stored object after the commit). */
export async function removeOrganisationLogo(
  claims: UserClaims | null,
  organisationId: unknown,
): Promise<ActionState<LogoResult>> {
  let oldKey: string | null = null;
  const state = await runCommand(
    claims,
    organisationId,
    {},
    {
      permission: "settings.organisation.write",
      schema: z.object({}),
      async run(ctx) {
        requireFilePermissions(ctx);
        const orgId = ctx.access.organisation.id;
        const current = await lockOrganisation(ctx.tx, orgId);
        if (!current.logoFileId) return { logoFileId: null };
        await ctx.tx
          .update(organisations)
          .set({ logoFileId: null })
          .where(eq(organisations.id, orgId));
        const old = await dropCurrentLogo(ctx.tx, orgId, current.logoFileId);
        await ctx.audit({
          action: "settings.organisation.logo",
          resourceType: "organisation",
          resourceId: orgId,
          before: { logoFileId: current.logoFileId },
          after: { logoFileId: null },
        });
        oldKey = old?.storageKey ?? null;
        return { logoFileId: null };
      },
    },
  );
  if (state.status === "done") await removeObject(oldKey);
  return state;
}
