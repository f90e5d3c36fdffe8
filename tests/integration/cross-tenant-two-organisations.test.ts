import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditEntries } from "@/lib/audit/schema";
import { listAuditEntries, listAuditFilterOptions } from "@/lib/audit/list";
import { closeDb, getDb } from "@/lib/db/client";
import { queryRows } from "@/lib/db/rows";
import { withUserContext } from "@/lib/db/context";
import { runAsSystem } from "@/lib/db/run-context";
import {
  getFileForDownload,
  getFolderTrail,
  getStorageSummary,
  listFolder,
  listFolderPaths,
} from "@/lib/files/files";
import { getModuleDetails, listOrganisationModules } from "@/lib/modules/organisation-modules";
import { resolveAccess, type OrganisationAccess } from "@/lib/organisations/access";
import { listContactEmails } from "@/lib/organisations/contact-emails";
import { listFaqs } from "@/lib/organisations/faqs";
import { listMyOrganisations } from "@/lib/organisations/memberships";
import { getRole, listRoles } from "@/lib/organisations/roles";
import { employments, invitations, organisationModules } from "@/lib/organisations/schema";
import { getOrganisationProfile } from "@/lib/organisations/settings";
import { readMemberDirectory, readSeatsForAcceptance } from "@/lib/people/directory";
import {
  countActiveMembers,
  getEmployment,
  listEmployees,
  listOrganisationRoles,
} from "@/lib/people/employees";
import { countPendingInvitations, getSeatUsage, listInvitations } from "@/lib/people/invitations";
import { getSchedule, listSchedules } from "@/lib/schedules/schedules";
import { enableStorageModule, seedFile, seedFolder, useTemporaryStorage } from "./support/files";
import {
  addMember,
  createCustomRole,
  createOrganisationWorld,
  createTestUser,
  type OrganisationWorld,
  type TestMember,
} from "./support/organisations";
import { seedContactEmail, seedFaq, seedSchedule } from "./support/settings";

/**
 * One user who belongs to two organisations, A and B, as admin of both. RLS lets this user
 * read both, so only the code's own `organisation_id` filter keeps each screen to the
 * organisation it was asked for: every list and read function of the back office is called
 * for A and for B and must return exactly that organisation's rows (ids compared with what
 * the database holds for it), and nothing when given the other organisation's ids.
 */
let world: OrganisationWorld;
let cleanStorage: () => Promise<void>;
let dual: Awaited<ReturnType<typeof createTestUser>>;
const db = () => getDb();

type Key = "a" | "b";
interface Seeded {
  id: string;
  dualEmployment: string;
  faqs: string[];
  contacts: string[];
  schedules: string[];
  invitations: string[];
  folder: string;
  subfolder: string;
  file: string;
  customRole: string;
  action: string;
  onlyMember: TestMember;
}
const seeded = {} as Record<Key, Seeded>;
const other = (key: Key): Key => (key === "a" ? "b" : "a");

async function seedOrganisation(key: Key): Promise<Seeded> {
  const org = world[key];
  const id = org.id;
  const dualEmployment = randomUUID();
  await runAsSystem(db(), "test: dual employment", (tx) =>
    tx.insert(employments).values({
      id: dualEmployment,
      organisationId: id,
      userId: dual.userId,
      roleId: org.roleIds.admin,
    }),
  );
  // B gets more of everything, so a list that loses its filter shows it in A's count too.
  const n = key === "a" ? 1 : 2;
  const range = Array.from({ length: n }, (_, i) => i + 1);
  const faqs = [];
  const contacts = [];
  const schedules = [];
  const invitationIds = [];
  for (const i of range) {
    faqs.push(await seedFaq(id, `${key} question ${i}?`, i));
    contacts.push(
      await seedContactEmail(id, `${key}-contact-${i}-${randomUUID().slice(0, 6)}@example.test`),
    );
    schedules.push((await seedSchedule(id, `${key} hours ${i}`)).id);
    const [row] = await runAsSystem(db(), "test: invitation", (tx) =>
      tx
        .insert(invitations)
        .values({
          organisationId: id,
          email: `${key}-invited-${i}-${randomUUID().slice(0, 6)}@example.test`,
          roleId: org.roleIds.viewer,
          invitedBy: org.members.owner.userId,
          expiresAt: new Date(Date.now() + 86_400_000),
        })
        .returning({ id: invitations.id }),
    );
    invitationIds.push(row!.id);
  }
  await enableStorageModule(db(), id);
  if (key === "b") {
    await runAsSystem(db(), "test: crm", (tx) =>
      tx.insert(organisationModules).values({ organisationId: id, module: "crm", tier: "pro" }),
    );
  }
  const folder = await seedFolder(db(), id, `${key}-folder`);
  const subfolder = await seedFolder(db(), id, `${key}-sub`, folder);
  const file = (await seedFile(db(), id, `${key}.txt`, { body: key.repeat(10 * n) })).id;
  await seedFile(db(), id, `${key}-inner.txt`, { parentId: folder });
  const customRole = await createCustomRole(db(), id, `${key}-only role`, [
    "people.employment.read",
  ]);
  const onlyMember = await addMember(db(), id, customRole, `${key}-only`);
  const action = `${key}only.thing.done`;
  await runAsSystem(db(), "test: audit", (tx) =>
    tx.insert(auditEntries).values({
      organisationId: id,
      actorUserId: onlyMember.userId,
      action,
      resourceType: `${key}onlyresource`,
      resourceId: key,
    }),
  );
  return {
    id,
    dualEmployment,
    faqs,
    contacts,
    schedules,
    invitations: invitationIds,
    folder,
    subfolder,
    file,
    customRole,
    action,
    onlyMember,
  };
}

/** The ids a table holds for one organisation, read past RLS. */
async function idsIn(table: string, organisationId: string, extra = sql``): Promise<string[]> {
  const rows = await runAsSystem(db(), "test: ids", (tx) =>
    queryRows<{ id: string }>(
      tx,
      sql`select id::text as id from ${sql.identifier(table)} where organisation_id = ${organisationId} ${extra}`,
    ),
  );
  return rows.map((r) => r.id).sort();
}

const sorted = (values: readonly string[]) => [...values].sort();

beforeAll(async () => {
  cleanStorage = await useTemporaryStorage();
  world = await createOrganisationWorld(db());
  dual = await createTestUser(db(), "dual");
  seeded.a = await seedOrganisation("a");
  seeded.b = await seedOrganisation("b");
});

afterAll(async () => {
  await cleanStorage();
  await closeDb();
});

async function accessTo(key: Key): Promise<OrganisationAccess> {
  const access = await resolveAccess(dual.claims, seeded[key].id);
  if (!access) throw new Error("no access");
  return access;
}

describe("a user in two organisations", () => {
  it("belongs to both, and each access is the organisation asked for", async () => {
    const mine = await listMyOrganisations(dual.claims);
    expect(sorted(mine.map((o) => o.id))).toEqual(sorted([seeded.a.id, seeded.b.id]));
    for (const key of ["a", "b"] as const) {
      const access = await accessTo(key);
      expect(access.organisation.id).toBe(seeded[key].id);
      expect(access.employment.id).toBe(seeded[key].dualEmployment);
      expect(access.employment.roleId).toBe(world[key].roleIds.admin);
      expect(access.hasModule("crm")).toBe(key === "b");
    }
  });

  describe.each(["a", "b"] as const)("reading %s", (key) => {
    const mineOnly = () => seeded[key];
    const theirs = () => seeded[other(key)];

    it("people: members, one member, roles, counts, invitations, seats", async () => {
      const access = await accessTo(key);
      const id = mineOnly().id;
      const members = await idsIn("employments", id);
      const query = { page: 1, size: 100, dir: "asc", q: "", status: null, role: null } as const;
      for (const sort of ["name", "since", "role", "status"] as const) {
        const page = await listEmployees(access, { ...query, sort });
        expect(sorted(page.rows.map((r) => r.id)), sort).toEqual(members);
        expect(page.total, sort).toBe(members.length);
      }
      const search = await listEmployees(access, { ...query, sort: "since", q: "only" });
      expect(search.rows.map((r) => r.userId)).toEqual([mineOnly().onlyMember.userId]);
      expect(await getEmployment(access, theirs().onlyMember.employmentId)).toBeNull();
      expect((await getEmployment(access, mineOnly().onlyMember.employmentId))?.id).toBe(
        mineOnly().onlyMember.employmentId,
      );
      expect(await countActiveMembers(access)).toBe(
        (await idsIn("employments", id, sql`and status = 'active'`)).length,
      );
      const roleIds = await idsIn("roles", id);
      expect(sorted((await listOrganisationRoles(access)).map((r) => r.id))).toEqual(roleIds);

      const invitationQuery = {
        page: 1,
        size: 100,
        sort: "sent",
        dir: "desc",
        status: null,
      } as const;
      const listed = await listInvitations(access, invitationQuery);
      expect(sorted(listed.rows.map((r) => r.id))).toEqual(sorted(mineOnly().invitations));
      expect(listed.total).toBe(mineOnly().invitations.length);
      const open = await listInvitations(access, { ...invitationQuery, openOnly: true });
      expect(open.total).toBe(mineOnly().invitations.length);
      expect(await countPendingInvitations(access)).toBe(mineOnly().invitations.length);
      const activeOrSuspended = (
        await idsIn("employments", id, sql`and status in ('active', 'suspended')`)
      ).length;
      const inUse = activeOrSuspended + mineOnly().invitations.length;
      expect((await getSeatUsage(access))?.inUse).toBe(inUse);
      expect((await readSeatsForAcceptance(id, randomUUID())).inUse).toBe(inUse);
    });

    it("people directory: names and ids only of this organisation's members", async () => {
      const id = mineOnly().id;
      const userIds = (
        await runAsSystem(db(), "test", (tx) =>
          tx
            .select({ userId: employments.userId })
            .from(employments)
            .where(eq(employments.organisationId, id)),
        )
      ).map((r) => r.userId);
      // The member list's directory, read as the member of both organisations.
      const listed = await withUserContext(dual.claims, (tx) =>
        queryRows<{ user_id: string }>(tx, sql`select user_id from app.member_directory(${id})`),
      );
      expect(sorted(listed.map((r) => r.user_id))).toEqual(sorted(userIds));
      const search = await listEmployees(await accessTo(key), {
        page: 1,
        size: 100,
        sort: "name",
        dir: "asc",
        q: `${other(key)}-only`,
        status: null,
        role: null,
      });
      expect(search.rows).toEqual([]);
      const directory = await readMemberDirectory(id, [
        theirs().onlyMember.userId,
        mineOnly().onlyMember.userId,
      ]);
      expect([...directory.keys()]).toEqual([mineOnly().onlyMember.userId]);
    });

    it("settings: profile, FAQ, contact addresses, schedules, roles, modules", async () => {
      const access = await accessTo(key);
      const id = mineOnly().id;
      expect((await getOrganisationProfile(dual.claims, id))?.id).toBe(id);
      expect((await listFaqs(dual.claims, id)).map((f) => f.id)).toEqual(mineOnly().faqs);
      expect(sorted((await listContactEmails(dual.claims, id)).map((c) => c.id))).toEqual(
        sorted(mineOnly().contacts),
      );
      const schedules = await listSchedules(dual.claims, id, {
        page: 1,
        size: 100,
        sort: "name",
        dir: "asc",
      });
      expect(sorted(schedules.rows.map((s) => s.id))).toEqual(sorted(mineOnly().schedules));
      expect(schedules.total).toBe(mineOnly().schedules.length);
      const schedule = await getSchedule(dual.claims, id, mineOnly().schedules[0]!);
      expect(schedule?.exceptions).toHaveLength(1);
      expect(await getSchedule(dual.claims, id, theirs().schedules[0]!)).toBeNull();

      const roles = await listRoles(access);
      expect(sorted(roles.map((r) => r.id))).toEqual(await idsIn("roles", id));
      const custom = roles.find((r) => r.id === mineOnly().customRole);
      expect(custom).toMatchObject({ members: 1, permissions: ["people.employment.read"] });
      const admin = roles.find((r) => r.builtinKey === "admin");
      expect(admin?.members).toBe(
        (await idsIn("employments", id, sql`and role_id = ${world[key].roleIds.admin}`)).length,
      );
      const viewer = roles.find((r) => r.builtinKey === "viewer");
      expect(viewer?.pendingInvitations).toBe(mineOnly().invitations.length);
      expect(await getRole(access, theirs().customRole)).toBeNull();
      expect((await getRole(access, mineOnly().customRole))?.id).toBe(mineOnly().customRole);

      const modules = await listOrganisationModules(access);
      const on = modules.filter((m) => m.enabled).map((m) => m.module);
      expect(sorted(on)).toEqual(key === "b" ? ["crm", "storage"] : ["storage"]);
      const details = await getModuleDetails(access, "storage");
      expect(details.usage.storageBytesUsed).toBe(
        Number(
          (
            await runAsSystem(db(), "test", (tx) =>
              queryRows<{ n: string }>(
                tx,
                sql`select coalesce(sum(size), 0)::text as n from organisation_files where organisation_id = ${id}`,
              ),
            )
          )[0]?.n,
        ),
      );
    });

    it("audit: entries and filter options", async () => {
      const access = await accessTo(key);
      const id = mineOnly().id;
      const page = await listAuditEntries(access, {}, null, 100);
      const expected = (await idsIn("audit_entries", id)).map(Number).sort((x, y) => x - y);
      expect(page.entries.map((e) => e.id).sort((x, y) => x - y)).toEqual(expected);
      expect(page.entries.map((e) => e.action)).toContain(mineOnly().action);
      const options = await listAuditFilterOptions(access);
      expect(options.actions).toContain(mineOnly().action);
      expect(options.actions).not.toContain(theirs().action);
      expect(options.resourceTypes).not.toContain(`${other(key)}onlyresource`);
      expect(options.actors.map((a) => a.id)).not.toContain(theirs().onlyMember.userId);
      // Filtering by the other organisation's actor or action finds nothing here.
      expect(
        (await listAuditEntries(access, { actorUserId: theirs().onlyMember.userId }, null, 100))
          .entries,
      ).toEqual([]);
      expect(
        (await listAuditEntries(access, { action: theirs().action }, null, 100)).entries,
      ).toEqual([]);
    });

    it("storage: folders, trail, paths, usage, downloads", async () => {
      const access = await accessTo(key);
      const id = mineOnly().id;
      const options = { offset: 0, limit: 100, sort: "name", dir: "asc" } as const;
      const top = await listFolder(access, null, options);
      expect(sorted(top.rows.map((r) => r.id))).toEqual(
        await idsIn("organisation_files", id, sql`and parent_id is null`),
      );
      expect(top.total).toBe(top.rows.length);
      expect((await listFolder(access, theirs().folder, options)).rows).toEqual([]);
      expect((await getFolderTrail(access, mineOnly().subfolder))?.map((c) => c.id)).toEqual([
        mineOnly().folder,
        mineOnly().subfolder,
      ]);
      expect(await getFolderTrail(access, theirs().subfolder)).toBeNull();
      expect(sorted((await listFolderPaths(access)).map((p) => p.id))).toEqual(
        await idsIn("organisation_files", id, sql`and kind = 'folder'`),
      );
      const used = await runAsSystem(db(), "test", (tx) =>
        queryRows<{ n: string }>(
          tx,
          sql`select coalesce(sum(size), 0)::text as n from organisation_files where organisation_id = ${id}`,
        ),
      );
      expect((await getStorageSummary(access)).used).toBe(Number(used[0]?.n));
      expect((await getFileForDownload(access, mineOnly().file))?.id).toBe(mineOnly().file);
      expect(await getFileForDownload(access, theirs().file)).toBeNull();
    });
  });
});
