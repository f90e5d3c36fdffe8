import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ActionState } from "@/lib/backoffice/action-state";
import { closeDb, getDb } from "@/lib/db/client";
import type { UserClaims } from "@/lib/db/context";
import { queryRows } from "@/lib/db/rows";
import { runAsUser } from "@/lib/db/run-context";
import { createFolder, deleteFileEntry, moveFile, renameFile } from "@/lib/files/commands";
import { getFileForDownload, getFolderTrail, listFolder, listFolderPaths } from "@/lib/files/files";
import { organisationFiles } from "@/lib/files/schema";
import { uploadFile } from "@/lib/files/upload";
import { resolveAccess, type OrganisationAccess } from "@/lib/organisations/access";
import type { Permission } from "@/lib/permissions/catalogue";
import { builtinRoleKeys, type BuiltinRoleKey } from "@/lib/permissions/define";
import { getStorage } from "@/lib/storage/storage";
import {
  enableStorageModule,
  fileRow,
  seedFile,
  seedFolder,
  useTemporaryStorage,
} from "./support/files";
import { createOrganisationWorld, type OrganisationWorld } from "./support/organisations";

/**
 * Storage across tenants: a member of A (any role) reaching B's files and folders by id gets
 * nothing through the page's lib functions, the commands the actions run, or the database
 * directly; and the permission matrix of the storage doors over roles.
 */
let world: OrganisationWorld;
let cleanStorage: () => Promise<void>;
let bFolder: string;
let bFile: { id: string; storageKey: string; body: string };
const db = () => getDb();
const text = (value: string) => new TextEncoder().encode(value);
const notFound = { status: "error", code: "notFound" };

beforeAll(async () => {
  cleanStorage = await useTemporaryStorage();
  world = await createOrganisationWorld(db(), ["storage.file.read"]);
  await enableStorageModule(db(), world.a.id);
  await enableStorageModule(db(), world.b.id);
  bFolder = await seedFolder(db(), world.b.id, "B private");
  bFile = await seedFile(db(), world.b.id, "b-secret.txt", { parentId: bFolder, body: "B only" });
});

afterAll(async () => {
  await cleanStorage();
  await closeDb();
});

async function accessOf(claims: UserClaims, orgId: string): Promise<OrganisationAccess> {
  const access = await resolveAccess(claims, orgId);
  if (!access) throw new Error("no access");
  return access;
}

async function expectBUntouched(): Promise<void> {
  const row = await fileRow(db(), bFile.id);
  expect(row).toMatchObject({
    name: "b-secret.txt",
    parentId: bFolder,
    organisationId: world.b.id,
  });
  expect(await fileRow(db(), bFolder)).toMatchObject({ name: "B private", parentId: null });
  expect(await getStorage().exists(bFile.storageKey)).toBe(true);
}

describe.each(builtinRoleKeys)("a member of A with role %s", (role: BuiltinRoleKey) => {
  const member = () => world.a.members[role];

  it("cannot open B at all (page and route doors resolve no access)", async () => {
    expect(await resolveAccess(member().claims, world.b.id)).toBeNull();
  });

  it("reads and lists nothing of B's through A's access (what the page and the download route call)", async () => {
    const access = await accessOf(member().claims, world.a.id);
    expect(await getFileForDownload(access, bFile.id)).toBeNull();
    expect(await getFolderTrail(access, bFolder)).toBeNull();
    const listing = await listFolder(access, bFolder, {
      offset: 0,
      limit: 50,
      sort: "name",
      dir: "asc",
    });
    expect(listing).toEqual({ rows: [], total: 0 });
    expect((await listFolderPaths(access)).map((p) => p.id)).not.toContain(bFolder);
  });

  it("changes nothing of B's through the commands (A's id or B's id as the organisation)", async () => {
    const claims = member().claims;
    for (const orgId of [world.a.id, world.b.id]) {
      expect(await renameFile(claims, orgId, { id: bFile.id, name: "pwned.txt" })).toEqual(
        notFound,
      );
      expect(await moveFile(claims, orgId, { id: bFile.id, targetId: "" })).toEqual(notFound);
      expect(await deleteFileEntry(claims, orgId, { id: bFile.id })).toEqual(notFound);
      expect(await deleteFileEntry(claims, orgId, { id: bFolder })).toEqual(notFound);
      expect(
        await createFolder(claims, orgId, { parentId: bFolder, name: `in-b-${role}` }),
      ).toEqual(notFound);
      expect(
        await uploadFile(claims, orgId, {
          parentId: bFolder,
          name: `in-b-${role}.txt`,
          bytes: text("x"),
        }),
      ).toEqual(notFound);
    }
    await expectBUntouched();
  });

  it("cannot move A's own file into B's folder", async () => {
    const own = await seedFile(db(), world.a.id, `own-${role}.txt`);
    const result = await moveFile(member().claims, world.a.id, { id: own.id, targetId: bFolder });
    expect(result.status).toBe("error");
    expect((await fileRow(db(), own.id))?.parentId).toBeNull();
  });

  it("sees and changes nothing of B's in the database directly (RLS)", async () => {
    const counts = await runAsUser(db(), member().claims, async (tx) => {
      const seen = await tx
        .select()
        .from(organisationFiles)
        .where(eq(organisationFiles.organisationId, world.b.id));
      const renamed = await tx
        .update(organisationFiles)
        .set({ name: "pwned" })
        .where(eq(organisationFiles.id, bFile.id))
        .returning({ id: organisationFiles.id });
      const moved = await tx
        .update(organisationFiles)
        .set({ parentId: null })
        .where(eq(organisationFiles.id, bFile.id))
        .returning({ id: organisationFiles.id });
      const deleted = await tx
        .delete(organisationFiles)
        .where(eq(organisationFiles.id, bFolder))
        .returning({ id: organisationFiles.id });
      const [usage] = await queryRows<{ bytes: string }>(
        tx,
        sql`select coalesce(sum(size), 0)::text as bytes from organisation_files where organisation_id = ${world.b.id}`,
      );
      return {
        seen: seen.length,
        renamed: renamed.length,
        moved: moved.length,
        deleted: deleted.length,
        usage: usage?.bytes,
      };
    });
    expect(counts).toEqual({ seen: 0, renamed: 0, moved: 0, deleted: 0, usage: "0" });
    await expect(
      runAsUser(db(), member().claims, (tx) =>
        tx
          .insert(organisationFiles)
          .values({ organisationId: world.b.id, kind: "folder", name: `rls-${role}` }),
      ),
    ).rejects.toMatchObject({ cause: { code: "42501" } });
    await expectBUntouched();
  });
});

describe("the suspended member and the outsider", () => {
  it("get nothing in A", async () => {
    for (const claims of [world.suspended.claims, world.outsider.claims]) {
      expect(await resolveAccess(claims, world.a.id)).toBeNull();
      expect(await createFolder(claims, world.a.id, { name: "nope" })).toEqual(notFound);
      const seen = await runAsUser(db(), claims, (tx) =>
        tx.select().from(organisationFiles).where(eq(organisationFiles.organisationId, world.a.id)),
      );
      expect(seen).toEqual([]);
    }
  });
});

// ── The permission matrix ───────────────────────────────────────────────────────────────

type Door = "read" | "download" | "createFolder" | "upload" | "rename" | "move" | "delete";

/** Built-in roles × the storage doors: viewer reads, staff writes, only manager and up delete. */
const expected: Record<BuiltinRoleKey | "custom", Record<Door, boolean>> = {
  owner: {
    read: true,
    download: true,
    createFolder: true,
    upload: true,
    rename: true,
    move: true,
    delete: true,
  },
  admin: {
    read: true,
    download: true,
    createFolder: true,
    upload: true,
    rename: true,
    move: true,
    delete: true,
  },
  manager: {
    read: true,
    download: true,
    createFolder: true,
    upload: true,
    rename: true,
    move: true,
    delete: true,
  },
  staff: {
    read: true,
    download: true,
    createFolder: true,
    upload: true,
    rename: true,
    move: true,
    delete: false,
  },
  viewer: {
    read: true,
    download: true,
    createFolder: false,
    upload: false,
    rename: false,
    move: false,
    delete: false,
  },
  // The world's custom role holds exactly storage.file.read.
  custom: {
    read: true,
    download: true,
    createFolder: false,
    upload: false,
    rename: false,
    move: false,
    delete: false,
  },
};

const permissionOf: Record<Door, Permission> = {
  read: "storage.file.read",
  download: "storage.file.read",
  createFolder: "storage.file.write",
  upload: "storage.file.write",
  rename: "storage.file.write",
  move: "storage.file.write",
  delete: "storage.file.delete",
};

async function tryDoor(claims: UserClaims, door: Door, label: string): Promise<boolean> {
  const orgId = world.a.id;
  const ok = (state: ActionState<unknown>) => {
    if (state.status === "done") return true;
    expect(state).toEqual(notFound);
    return false;
  };
  switch (door) {
    case "read":
    case "download": {
      const access = await resolveAccess(claims, orgId);
      if (!access?.can(permissionOf[door])) return false;
      const file = await seedFile(db(), orgId, `matrix-${label}-${door}.txt`);
      if (door === "read") {
        const listing = await listFolder(access, null, {
          offset: 0,
          limit: 100,
          sort: "name",
          dir: "asc",
        });
        return listing.rows.some((r) => r.id === file.id);
      }
      return (await getFileForDownload(access, file.id)) !== null;
    }
    case "createFolder":
      return ok(await createFolder(claims, orgId, { name: `matrix-${label}-folder` }));
    case "upload":
      return ok(
        await uploadFile(claims, orgId, {
          parentId: null,
          name: `matrix-${label}.txt`,
          bytes: text(label),
        }),
      );
    case "rename": {
      const file = await seedFile(db(), orgId, `matrix-${label}-rename.txt`);
      return ok(
        await renameFile(claims, orgId, { id: file.id, name: `matrix-${label}-renamed.txt` }),
      );
    }
    case "move": {
      const folder = await seedFolder(db(), orgId, `matrix-${label}-target`);
      const file = await seedFile(db(), orgId, `matrix-${label}-move.txt`);
      return ok(await moveFile(claims, orgId, { id: file.id, targetId: folder }));
    }
    case "delete": {
      const file = await seedFile(db(), orgId, `matrix-${label}-delete-${randomUUID()}.txt`);
      const allowed = ok(await deleteFileEntry(claims, orgId, { id: file.id }));
      expect(await getStorage().exists(file.storageKey)).toBe(!allowed);
      return allowed;
    }
  }
}

describe("the permission matrix", () => {
  const rows = [...builtinRoleKeys, "custom" as const].flatMap((role) =>
    (Object.keys(permissionOf) as Door[]).map((door) => [role, door] as const),
  );
  it.each(rows)("%s × %s", async (role, door) => {
    const claims = role === "custom" ? world.custom.claims : world.a.members[role].claims;
    const access = await resolveAccess(claims, world.a.id);
    // The code's catalogue agrees with the table…
    expect(access?.can(permissionOf[door]) ?? false).toBe(expected[role][door]);
    // …and the door itself lets exactly those through.
    expect(await tryDoor(claims, door, `${role}-${door}`)).toBe(expected[role][door]);
  });
});
