import { randomUUID } from "node:crypto";
import { and, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditEntries } from "@/lib/audit/schema";
import {
  listAuditEntries,
  listAuditFilterOptions,
  loadAuditScreen,
  recentAuditEntries,
} from "@/lib/audit/list";
import { runCommand } from "@/lib/backoffice/doors";
import { closeDb, getDb } from "@/lib/db/client";
import { runAsSystem, runAsUser } from "@/lib/db/run-context";
import { organisationFiles } from "@/lib/files/schema";
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
import { invitations, organisations, rolePermissions, roles } from "@/lib/organisations/schema";
import type { Permission } from "@/lib/permissions/catalogue";
import { builtinRoleKeys, type BuiltinRoleKey } from "@/lib/permissions/define";
import {
  addMember,
  createCustomRole,
  createOrganisationWorld,
  type OrganisationWorld,
  type TestMember,
} from "./support/organisations";

/**
 * Roles, the permission matrix, modules and the audit trail (brief "orgadmin"): the data
 * layer the pages call and the commands the actions run, as real members on PostgreSQL.
 */
let world: OrganisationWorld;
const customPermissions: Permission[] = [
  "settings.role.read",
  "settings.module.read",
  "settings.audit.read",
];

beforeAll(async () => {
  world = await createOrganisationWorld(getDb(), customPermissions);
});

afterAll(async () => {
  await closeDb();
});

async function accessOf(member: { claims: TestMember["claims"] }, organisationId: string) {
  const access = await resolveAccess(member.claims, organisationId);
  if (!access) throw new Error("no access");
  return access;
}

const uniqueName = (label: string) => `${label} ${randomUUID().slice(0, 8)}`;

async function auditOf(organisationId: string, resourceId: string) {
  return runAsSystem(getDb(), "test: audit", (tx) =>
    tx
      .select()
      .from(auditEntries)
      .where(
        and(
          eq(auditEntries.organisationId, organisationId),
          eq(auditEntries.resourceId, resourceId),
        ),
      )
      .orderBy(auditEntries.id),
  );
}

describe("custom roles", () => {
  it("an admin creates a role; it is listed with its counts and audited", async () => {
    const admin = world.a.members.admin;
    const name = uniqueName("Cashier");
    const created = await runCommand(
      admin.claims,
      world.a.id,
      { name, description: "Tills" },
      createRoleCommand,
    );
    expect(created.status).toBe("done");
    const id = created.status === "done" ? created.data.id : "";
    const access = await accessOf(admin, world.a.id);
    const role = await getRole(access, id);
    expect(role).toMatchObject({
      name,
      description: "Tills",
      builtinKey: null,
      version: 1,
      members: 0,
      permissions: [],
    });
    const all = await listRoles(access);
    expect(all.slice(0, 5).map((r) => r.builtinKey)).toEqual([...builtinRoleKeys]);
    expect(all.find((r) => r.builtinKey === "owner")?.members).toBe(1);
    const [entry] = await auditOf(world.a.id, id);
    expect(entry).toMatchObject({
      action: "settings.role.create",
      resourceType: "role",
      actorUserId: admin.userId,
      after: { name, description: "Tills" },
    });
  });

  it("a name clash is refused on the name field, case-insensitively, also against built-in names", async () => {
    const owner = world.a.members.owner;
    const name = uniqueName("Barista");
    expect((await runCommand(owner.claims, world.a.id, { name }, createRoleCommand)).status).toBe(
      "done",
    );
    for (const clash of [name.toUpperCase(), "owner", "Admin", "Propietario", " viewer "]) {
      expect(
        await runCommand(owner.claims, world.a.id, { name: clash }, createRoleCommand),
        clash,
      ).toEqual({
        status: "error",
        code: "roleNameTaken",
        field: "name",
      });
    }
    // The same name in another organisation is fine.
    expect(
      (await runCommand(world.b.members.owner.claims, world.b.id, { name }, createRoleCommand))
        .status,
    ).toBe("done");
    expect(
      (await runCommand(owner.claims, world.a.id, { name: "x" }, createRoleCommand)).status,
    ).toBe("invalid");
  });

  it("editing checks the version: the later of two saves from the same read is stale", async () => {
    const owner = world.a.members.owner;
    const roleId = await createCustomRole(getDb(), world.a.id, uniqueName("Host"), []);
    const first = await runCommand(
      owner.claims,
      world.a.id,
      { roleId, version: 1, name: uniqueName("Host A") },
      updateRoleCommand,
    );
    expect(first).toEqual({ status: "done", data: { version: 2 } });
    const second = await runCommand(
      owner.claims,
      world.a.id,
      { roleId, version: 1, name: uniqueName("Host B") },
      updateRoleCommand,
    );
    expect(second).toEqual({ status: "error", code: "stale" });
    const [entry] = await auditOf(world.a.id, roleId);
    expect(entry?.action).toBe("settings.role.update");
  });

  it("two admins saving the same role at once: exactly one wins, the other is stale", async () => {
    const roleId = await createCustomRole(getDb(), world.a.id, uniqueName("Door"), []);
    const results = await Promise.all([
      runCommand(
        world.a.members.owner.claims,
        world.a.id,
        { roleId, version: 1, name: uniqueName("Door 1") },
        updateRoleCommand,
      ),
      runCommand(
        world.a.members.admin.claims,
        world.a.id,
        { roleId, version: 1, name: uniqueName("Door 2") },
        updateRoleCommand,
      ),
      runCommand(
        world.a.members.admin.claims,
        world.a.id,
        { roleId, version: 1, permissions: ["people.employment.read"] },
        saveRolePermissionsCommand,
      ),
    ]);
    expect(results.filter((r) => r.status === "done")).toHaveLength(1);
    expect(results.filter((r) => r.status === "error" && r.code === "stale")).toHaveLength(2);
    const [row] = await runAsSystem(getDb(), "test", (tx) =>
      tx.select().from(roles).where(eq(roles.id, roleId)),
    );
    expect(row?.version).toBe(2);
  });

  it("built-in roles cannot be edited, renamed or deleted", async () => {
    const owner = world.a.members.owner;
    const roleId = world.a.roleIds.manager;
    expect(
      await runCommand(
        owner.claims,
        world.a.id,
        { roleId, version: 1, name: "Boss" },
        updateRoleCommand,
      ),
    ).toEqual({ status: "error", code: "notFound" });
    expect(await runCommand(owner.claims, world.a.id, { roleId }, deleteRoleCommand)).toEqual({
      status: "error",
      code: "notFound",
    });
    expect(
      await runCommand(
        owner.claims,
        world.a.id,
        { roleId, version: 1, permissions: [] },
        saveRolePermissionsCommand,
      ),
    ).toEqual({ status: "error", code: "notFound" });
  });

  it("a role held by a member, a former member or a pending invitation is not deleted", async () => {
    const owner = world.a.members.owner;
    const held = await createCustomRole(getDb(), world.a.id, uniqueName("Held"), []);
    await addMember(getDb(), world.a.id, held, "holder");
    const former = await createCustomRole(getDb(), world.a.id, uniqueName("Former"), []);
    await addMember(getDb(), world.a.id, former, "former", "ended");
    const invited = await createCustomRole(getDb(), world.a.id, uniqueName("Invited"), []);
    await runAsSystem(getDb(), "test: invitation", (tx) =>
      tx.insert(invitations).values({
        organisationId: world.a.id,
        email: `invitee-${randomUUID().slice(0, 6)}@example.test`,
        roleId: invited,
        invitedBy: owner.userId,
        expiresAt: new Date(Date.now() + 86_400_000),
      }),
    );
    for (const roleId of [held, former, invited]) {
      expect(await runCommand(owner.claims, world.a.id, { roleId }, deleteRoleCommand)).toEqual({
        status: "error",
        code: "roleInUse",
      });
    }
    const access = await accessOf(owner, world.a.id);
    expect((await getRole(access, held))?.members).toBe(1);
    expect((await getRole(access, former))?.formerMembers).toBe(1);
    expect((await getRole(access, invited))?.pendingInvitations).toBe(1);

    const unused = await createCustomRole(getDb(), world.a.id, uniqueName("Unused"), [
      "storage.file.read",
    ]);
    expect(
      await runCommand(owner.claims, world.a.id, { roleId: unused }, deleteRoleCommand),
    ).toEqual({ status: "done", data: null });
    expect(await getRole(access, unused)).toBeNull();
    const [entry] = await auditOf(world.a.id, unused);
    expect(entry).toMatchObject({
      action: "settings.role.delete",
      before: { permissions: ["storage.file.read"] },
    });
  });
});

describe("the permission matrix", () => {
  it("saving a column replaces the role's permissions, moves its version and audits both sets", async () => {
    const owner = world.a.members.owner;
    const roleId = await createCustomRole(getDb(), world.a.id, uniqueName("Matrix"), [
      "people.employment.read",
      "storage.file.read",
    ]);
    const member = await addMember(getDb(), world.a.id, roleId, "matrix");
    const saved = await runCommand(
      owner.claims,
      world.a.id,
      {
        roleId,
        version: "1",
        permissions: ["storage.file.write", "storage.file.read", "storage.file.read"],
      },
      saveRolePermissionsCommand,
    );
    expect(saved).toEqual({
      status: "done",
      data: { version: 2, permissions: ["storage.file.read", "storage.file.write"] },
    });
    const access = await accessOf(member, world.a.id);
    expect([...access.permissions].sort()).toEqual(["storage.file.read", "storage.file.write"]);
    const [entry] = await auditOf(world.a.id, roleId);
    expect(entry).toMatchObject({
      action: "settings.rolePermission.update",
      before: { permissions: ["people.employment.read", "storage.file.read"] },
      after: { permissions: ["storage.file.read", "storage.file.write"] },
    });
    // A single ticked box (a string) and none at all (no field) are read as sets.
    expect(
      await runCommand(
        owner.claims,
        world.a.id,
        { roleId, version: 2, permissions: "settings.audit.read" },
        saveRolePermissionsCommand,
      ),
    ).toMatchObject({ status: "done", data: { permissions: ["settings.audit.read"] } });
    expect(
      await runCommand(
        owner.claims,
        world.a.id,
        { roleId, version: 3 },
        saveRolePermissionsCommand,
      ),
    ).toMatchObject({ status: "done", data: { permissions: [] } });
    expect((await accessOf(member, world.a.id)).permissions.size).toBe(0);
    // A stale column and an unknown permission change nothing.
    expect(
      await runCommand(
        owner.claims,
        world.a.id,
        { roleId, version: 3, permissions: ["storage.file.read"] },
        saveRolePermissionsCommand,
      ),
    ).toEqual({ status: "error", code: "stale" });
    expect(
      (
        await runCommand(
          owner.claims,
          world.a.id,
          { roleId, version: 4, permissions: ["made.up.thing"] },
          saveRolePermissionsCommand,
        )
      ).status,
    ).toBe("invalid");
    const rows = await runAsSystem(getDb(), "test", (tx) =>
      tx.select().from(rolePermissions).where(eq(rolePermissions.roleId, roleId)),
    );
    expect(rows).toEqual([]);
  });

  it("a role manager grants only permissions they hold themselves", async () => {
    const managerRole = await createCustomRole(getDb(), world.a.id, uniqueName("Role admin"), [
      "settings.role.read",
      "settings.role.write",
      "storage.file.read",
    ]);
    const roleManager = await addMember(getDb(), world.a.id, managerRole, "role-admin");
    const target = await createCustomRole(getDb(), world.a.id, uniqueName("Target"), [
      "people.employment.write",
    ]);
    expect(
      await runCommand(
        roleManager.claims,
        world.a.id,
        {
          roleId: target,
          version: 1,
          permissions: ["people.employment.write", "people.invitation.write"],
        },
        saveRolePermissionsCommand,
      ),
    ).toEqual({ status: "error", code: "permissionNotHeld" });
    // Keeping one they lack, removing and adding ones they hold is fine.
    expect(
      await runCommand(
        roleManager.claims,
        world.a.id,
        {
          roleId: target,
          version: 1,
          permissions: ["people.employment.write", "storage.file.read"],
        },
        saveRolePermissionsCommand,
      ),
    ).toMatchObject({ status: "done" });
    expect(
      await runCommand(
        roleManager.claims,
        world.a.id,
        {
          roleId: managerRole,
          version: 1,
          permissions: [
            "settings.role.read",
            "settings.role.write",
            "storage.file.read",
            "people.employment.write",
          ],
        },
        saveRolePermissionsCommand,
      ),
    ).toEqual({ status: "error", code: "permissionNotHeld" });
  });
});

describe("modules", () => {
  it("switching on the free tier, a paid tier refused, switching off; each change audited", async () => {
    const admin = world.a.members.admin;
    expect(
      await runCommand(
        admin.claims,
        world.a.id,
        { module: "crm", tier: "pro" },
        enableModuleCommand,
      ),
    ).toEqual({ status: "error", code: "moduleTierNotAvailable", field: "tier" });
    expect(
      (
        await runCommand(
          admin.claims,
          world.a.id,
          { module: "nope", tier: "free" },
          enableModuleCommand,
        )
      ).status,
    ).toBe("invalid");
    expect(
      await runCommand(
        admin.claims,
        world.a.id,
        { module: "crm", tier: "free" },
        enableModuleCommand,
      ),
    ).toEqual({ status: "done", data: { module: "crm", tier: "free", changed: true } });
    expect(
      await runCommand(
        admin.claims,
        world.a.id,
        { module: "crm", tier: "free" },
        enableModuleCommand,
      ),
    ).toMatchObject({ data: { changed: false } });
    let access = await accessOf(admin, world.a.id);
    expect(access.hasModule("crm")).toBe(true);
    const states = await listOrganisationModules(access);
    expect(states.find((m) => m.module === "crm")).toMatchObject({ enabled: true, tier: "free" });
    expect(states.filter((m) => m.enabled)).toHaveLength(1);
    expect(
      await runCommand(admin.claims, world.a.id, { module: "crm" }, disableModuleCommand),
    ).toEqual({ status: "done", data: { module: "crm", changed: true } });
    access = await accessOf(admin, world.a.id);
    expect(access.hasModule("crm")).toBe(false);
    expect((await listOrganisationModules(access)).find((m) => m.module === "crm")).toMatchObject({
      enabled: false,
      tier: "free",
    });
    const entries = await auditOf(world.a.id, "crm");
    expect(entries.map((e) => e.action)).toEqual([
      "settings.module.enable",
      "settings.module.disable",
    ]);
  });

  it("a module's page shows its tiers, seats used of the limit and storage used of the quota", async () => {
    const owner = world.b.members.owner;
    await runAsSystem(getDb(), "test: files", (tx) =>
      tx.insert(organisationFiles).values([
        { organisationId: world.b.id, kind: "file", name: `a-${randomUUID()}.txt`, size: 1000 },
        { organisationId: world.b.id, kind: "file", name: `b-${randomUUID()}.txt`, size: 2500 },
      ]),
    );
    expect(
      (
        await runCommand(
          owner.claims,
          world.b.id,
          { module: "storage", tier: "free" },
          enableModuleCommand,
        )
      ).status,
    ).toBe("done");
    const access = await accessOf(owner, world.b.id);
    const details = await getModuleDetails(access, "storage");
    expect(details.state).toMatchObject({ module: "storage", enabled: true, tier: "free" });
    expect(details.tiers.map((t) => [t.tier, t.selfServe])).toEqual([
      ["free", true],
      ["pro", false],
      ["enterprise", false],
    ]);
    expect(details.usage).toMatchObject({
      seatsUsed: 5,
      seatLimit: 5,
      storageBytesUsed: 3500,
      storageQuota: 1024 ** 3,
      itemsUsed: null,
    });
    const crm = await getModuleDetails(access, "crm");
    expect(crm.usage.storageBytesUsed).toBeNull();
    expect(crm.state.enabled).toBe(false);
  });
});

describe("the audit trail", () => {
  let org: { id: string; owner: TestMember; other: TestMember };

  beforeAll(async () => {
    // A separate organisation in a far time zone, with 53 entries in groups that share a
    // created_at (ties on the first sort key).
    const id = randomUUID();
    const ownerRole = randomUUID();
    await runAsSystem(getDb(), "test: audit organisation", async (tx) => {
      await tx.insert(organisations).values({
        id,
        name: "Audit org",
        slug: `audit-${id.slice(0, 8)}`,
        timeZone: "Pacific/Auckland",
      });
      await tx
        .insert(roles)
        .values({ id: ownerRole, organisationId: id, builtinKey: "owner", name: "owner" });
    });
    const owner = await addMember(getDb(), id, ownerRole, "audit-owner");
    const other = await addMember(getDb(), id, ownerRole, "audit-other");
    const base = Date.parse("2026-03-10T10:00:00.000Z");
    await runAsSystem(getDb(), "test: audit rows", (tx) =>
      tx.insert(auditEntries).values(
        Array.from({ length: 53 }, (_, i) => ({
          organisationId: id,
          actorUserId: i % 3 === 0 ? other.userId : owner.userId,
          action: i % 2 === 0 ? "settings.role.update" : "people.invitation.create",
          resourceType: i % 2 === 0 ? "role" : "invitation",
          resourceId: `r${i}`,
          before: { n: i - 1 },
          after: { n: i },
          // Groups of 4 share a timestamp; one day apart per group.
          createdAt: new Date(base + Math.floor(i / 4) * 86_400_000),
        })),
      ),
    );
    org = { id, owner, other };
  });

  it("keyset pages return every entry exactly once, newest first, and page back the same", async () => {
    const access = await accessOf(org.owner, org.id);
    const seen: number[] = [];
    const pages: number[][] = [];
    let cursor: string | null = null;
    let guard = 0;
    do {
      const page = await listAuditEntries(access, {}, cursor, 10);
      pages.push(page.entries.map((e) => e.id));
      seen.push(...page.entries.map((e) => e.id));
      expect(page.newer === null).toBe(cursor === null);
      cursor = page.older;
    } while (cursor && ++guard < 20);
    expect(seen).toHaveLength(53);
    expect(new Set(seen).size).toBe(53);
    const all = await runAsSystem(getDb(), "test", (tx) =>
      tx
        .select({ id: auditEntries.id, at: auditEntries.createdAt })
        .from(auditEntries)
        .where(eq(auditEntries.organisationId, org.id)),
    );
    const expected = [...all]
      .sort((x, y) => y.at.getTime() - x.at.getTime() || y.id - x.id)
      .map((r) => r.id);
    expect(seen).toEqual(expected);
    expect(pages.map((p) => p.length)).toEqual([10, 10, 10, 10, 10, 3]);

    // From the last page, "newer" walks back through the same pages.
    let page = await listAuditEntries(access, {}, null, 10);
    const forward = [page];
    while (page.older) {
      page = await listAuditEntries(access, {}, page.older, 10);
      forward.push(page);
    }
    const back: number[][] = [];
    let current = forward[forward.length - 1];
    while (current?.newer) {
      current = await listAuditEntries(access, {}, current.newer, 10);
      back.push(current.entries.map((e) => e.id));
    }
    expect(back).toEqual(pages.slice(0, -1).reverse());
  });

  it("filters by person, action, resource type and days in the organisation's time zone", async () => {
    const access = await accessOf(org.owner, org.id);
    const byPerson = await listAuditEntries(access, { actorUserId: org.other.userId }, null, 100);
    expect(byPerson.entries).toHaveLength(18);
    expect(byPerson.entries.every((e) => e.actorName === "Test audit-other")).toBe(true);
    const byAction = await listAuditEntries(
      access,
      { action: "people.invitation.create" },
      null,
      100,
    );
    expect(byAction.entries).toHaveLength(26);
    const byResource = await listAuditEntries(access, { resourceType: "role" }, null, 100);
    expect(byResource.entries).toHaveLength(27);
    // 2026-03-10T10:00Z is 23:00 on 10 March in Auckland (UTC+13); the next group is 11 March.
    const oneDay = await listAuditEntries(
      access,
      { from: "2026-03-10", to: "2026-03-10" },
      null,
      100,
    );
    expect(oneDay.entries.map((e) => e.resourceId).sort()).toEqual(["r0", "r1", "r2", "r3"]);
    const twoDays = await listAuditEntries(
      access,
      { from: "2026-03-11", to: "2026-03-12" },
      null,
      100,
    );
    expect(twoDays.entries).toHaveLength(8);
    const combined = await listAuditEntries(
      access,
      { actorUserId: org.owner.userId, resourceType: "role", to: "2026-03-11" },
      null,
      100,
    );
    expect(combined.entries.map((e) => e.resourceId).sort()).toEqual(["r2", "r4"]);
    const options = await listAuditFilterOptions(access);
    expect(options.actions).toEqual(["people.invitation.create", "settings.role.update"]);
    expect(options.resourceTypes).toEqual(["invitation", "role"]);
    expect(options.actors.map((a) => a.name).sort()).toEqual([
      "Test audit-other",
      "Test audit-owner",
    ]);
  });

  it("the audit screen reads a page and the menus together, with the same answers", async () => {
    const access = await accessOf(org.owner, org.id);
    const options = await listAuditFilterOptions(access);
    // Every page of the trail, as the screen reads it and as the two reads give it apart.
    let cursor: string | null = null;
    let pages = 0;
    do {
      const screen = await loadAuditScreen(access, {}, cursor, 10);
      expect(screen.options).toEqual(options);
      expect(screen.page).toEqual(await listAuditEntries(access, {}, cursor, 10));
      expect(screen.page.entries.every((e) => e.actorName?.startsWith("Test audit-"))).toBe(true);
      cursor = screen.page.older;
      pages += 1;
    } while (cursor && pages < 20);
    expect(pages).toBe(6);
    // Filtered, and from a "newer" link that reaches the newest entries.
    const byPerson = { actorUserId: org.other.userId };
    const filtered = await loadAuditScreen(access, byPerson, null, 5);
    expect(filtered.page).toEqual(await listAuditEntries(access, byPerson, null, 5));
    expect(filtered.options).toEqual(options);
    const second = await listAuditEntries(access, {}, null, 10);
    const back = await listAuditEntries(access, {}, second.older, 10);
    expect((await loadAuditScreen(access, {}, back.newer, 10)).page).toEqual(
      await listAuditEntries(access, {}, back.newer, 10),
    );
  });

  it("an invalid cursor reads the newest page; recent entries are the newest n", async () => {
    const access = await accessOf(org.owner, org.id);
    const newest = await listAuditEntries(access, {}, null, 5);
    expect((await listAuditEntries(access, {}, "garbage!", 5)).entries).toEqual(newest.entries);
    expect((await listAuditEntries(access, {}, "bm90fGEgY3Vyc29y", 5)).entries).toEqual(
      newest.entries,
    );
    const recent = await recentAuditEntries(access, 3);
    expect(recent.map((e) => e.id)).toEqual(newest.entries.slice(0, 3).map((e) => e.id));
  });
});

describe("who may use these doors (roles × permissions)", () => {
  type Who = BuiltinRoleKey | "custom";
  const who: Who[] = [...builtinRoleKeys, "custom"];
  const memberOf = (w: Who) => (w === "custom" ? world.custom : world.a.members[w]);
  const table: { door: Permission; allowed: Who[] }[] = [
    { door: "settings.role.read", allowed: ["owner", "admin", "manager", "custom"] },
    { door: "settings.role.write", allowed: ["owner", "admin"] },
    { door: "settings.module.read", allowed: ["owner", "admin", "manager", "custom"] },
    { door: "settings.module.write", allowed: ["owner", "admin"] },
    { door: "settings.audit.read", allowed: ["owner", "admin", "manager", "custom"] },
  ];

  it.each(who)("%s: pages open exactly where the table says", async (w) => {
    const access = await accessOf(memberOf(w), world.a.id);
    for (const { door, allowed } of table) {
      expect(access.can(door), `${w} ${door}`).toBe(allowed.includes(w));
    }
  });

  it.each(who)("%s: commands run exactly where the table says", async (w) => {
    const member = memberOf(w);
    const mayWriteRoles = table[1]?.allowed.includes(w) ?? false;
    const mayWriteModules = table[3]?.allowed.includes(w) ?? false;
    const created = await runCommand(
      member.claims,
      world.a.id,
      { name: uniqueName(`By ${w}`) },
      createRoleCommand,
    );
    expect(created.status, `${w} create role`).toBe(mayWriteRoles ? "done" : "error");
    const roleId = await createCustomRole(getDb(), world.a.id, uniqueName(`Door ${w}`), []);
    const saved = await runCommand(
      member.claims,
      world.a.id,
      { roleId, version: 1, permissions: [] },
      saveRolePermissionsCommand,
    );
    expect(saved.status, `${w} save permissions`).toBe(mayWriteRoles ? "done" : "error");
    const deleted = await runCommand(member.claims, world.a.id, { roleId }, deleteRoleCommand);
    expect(deleted.status, `${w} delete role`).toBe(mayWriteRoles ? "done" : "error");
    const enabled = await runCommand(
      member.claims,
      world.a.id,
      { module: "reviews", tier: "free" },
      enableModuleCommand,
    );
    expect(enabled.status, `${w} enable module`).toBe(mayWriteModules ? "done" : "error");
    if (!mayWriteRoles) expect(created).toEqual({ status: "error", code: "notFound" });
  });

  it.each(who)("%s: reads under RLS agree (audit trail, roles, modules)", async (w) => {
    const access = await accessOf(memberOf(w), world.a.id);
    const audit = await listAuditEntries(access, {}, null, 5);
    const mayReadAudit = table[4]?.allowed.includes(w) ?? false;
    expect(audit.entries.length > 0, `${w} audit`).toBe(mayReadAudit);
    // Roles and module states are readable by every member (the frame needs them); the
    // pages that show them are behind the permissions above.
    expect((await listRoles(access)).length).toBeGreaterThanOrEqual(5);
    expect(await listOrganisationModules(access)).toHaveLength(14);
  });
});

describe("audit rows stay put", () => {
  it("nobody, not even an owner, updates or deletes an audit entry", async () => {
    const owner = world.a.members.owner;
    const ids = (
      await runAsSystem(getDb(), "test", (tx) =>
        tx
          .select({ id: auditEntries.id })
          .from(auditEntries)
          .where(eq(auditEntries.organisationId, world.a.id)),
      )
    ).map((r) => r.id);
    expect(ids.length).toBeGreaterThan(0);
    // `authenticated` holds no update or delete privilege on the table (drizzle/0014).
    await expect(
      runAsUser(getDb(), owner.claims, (tx) =>
        tx
          .update(auditEntries)
          .set({ action: "tampered.with.it" })
          .where(inArray(auditEntries.id, ids))
          .returning({ id: auditEntries.id }),
      ),
    ).rejects.toMatchObject({ cause: { code: "42501" } });
    await expect(
      runAsUser(getDb(), owner.claims, (tx) =>
        tx
          .delete(auditEntries)
          .where(inArray(auditEntries.id, ids))
          .returning({ id: auditEntries.id }),
      ),
    ).rejects.toMatchObject({ cause: { code: "42501" } });
  });
});
