import { randomUUID } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listAuditEntries, listAuditFilterOptions } from "@/lib/audit/list";
import { auditEntries } from "@/lib/audit/schema";
import { runCommand } from "@/lib/backoffice/doors";
import { closeDb, getDb } from "@/lib/db/client";
import { runAsSystem, runAsUser } from "@/lib/db/run-context";
import {
  disableModuleCommand,
  enableModuleCommand,
  getModuleDetails,
  listOrganisationModules,
} from "@/lib/modules/organisation-modules";
import { resolveAccess } from "@/lib/organisations/access";
import {
  createRoleCommand,
  deleteRoleCommand,
  getRole,
  listRoles,
  saveRolePermissionsCommand,
  updateRoleCommand,
} from "@/lib/organisations/roles";
import { organisationModules, rolePermissions, roles } from "@/lib/organisations/schema";
import {
  createCustomRole,
  createOrganisationWorld,
  type OrganisationWorld,
  type TestMember,
} from "./support/organisations";

/**
 * Cross-tenant suite for roles, role permissions, audit entries and modules: an owner of A
 * reaching for B's resources by id — through the data layer (what pages call), the commands
 * (what actions run) and the database directly (RLS) — gets nothing; so does a staff member
 * of A, who lacks the permissions, for A's own.
 */
let world: OrganisationWorld;
let bRole: string;
let aRole: string;
let bAuditId: number;

beforeAll(async () => {
  world = await createOrganisationWorld(getDb());
  bRole = await createCustomRole(getDb(), world.b.id, `B role ${randomUUID().slice(0, 6)}`, [
    "storage.file.read",
  ]);
  aRole = await createCustomRole(getDb(), world.a.id, `A role ${randomUUID().slice(0, 6)}`, [
    "storage.file.read",
  ]);
  const owner = world.b.members.owner;
  const enabled = await runCommand(
    owner.claims,
    world.b.id,
    { module: "storage", tier: "free" },
    enableModuleCommand,
  );
  expect(enabled.status).toBe("done");
  const [entry] = await runAsSystem(getDb(), "test", (tx) =>
    tx
      .select({ id: auditEntries.id })
      .from(auditEntries)
      .where(eq(auditEntries.organisationId, world.b.id)),
  );
  if (!entry) throw new Error("B has no audit entry");
  bAuditId = entry.id;
});

afterAll(async () => {
  await closeDb();
});

async function accessOf(member: TestMember, organisationId: string) {
  const access = await resolveAccess(member.claims, organisationId);
  if (!access) throw new Error("no access");
  return access;
}

async function bRoleRow() {
  const [row] = await runAsSystem(getDb(), "test", (tx) =>
    tx.select().from(roles).where(eq(roles.id, bRole)),
  );
  const perms = await runAsSystem(getDb(), "test", (tx) =>
    tx
      .select({ p: rolePermissions.permission })
      .from(rolePermissions)
      .where(eq(rolePermissions.roleId, bRole)),
  );
  return { row, perms: perms.map((p) => p.p) };
}

describe("an owner of A and B's resources", () => {
  const ownerA = () => world.a.members.owner;

  it("cannot resolve access to B at all", async () => {
    expect(await resolveAccess(ownerA().claims, world.b.id)).toBeNull();
  });

  it("roles: the data layer finds nothing of B's", async () => {
    const access = await accessOf(ownerA(), world.a.id);
    expect(await getRole(access, bRole)).toBeNull();
    expect(await getRole(access, world.b.roleIds.owner)).toBeNull();
    const ids = (await listRoles(access)).map((r) => r.id);
    expect(ids).toContain(aRole);
    expect(ids).not.toContain(bRole);
  });

  it("roles and their permissions: every command on B's role answers notFound and changes nothing", async () => {
    const before = await bRoleRow();
    const claims = ownerA().claims;
    for (const organisationId of [world.a.id, world.b.id]) {
      const attempts = [
        runCommand(
          claims,
          organisationId,
          { roleId: bRole, version: 1, name: "Hijacked" },
          updateRoleCommand,
        ),
        runCommand(claims, organisationId, { roleId: bRole }, deleteRoleCommand),
        runCommand(
          claims,
          organisationId,
          { roleId: bRole, version: 1, permissions: ["settings.role.write"] },
          saveRolePermissionsCommand,
        ),
      ];
      for (const result of await Promise.all(attempts)) {
        expect(result).toEqual({ status: "error", code: "notFound" });
      }
    }
    expect(await runCommand(claims, world.b.id, { name: "Planted" }, createRoleCommand)).toEqual({
      status: "error",
      code: "notFound",
    });
    expect(await bRoleRow()).toEqual(before);
  });

  it("roles and their permissions: the database refuses B's rows to A's owner", async () => {
    const claims = ownerA().claims;
    await runAsUser(getDb(), claims, async (tx) => {
      expect(await tx.select().from(roles).where(eq(roles.organisationId, world.b.id))).toEqual([]);
      expect(
        await tx.select().from(rolePermissions).where(eq(rolePermissions.roleId, bRole)),
      ).toEqual([]);
      expect(
        await tx.update(roles).set({ name: "Hijacked" }).where(eq(roles.id, bRole)).returning(),
      ).toEqual([]);
      expect(await tx.delete(roles).where(eq(roles.id, bRole)).returning()).toEqual([]);
      expect(
        await tx.delete(rolePermissions).where(eq(rolePermissions.roleId, bRole)).returning(),
      ).toEqual([]);
    });
    // Inserting into B, or tying A's organisation to B's role, is refused by the policies.
    const inserts = [
      () =>
        runAsUser(getDb(), claims, (tx) =>
          tx.insert(roles).values({ organisationId: world.b.id, name: "Planted" }),
        ),
      () =>
        runAsUser(getDb(), claims, (tx) =>
          tx.insert(rolePermissions).values({
            roleId: bRole,
            organisationId: world.b.id,
            permission: "settings.role.write",
          }),
        ),
      () =>
        runAsUser(getDb(), claims, (tx) =>
          tx.insert(rolePermissions).values({
            roleId: bRole,
            organisationId: world.a.id,
            permission: "settings.role.write",
          }),
        ),
    ];
    for (const insert of inserts)
      await expect(insert()).rejects.toMatchObject({ cause: { code: "42501" } });
    expect(await bRoleRow()).toMatchObject({ perms: ["storage.file.read"] });
  });

  it("audit entries: none of B's are listed, filterable or readable, and none can be written into B", async () => {
    const access = await accessOf(ownerA(), world.a.id);
    const page = await listAuditEntries(access, {}, null, 100);
    expect(page.entries.some((e) => e.id === bAuditId)).toBe(false);
    const bActor = world.b.members.owner.userId;
    expect((await listAuditEntries(access, { actorUserId: bActor }, null, 100)).entries).toEqual(
      [],
    );
    expect((await listAuditFilterOptions(access)).actors.map((a) => a.id)).not.toContain(bActor);
    const claims = ownerA().claims;
    await runAsUser(getDb(), claims, async (tx) => {
      expect(await tx.select().from(auditEntries).where(eq(auditEntries.id, bAuditId))).toEqual([]);
    });
    // No update or delete privilege for `authenticated` at all (drizzle/0014).
    await expect(
      runAsUser(getDb(), claims, (tx) =>
        tx
          .update(auditEntries)
          .set({ action: "x.y.z" })
          .where(eq(auditEntries.id, bAuditId))
          .returning(),
      ),
    ).rejects.toMatchObject({ cause: { code: "42501" } });
    await expect(
      runAsUser(getDb(), claims, (tx) =>
        tx.delete(auditEntries).where(eq(auditEntries.id, bAuditId)).returning(),
      ),
    ).rejects.toMatchObject({ cause: { code: "42501" } });
    await expect(
      runAsUser(getDb(), claims, (tx) =>
        tx.insert(auditEntries).values({
          organisationId: world.b.id,
          actorUserId: ownerA().userId,
          action: "settings.role.create",
          resourceType: "role",
        }),
      ),
    ).rejects.toMatchObject({ cause: { code: "42501" } });
  });

  it("modules: B's states are not A's, and A's owner cannot switch B's", async () => {
    const access = await accessOf(ownerA(), world.a.id);
    expect(
      (await listOrganisationModules(access)).find((m) => m.module === "storage")?.enabled,
    ).toBe(false);
    expect((await getModuleDetails(access, "storage")).usage.storageBytesUsed).toBe(0);
    const claims = ownerA().claims;
    expect(
      await runCommand(claims, world.b.id, { module: "storage" }, disableModuleCommand),
    ).toEqual({ status: "error", code: "notFound" });
    expect(
      await runCommand(claims, world.b.id, { module: "crm", tier: "free" }, enableModuleCommand),
    ).toEqual({ status: "error", code: "notFound" });
    await runAsUser(getDb(), claims, async (tx) => {
      expect(
        await tx
          .select()
          .from(organisationModules)
          .where(eq(organisationModules.organisationId, world.b.id)),
      ).toEqual([]);
      expect(
        await tx
          .update(organisationModules)
          .set({ enabled: false })
          .where(eq(organisationModules.organisationId, world.b.id))
          .returning(),
      ).toEqual([]);
    });
    await expect(
      runAsUser(getDb(), claims, (tx) =>
        tx.insert(organisationModules).values({ organisationId: world.b.id, module: "crm" }),
      ),
    ).rejects.toMatchObject({ cause: { code: "42501" } });
    const bAccess = await accessOf(world.b.members.owner, world.b.id);
    expect(bAccess.hasModule("storage")).toBe(true);
    expect(bAccess.hasModule("crm")).toBe(false);
  });
});

describe("a staff member of A and A's own admin resources", () => {
  const staff = () => world.a.members.staff;

  it("commands answer notFound and change nothing", async () => {
    const claims = staff().claims;
    const results = await Promise.all([
      runCommand(claims, world.a.id, { name: "Staff role" }, createRoleCommand),
      runCommand(
        claims,
        world.a.id,
        { roleId: aRole, version: 1, name: "Renamed" },
        updateRoleCommand,
      ),
      runCommand(claims, world.a.id, { roleId: aRole }, deleteRoleCommand),
      runCommand(
        claims,
        world.a.id,
        { roleId: aRole, version: 1, permissions: [] },
        saveRolePermissionsCommand,
      ),
      runCommand(claims, world.a.id, { module: "crm", tier: "free" }, enableModuleCommand),
      runCommand(claims, world.a.id, { module: "crm" }, disableModuleCommand),
    ]);
    for (const result of results) expect(result).toEqual({ status: "error", code: "notFound" });
    const [row] = await runAsSystem(getDb(), "test", (tx) =>
      tx.select().from(roles).where(eq(roles.id, aRole)),
    );
    expect(row?.version).toBe(1);
  });

  it("the audit trail reads empty and the database refuses writes", async () => {
    const access = await accessOf(staff(), world.a.id);
    expect(access.can("settings.audit.read")).toBe(false);
    expect((await listAuditEntries(access, {}, null, 100)).entries).toEqual([]);
    const claims = staff().claims;
    await runAsUser(getDb(), claims, async (tx) => {
      expect(
        await tx.select().from(auditEntries).where(eq(auditEntries.organisationId, world.a.id)),
      ).toEqual([]);
      expect(
        await tx.update(roles).set({ name: "Renamed" }).where(eq(roles.id, aRole)).returning(),
      ).toEqual([]);
      expect(await tx.delete(roles).where(eq(roles.id, aRole)).returning()).toEqual([]);
      expect(
        await tx
          .delete(rolePermissions)
          .where(
            and(eq(rolePermissions.roleId, aRole), eq(rolePermissions.organisationId, world.a.id)),
          )
          .returning(),
      ).toEqual([]);
      expect(
        await tx
          .update(organisationModules)
          .set({ enabled: true })
          .where(eq(organisationModules.organisationId, world.a.id))
          .returning(),
      ).toEqual([]);
    });
    for (const write of [
      () =>
        runAsUser(getDb(), claims, (tx) =>
          tx.insert(roles).values({ organisationId: world.a.id, name: "Staff made" }),
        ),
      () =>
        runAsUser(getDb(), claims, (tx) =>
          tx.insert(rolePermissions).values({
            roleId: aRole,
            organisationId: world.a.id,
            permission: "settings.role.write",
          }),
        ),
      () =>
        runAsUser(getDb(), claims, (tx) =>
          tx.insert(organisationModules).values({ organisationId: world.a.id, module: "crm" }),
        ),
    ]) {
      await expect(write()).rejects.toMatchObject({ cause: { code: "42501" } });
    }
    const [count] = await runAsSystem(getDb(), "test", (tx) =>
      tx
        .select({ n: sql<number>`count(*)::int` })
        .from(rolePermissions)
        .where(eq(rolePermissions.roleId, aRole)),
    );
    expect(count?.n).toBe(1);
  });
});
