import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GET as getPublicFileRoute } from "@/app/api/public-files/[fileId]/route";
import { auditEntries } from "@/lib/audit/schema";
import { closeDb, getDb } from "@/lib/db/client";
import { runAsSystem } from "@/lib/db/run-context";
import { createFolder, deleteFileEntry, moveFile, renameFile } from "@/lib/files/commands";
import {
  getFileForDownload,
  getFolderTrail,
  getStorageSummary,
  listFolder,
  listFolderPaths,
} from "@/lib/files/files";
import { getPublicFile, publicFileUrl } from "@/lib/files/public-files";
import { organisationFiles } from "@/lib/files/schema";
import { serveStoredFile } from "@/lib/files/serve";
import { precheckUpload, uploadFile } from "@/lib/files/upload";
import { MAX_UPLOAD_BYTES, moduleLimits } from "@/lib/modules/catalogue";
import { resolveAccess, type OrganisationAccess } from "@/lib/organisations/access";
import { getStorage } from "@/lib/storage/storage";
import {
  disableStorageModule,
  enableStorageModule,
  fileRow,
  seedFile,
  seedFolder,
  useTemporaryStorage,
} from "./support/files";
import { createOrganisationWorld, type OrganisationWorld } from "./support/organisations";

/**
 * The organisation's files: folders, uploads (limits, types, quota), rename, move, delete,
 * downloads and public files, against the real database and a filesystem storage root.
 */
let world: OrganisationWorld;
let cleanStorage: () => Promise<void>;
const db = () => getDb();
const text = (value: string) => new TextEncoder().encode(value);
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 73, 72]);

beforeAll(async () => {
  cleanStorage = await useTemporaryStorage();
  world = await createOrganisationWorld(db(), ["storage.file.read"]);
  await enableStorageModule(db(), world.a.id);
  await enableStorageModule(db(), world.b.id);
});

afterAll(async () => {
  await cleanStorage();
  await closeDb();
});

async function accessOf(member: { claims: OrganisationAccess["claims"] }, orgId: string) {
  const access = await resolveAccess(member.claims, orgId);
  if (!access) throw new Error("no access");
  return access;
}

async function auditActions(orgId: string, resourceId: string): Promise<string[]> {
  const rows = await runAsSystem(db(), "test: audit", (tx) =>
    tx
      .select({ action: auditEntries.action })
      .from(auditEntries)
      .where(and(eq(auditEntries.organisationId, orgId), eq(auditEntries.resourceId, resourceId)))
      .orderBy(auditEntries.id),
  );
  return rows.map((r) => r.action);
}

async function objectsOf(orgId: string): Promise<string[]> {
  return (await getStorage().list(`org/${orgId}/`)).map((o) => o.key);
}

async function countFiles(orgId: string): Promise<number> {
  const [row] = await runAsSystem(db(), "test: count", (tx) =>
    tx
      .select({ n: sql<number>`count(*)::int` })
      .from(organisationFiles)
      .where(eq(organisationFiles.organisationId, orgId)),
  );
  return row?.n ?? 0;
}

describe("folders and files", () => {
  it("creates folders, uploads into them, lists, walks the trail and downloads", async () => {
    const staff = world.a.members.staff;
    const folder = await createFolder(staff.claims, world.a.id, { parentId: "", name: "Invoices" });
    if (folder.status !== "done") throw new Error(JSON.stringify(folder));
    const sub = await createFolder(staff.claims, world.a.id, {
      parentId: folder.data.id,
      name: "2026",
    });
    if (sub.status !== "done") throw new Error(JSON.stringify(sub));

    const upload = await uploadFile(staff.claims, world.a.id, {
      parentId: sub.data.id,
      name: "März.txt",
      bytes: text("hello März"),
    });
    if (upload.status !== "done") throw new Error(JSON.stringify(upload));
    expect(upload.data).toMatchObject({
      name: "März.txt",
      contentType: "text/plain; charset=utf-8",
    });

    const access = await accessOf(world.a.members.viewer, world.a.id);
    const listing = await listFolder(access, sub.data.id, {
      offset: 0,
      limit: 10,
      sort: "name",
      dir: "asc",
    });
    expect(listing.total).toBe(1);
    expect(listing.rows[0]).toMatchObject({ id: upload.data.id, kind: "file", size: 11 });
    expect(await getFolderTrail(access, sub.data.id)).toEqual([
      { id: folder.data.id, name: "Invoices" },
      { id: sub.data.id, name: "2026" },
    ]);
    expect(await getFolderTrail(access, null)).toEqual([]);
    const paths = await listFolderPaths(access);
    expect(paths.find((p) => p.id === sub.data.id)).toEqual({
      id: sub.data.id,
      path: ["Invoices", "2026"],
      ids: [folder.data.id, sub.data.id],
    });

    const file = await getFileForDownload(access, upload.data.id);
    if (!file) throw new Error("not downloadable");
    expect(file.storageKey).toMatch(new RegExp(`^org/${world.a.id}/[0-9a-f-]{36}$`));
    const response = await serveStoredFile(file, {
      inline: false,
      cacheControl: "private, no-store",
    });
    expect(response.headers.get("content-disposition")).toBe(
      `attachment; filename="Marz.txt"; filename*=UTF-8''M%C3%A4rz.txt`,
    );
    expect(response.headers.get("content-type")).toBe("text/plain; charset=utf-8");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(await response.text()).toBe("hello März");
    // A folder is not a download.
    expect(await getFileForDownload(access, folder.data.id)).toBeNull();

    expect(await auditActions(world.a.id, folder.data.id)).toEqual(["storage.folder.create"]);
    expect(await auditActions(world.a.id, upload.data.id)).toEqual(["storage.file.upload"]);
  });

  it("lists folders first, sorted and paged on the server", async () => {
    const parent = await seedFolder(db(), world.a.id, "Paging");
    for (const name of ["b.txt", "a.txt", "c.txt"]) {
      await seedFile(db(), world.a.id, name, { parentId: parent });
    }
    await seedFolder(db(), world.a.id, "zeta", parent);
    const access = await accessOf(world.a.members.viewer, world.a.id);
    const page1 = await listFolder(access, parent, {
      offset: 0,
      limit: 2,
      sort: "name",
      dir: "asc",
    });
    expect(page1.total).toBe(4);
    expect(page1.rows.map((r) => r.name)).toEqual(["zeta", "a.txt"]);
    const page2 = await listFolder(access, parent, {
      offset: 2,
      limit: 2,
      sort: "name",
      dir: "asc",
    });
    expect(page2.rows.map((r) => r.name)).toEqual(["b.txt", "c.txt"]);
    const desc = await listFolder(access, parent, {
      offset: 0,
      limit: 10,
      sort: "name",
      dir: "desc",
    });
    expect(desc.rows.map((r) => r.name)).toEqual(["zeta", "c.txt", "b.txt", "a.txt"]);
  });

  it("images are typed by their bytes and served inline only for previews", async () => {
    const staff = world.a.members.staff;
    const image = await uploadFile(staff.claims, world.a.id, {
      parentId: null,
      name: "logo-preview.png",
      bytes: PNG,
    });
    if (image.status !== "done") throw new Error(JSON.stringify(image));
    expect(image.data.contentType).toBe("image/png");
    const fake = await uploadFile(staff.claims, world.a.id, {
      parentId: null,
      name: "fake.png",
      bytes: text("not really a png"),
    });
    if (fake.status !== "done") throw new Error(JSON.stringify(fake));
    expect(fake.data.contentType).toBe("application/octet-stream");

    const access = await accessOf(staff, world.a.id);
    const png = await getFileForDownload(access, image.data.id);
    const other = await getFileForDownload(access, fake.data.id);
    if (!png || !other) throw new Error("missing");
    const inline = await serveStoredFile(png, { inline: true, cacheControl: "private" });
    expect(inline.headers.get("content-disposition")).toMatch(/^inline; /);
    expect(inline.headers.get("content-type")).toBe("image/png");
    expect(new Uint8Array(await inline.arrayBuffer())).toEqual(PNG);
    const refused = await serveStoredFile(other, { inline: true, cacheControl: "private" });
    expect(refused.headers.get("content-disposition")).toMatch(/^attachment; /);
    expect(refused.headers.get("content-security-policy")).toContain("sandbox");
  });
});

describe("names", () => {
  it("refuses bad names with the spec's messages and changes nothing", async () => {
    const before = await countFiles(world.a.id);
    for (const name of ["a/b", ".", "..", "tab\there", "x".repeat(256), "  "]) {
      const result = await createFolder(world.a.members.staff.claims, world.a.id, { name });
      expect(result.status, name).toBe("invalid");
      const upload = await uploadFile(world.a.members.staff.claims, world.a.id, {
        parentId: null,
        name,
        bytes: text("x"),
      });
      expect(upload.status, name).toBe("invalid");
    }
    expect(await countFiles(world.a.id)).toBe(before);
  });

  it("names are unique per folder, case-insensitively: nameTaken, nothing changed", async () => {
    const staff = world.a.members.staff.claims;
    const first = await createFolder(staff, world.a.id, { name: "Contracts" });
    if (first.status !== "done") throw new Error(JSON.stringify(first));
    expect(await createFolder(staff, world.a.id, { name: "contracts" })).toEqual({
      status: "error",
      code: "nameTaken",
      field: "name",
    });
    // The same name in another folder is fine.
    expect(
      (await createFolder(staff, world.a.id, { parentId: first.data.id, name: "Contracts" }))
        .status,
    ).toBe("done");

    const one = await uploadFile(staff, world.a.id, {
      parentId: first.data.id,
      name: "Offer.pdf",
      bytes: text("%PDF-1.7 one"),
    });
    if (one.status !== "done") throw new Error(JSON.stringify(one));
    const objects = (await objectsOf(world.a.id)).length;
    expect(
      await uploadFile(staff, world.a.id, {
        parentId: first.data.id,
        name: "OFFER.pdf",
        bytes: text("%PDF-1.7 two"),
      }),
    ).toEqual({ status: "error", code: "nameTaken", field: "name" });
    expect((await objectsOf(world.a.id)).length).toBe(objects);

    const two = await seedFile(db(), world.a.id, "Draft.pdf", { parentId: first.data.id });
    expect(await renameFile(staff, world.a.id, { id: two.id, name: "offer.PDF" })).toEqual({
      status: "error",
      code: "nameTaken",
      field: "name",
    });
    expect((await fileRow(db(), two.id))?.name).toBe("Draft.pdf");

    // Moving a file next to one of the same name.
    const loose = await seedFile(db(), world.a.id, "offer.pdf");
    expect(await moveFile(staff, world.a.id, { id: loose.id, targetId: first.data.id })).toEqual({
      status: "error",
      code: "nameTaken",
      field: "targetId",
    });
    expect((await fileRow(db(), loose.id))?.parentId).toBeNull();
  });

  it("renames, with the old and new name in the audit log", async () => {
    const file = await seedFile(db(), world.a.id, "old-name.txt");
    const result = await renameFile(world.a.members.staff.claims, world.a.id, {
      id: file.id,
      name: "new-name.txt",
    });
    expect(result).toEqual({ status: "done", data: { id: file.id } });
    expect((await fileRow(db(), file.id))?.name).toBe("new-name.txt");
    const [entry] = await runAsSystem(db(), "test: audit", (tx) =>
      tx.select().from(auditEntries).where(eq(auditEntries.resourceId, file.id)),
    );
    expect(entry).toMatchObject({
      action: "storage.file.rename",
      actorUserId: world.a.members.staff.userId,
      before: { name: "old-name.txt" },
      after: { name: "new-name.txt" },
    });
  });
});

describe("moves", () => {
  it("moves files and folders within the organisation, never into themselves", async () => {
    const staff = world.a.members.staff.claims;
    const top = await seedFolder(db(), world.a.id, "Move-top");
    const child = await seedFolder(db(), world.a.id, "child", top);
    const grandchild = await seedFolder(db(), world.a.id, "grandchild", child);
    const file = await seedFile(db(), world.a.id, "moving.txt");

    expect(await moveFile(staff, world.a.id, { id: top, targetId: top })).toEqual({
      status: "error",
      code: "invalidMove",
      field: "targetId",
    });
    expect(await moveFile(staff, world.a.id, { id: top, targetId: grandchild })).toEqual({
      status: "error",
      code: "invalidMove",
      field: "targetId",
    });
    expect((await fileRow(db(), top))?.parentId).toBeNull();

    expect((await moveFile(staff, world.a.id, { id: file.id, targetId: grandchild })).status).toBe(
      "done",
    );
    expect((await fileRow(db(), file.id))?.parentId).toBe(grandchild);
    expect((await moveFile(staff, world.a.id, { id: grandchild, targetId: "" })).status).toBe(
      "done",
    );
    expect((await fileRow(db(), grandchild))?.parentId).toBeNull();
    expect(await auditActions(world.a.id, file.id)).toEqual(["storage.file.move"]);
    expect(await auditActions(world.a.id, grandchild)).toEqual(["storage.folder.move"]);
  });

  it("two crossing moves cannot make a cycle", async () => {
    const staff = world.a.members.staff.claims;
    const x = await seedFolder(db(), world.a.id, "cycle-x");
    const y = await seedFolder(db(), world.a.id, "cycle-y");
    const results = await Promise.all([
      moveFile(staff, world.a.id, { id: x, targetId: y }),
      moveFile(world.a.members.manager.claims, world.a.id, { id: y, targetId: x }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual(["done", "error"]);
    const rows = [await fileRow(db(), x), await fileRow(db(), y)];
    expect(rows.filter((r) => r?.parentId === null)).toHaveLength(1);
  });
});

describe("deletes", () => {
  it("deletes a folder with everything inside it, and the stored objects after the commit", async () => {
    const top = await seedFolder(db(), world.a.id, "Delete-me");
    const inner = await seedFolder(db(), world.a.id, "inner", top);
    const one = await seedFile(db(), world.a.id, "one.txt", { parentId: top });
    const two = await seedFile(db(), world.a.id, "two.txt", { parentId: inner });
    const keep = await seedFile(db(), world.a.id, "keep.txt");

    const result = await deleteFileEntry(world.a.members.manager.claims, world.a.id, { id: top });
    expect(result).toEqual({ status: "done", data: { id: top, removed: 2 } });
    for (const id of [top, inner, one.id, two.id]) expect(await fileRow(db(), id)).toBeNull();
    expect(await getStorage().exists(one.storageKey)).toBe(false);
    expect(await getStorage().exists(two.storageKey)).toBe(false);
    expect(await getStorage().exists(keep.storageKey)).toBe(true);
    const [entry] = await runAsSystem(db(), "test: audit", (tx) =>
      tx.select().from(auditEntries).where(eq(auditEntries.resourceId, top)),
    );
    expect(entry).toMatchObject({
      action: "storage.folder.delete",
      before: { name: "Delete-me", entries: 4 },
    });
  });

  it("a refused delete leaves the bytes in place", async () => {
    const file = await seedFile(db(), world.a.id, "staff-cannot-delete.txt");
    const result = await deleteFileEntry(world.a.members.staff.claims, world.a.id, { id: file.id });
    expect(result).toEqual({ status: "error", code: "notFound" });
    expect(await fileRow(db(), file.id)).not.toBeNull();
    expect(await getStorage().exists(file.storageKey)).toBe(true);
  });
});

describe("upload limits", () => {
  it("refuses forbidden types by name and by bytes: a clear code, nothing stored", async () => {
    const staff = world.a.members.staff.claims;
    const rows = await countFiles(world.a.id);
    const objects = (await objectsOf(world.a.id)).length;
    const cases: [string, Uint8Array][] = [
      ["setup.exe", text("whatever")],
      ["script.sh", text("echo hi")],
      ["page.html", text("<p>hi</p>")],
      ["drawing.svg", text("<svg/>")],
      ["invoice.pdf", new Uint8Array([0x4d, 0x5a, 0x90, 0x00, 0x03])],
      ["notes.txt", text("<!doctype html><script>alert(1)</script>")],
      ["run.txt", text("#!/bin/bash\nrm -rf ~")],
    ];
    for (const [name, bytes] of cases) {
      expect(await uploadFile(staff, world.a.id, { parentId: null, name, bytes }), name).toEqual({
        status: "error",
        code: "fileTypeForbidden",
        field: "file",
      });
    }
    expect(await countFiles(world.a.id)).toBe(rows);
    expect((await objectsOf(world.a.id)).length).toBe(objects);
    // Also before any byte is read (the route's first check).
    const access = await accessOf(world.a.members.staff, world.a.id);
    expect(await precheckUpload(access, { parentId: null, name: "x.exe", size: 1 })).toEqual({
      status: "error",
      code: "fileTypeForbidden",
      field: "file",
    });
  });

  it("refuses a file over MAX_UPLOAD_BYTES", async () => {
    const access = await accessOf(world.a.members.staff, world.a.id);
    expect(
      await precheckUpload(access, { parentId: null, name: "big.bin", size: MAX_UPLOAD_BYTES + 1 }),
    ).toEqual({ status: "error", code: "fileTooLarge", field: "file" });
    const big = new Uint8Array(MAX_UPLOAD_BYTES + 1);
    expect(
      await uploadFile(world.a.members.staff.claims, world.a.id, {
        parentId: null,
        name: "big.bin",
        bytes: big,
      }),
    ).toEqual({ status: "error", code: "fileTooLarge", field: "file" });
  });

  it("refuses uploads while the module is off", async () => {
    const b = world.b;
    await disableStorageModule(db(), b.id);
    try {
      expect(
        await uploadFile(b.members.owner.claims, b.id, {
          parentId: null,
          name: "a.txt",
          bytes: text("a"),
        }),
      ).toEqual({ status: "error", code: "moduleOff" });
      expect(await createFolder(b.members.owner.claims, b.id, { name: "x" })).toEqual({
        status: "error",
        code: "moduleOff",
      });
    } finally {
      await enableStorageModule(db(), b.id);
    }
  });

  it("quota: of two concurrent uploads where only one fits, exactly one is stored", async () => {
    const b = world.b;
    const quota = moduleLimits.storage.free.storageBytes ?? 0;
    const access = await accessOf(b.members.staff, b.id);
    const { used } = await getStorageSummary(access);
    // Fill the quota up to 150 bytes with a seeded row (no need for a gigabyte of bytes).
    const filler = await seedFile(db(), b.id, "filler.bin", { body: "x" });
    await runAsSystem(db(), "test: filler size", (tx) =>
      tx
        .update(organisationFiles)
        .set({ size: quota - used - 150 })
        .where(eq(organisationFiles.id, filler.id)),
    );
    expect((await getStorageSummary(access)).used).toBe(quota - 150);
    const objects = (await objectsOf(b.id)).length;

    const payload = text("y".repeat(100));
    const results = await Promise.all([
      uploadFile(b.members.staff.claims, b.id, {
        parentId: null,
        name: "race-1.txt",
        bytes: payload,
      }),
      uploadFile(b.members.manager.claims, b.id, {
        parentId: null,
        name: "race-2.txt",
        bytes: payload,
      }),
    ]);
    const done = results.filter((r) => r.status === "done");
    const refused = results.filter((r) => r.status === "error");
    expect(done).toHaveLength(1);
    expect(refused).toEqual([{ status: "error", code: "quotaExceeded", field: "file" }]);
    expect((await getStorageSummary(access)).used).toBe(quota - 50);
    expect((await objectsOf(b.id)).length).toBe(objects + 1);

    // The route's check before reading the body says the same.
    expect(await precheckUpload(access, { parentId: null, name: "more.txt", size: 51 })).toEqual({
      status: "error",
      code: "quotaExceeded",
      field: "file",
    });
    await runAsSystem(db(), "test: cleanup", (tx) =>
      tx.delete(organisationFiles).where(eq(organisationFiles.id, filler.id)),
    );
  });
});

describe("public files", () => {
  it("only rows marked public are served by the public route", async () => {
    const logo = await seedFile(db(), world.a.id, "logo.png", {
      body: "png bytes",
      isPublic: true,
      contentType: "image/png",
    });
    const secret = await seedFile(db(), world.a.id, "secret.png", {
      body: "secret",
      contentType: "image/png",
    });
    expect(publicFileUrl(logo)).toBe(`/api/public-files/${logo.id}`);
    expect(await getPublicFile(secret.id)).toBeNull();
    expect(await getPublicFile("not-a-uuid")).toBeNull();

    const call = (id: string) =>
      getPublicFileRoute(new Request(`http://localhost/api/public-files/${id}`), {
        params: Promise.resolve({ fileId: id }),
      });
    const ok = await call(logo.id);
    expect(ok.status).toBe(200);
    expect(ok.headers.get("content-disposition")).toMatch(/^inline; /);
    expect(ok.headers.get("cache-control")).toBe("public, max-age=300");
    expect(await ok.text()).toBe("png bytes");
    expect((await call(secret.id)).status).toBe(404);
  });
});
