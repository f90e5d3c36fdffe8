import { randomUUID } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import { runAsSystem } from "@/lib/db/run-context";
import type { Db } from "@/lib/db/types";
import { resetEnvForTests } from "@/lib/env";
import { organisationFiles } from "@/lib/files/schema";
import { organisationModules } from "@/lib/organisations/schema";
import { getStorage, resetStorageForTests } from "@/lib/storage/storage";

/**
 * Storage test support: a private filesystem storage root per test file (DATA_DIR in a temp
 * folder), the storage module switched on, and rows + objects made as seed data.
 */
export async function useTemporaryStorage(): Promise<() => Promise<void>> {
  const dir = await mkdtemp(path.join(os.tmpdir(), "lm-files-"));
  const previous = process.env.DATA_DIR;
  process.env.DATA_DIR = dir;
  resetEnvForTests();
  resetStorageForTests();
  return async () => {
    if (previous === undefined) delete process.env.DATA_DIR;
    else process.env.DATA_DIR = previous;
    resetEnvForTests();
    resetStorageForTests();
    await rm(dir, { recursive: true, force: true });
  };
}

export async function enableStorageModule(db: Db, organisationId: string): Promise<void> {
  await runAsSystem(db, "test: storage module", (tx) =>
    tx
      .insert(organisationModules)
      .values({ organisationId, module: "storage", tier: "free" })
      .onConflictDoUpdate({
        target: [organisationModules.organisationId, organisationModules.module],
        set: { enabled: true, tier: "free" },
      }),
  );
}

export async function disableStorageModule(db: Db, organisationId: string): Promise<void> {
  await runAsSystem(db, "test: storage module off", (tx) =>
    tx
      .update(organisationModules)
      .set({ enabled: false })
      .where(
        and(
          eq(organisationModules.organisationId, organisationId),
          eq(organisationModules.module, "storage"),
        ),
      ),
  );
}

/** A folder row, as seed data. */
export async function seedFolder(
  db: Db,
  organisationId: string,
  name: string,
  parentId: string | null = null,
): Promise<string> {
  const id = randomUUID();
  await runAsSystem(db, "test: folder", (tx) =>
    tx.insert(organisationFiles).values({ id, organisationId, parentId, kind: "folder", name }),
  );
  return id;
}

/** A file row with its stored bytes, as seed data. */
export async function seedFile(
  db: Db,
  organisationId: string,
  name: string,
  options: {
    parentId?: string | null;
    body?: string;
    isPublic?: boolean;
    contentType?: string;
  } = {},
): Promise<{ id: string; storageKey: string; body: string }> {
  const id = randomUUID();
  const body = options.body ?? `bytes of ${name}`;
  const storageKey = `org/${organisationId}/${randomUUID()}`;
  const contentType = options.contentType ?? "text/plain; charset=utf-8";
  await getStorage().put(storageKey, body, { contentType });
  await runAsSystem(db, "test: file", (tx) =>
    tx.insert(organisationFiles).values({
      id,
      organisationId,
      parentId: options.parentId ?? null,
      kind: "file",
      name,
      size: Buffer.byteLength(body),
      contentType,
      storageKey,
      isPublic: options.isPublic ?? false,
    }),
  );
  return { id, storageKey, body };
}

export async function fileRow(db: Db, id: string) {
  const [row] = await runAsSystem(db, "test: read file", (tx) =>
    tx.select().from(organisationFiles).where(eq(organisationFiles.id, id)),
  );
  return row ?? null;
}
