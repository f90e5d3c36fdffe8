import { randomUUID } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { auditEntries } from "@/lib/audit/schema";
import { runCommand } from "@/lib/backoffice/doors";
import { closeDb, getDb } from "@/lib/db/client";
import { queryRows } from "@/lib/db/rows";
import { runAsSystem, runAsUser } from "@/lib/db/run-context";
import { AppError } from "@/lib/errors/app-error";
import { resolveAccess } from "@/lib/organisations/access";
import { registerOrganisation } from "@/lib/organisations/register";
import {
  builtinRoleGrants,
  employments,
  organisationContactEmails,
  organisationModules,
  organisations,
  roles,
} from "@/lib/organisations/schema";
import {
  builtinGrants,
  builtinRolePermissions,
  permissionNames,
  type Permission,
} from "@/lib/permissions/catalogue";
import { builtinRoleKeys } from "@/lib/permissions/define";
import { syncBuiltinGrants } from "@/lib/permissions/sync";
import { authClient } from "./support/auth-server";
import {
  createOrganisationWorld,
  createTestUser,
  type OrganisationWorld,
} from "./support/organisations";

/**
 * The tenancy mechanism every back-office module stands on: the permission catalogue in
 * the database, access resolution, the command door (permission, module, audit in the same
 * transaction) and registration.
 */
let world: OrganisationWorld;

beforeAll(async () => {
  world = await createOrganisationWorld(getDb(), ["people.employment.read", "storage.file.read"]);
});

afterAll(async () => {
  await closeDb();
});

async function sqlHasPermission(
  claims: { sub: string },
  organisationId: string,
  permission: string,
): Promise<boolean> {
  const [row] = await runAsUser(getDb(), claims, (tx) =>
    queryRows<{ allowed: boolean }>(
      tx,
      sql`select app.has_permission(${organisationId}::uuid, ${permission}) as allowed`,
    ),
  );
  return row?.allowed === true;
}

describe("the permission catalogue", () => {
  it("the database's built-in grants equal the code's catalogue, and a sync repairs drift", async () => {
    const expected = builtinGrants()
      .map((g) => `${g.roleKey}:${g.permission}`)
      .sort();
    const read = async () =>
      (await runAsSystem(getDb(), "test", (tx) => tx.select().from(builtinRoleGrants)))
        .map((g) => `${g.roleKey}:${g.permission}`)
        .sort();
    expect(await read()).toEqual(expected);
    await runAsSystem(getDb(), "test: drift", async (tx) => {
      await tx
        .delete(builtinRoleGrants)
        .where(eq(builtinRoleGrants.permission, "people.employment.read"));
      await tx.insert(builtinRoleGrants).values({ roleKey: "viewer", permission: "made.up.thing" });
    });
    await syncBuiltinGrants(getDb());
    expect(await read()).toEqual(expected);
  });

  it("owner and admin hold everything; each permission is module.resource.action", () => {
    expect(builtinRolePermissions("owner")).toEqual([...permissionNames]);
    expect(builtinRolePermissions("admin")).toEqual([...permissionNames]);
    for (const name of permissionNames) expect(name.split(".")).toHaveLength(3);
    expect(builtinRolePermissions("viewer").every((p) => p.endsWith(".read"))).toBe(true);
  });
});

describe("roles × permissions, in code and under RLS", () => {
  const cases = builtinRoleKeys.flatMap((role) =>
    permissionNames.map((permission) => ({ role, permission })),
  );

  it.each(builtinRoleKeys)(
    "built-in %s: access and app.has_permission agree with the catalogue",
    async (role) => {
      const member = world.a.members[role];
      const access = await resolveAccess(member.claims, world.a.id);
      expect(access?.employment.roleKey).toBe(role);
      const expected = new Set(builtinRolePermissions(role));
      for (const { permission } of cases.filter((c) => c.role === role)) {
        expect(access?.can(permission), `${role} ${permission} (code)`).toBe(
          expected.has(permission),
        );
        expect(
          await sqlHasPermission(member.claims, world.a.id, permission),
          `${role} ${permission} (sql)`,
        ).toBe(expected.has(permission));
      }
    },
  );

  it("a custom role holds exactly its ticked permissions", async () => {
    const access = await resolveAccess(world.custom.claims, world.a.id);
    expect(access?.employment.roleKey).toBeNull();
    expect([...(access?.permissions ?? [])].sort()).toEqual([...world.custom.permissions].sort());
    for (const permission of permissionNames) {
      const held = world.custom.permissions.includes(permission);
      expect(await sqlHasPermission(world.custom.claims, world.a.id, permission)).toBe(held);
    }
  });

  it("nobody holds anything in an organisation they are not an active member of", async () => {
    const strangers = [
      { label: "owner of A in B", claims: world.a.members.owner.claims, org: world.b.id },
      { label: "suspended admin of A", claims: world.suspended.claims, org: world.a.id },
      { label: "outsider", claims: world.outsider.claims, org: world.a.id },
    ];
    for (const { label, claims, org } of strangers) {
      expect(await resolveAccess(claims, org), label).toBeNull();
      expect(await sqlHasPermission(claims, org, "settings.organisation.read"), label).toBe(false);
    }
    expect(await resolveAccess(world.a.members.owner.claims, "not-a-uuid")).toBeNull();
  });
});

describe("the command door", () => {
  const renameSchema = z.object({ name: z.string().trim().min(1).max(100) });
  const rename = (permission: Permission, fail = false) => ({
    permission,
    schema: renameSchema,
    async run({
      access,
      input,
      tx,
      audit,
    }: Parameters<Parameters<typeof runCommand>[3]["run"]>[0] & {
      input: { name: string };
    }) {
      const [before] = await tx
        .select({ name: organisations.name })
        .from(organisations)
        .where(eq(organisations.id, access.organisation.id));
      const [after] = await tx
        .update(organisations)
        .set({ name: input.name })
        .where(eq(organisations.id, access.organisation.id))
        .returning({ name: organisations.name });
      await audit({
        action: "settings.organisation.update",
        resourceType: "organisation",
        resourceId: access.organisation.id,
        before,
        after,
      });
      if (fail) throw new Error("boom after the audit entry");
      return after?.name ?? null;
    },
  });

  async function auditCount(organisationId: string, name: string): Promise<number> {
    const rows = await runAsSystem(getDb(), "test", (tx) =>
      tx
        .select({ id: auditEntries.id })
        .from(auditEntries)
        .where(
          and(
            eq(auditEntries.organisationId, organisationId),
            sql`${auditEntries.after} ->> 'name' = ${name}`,
          ),
        ),
    );
    return rows.length;
  }

  it("a member with the permission writes, and the audit entry says who, what and before/after", async () => {
    const name = `Renamed ${randomUUID().slice(0, 6)}`;
    const result = await runCommand(
      world.a.members.admin.claims,
      world.a.id,
      { name },
      rename("settings.organisation.write"),
    );
    expect(result).toEqual({ status: "done", data: name });
    const [entry] = await runAsSystem(getDb(), "test", (tx) =>
      tx
        .select()
        .from(auditEntries)
        .where(
          and(
            eq(auditEntries.organisationId, world.a.id),
            sql`${auditEntries.after} ->> 'name' = ${name}`,
          ),
        ),
    );
    expect(entry?.actorUserId).toBe(world.a.members.admin.userId);
    expect(entry?.action).toBe("settings.organisation.update");
    expect(entry?.before).toMatchObject({ name: expect.any(String) });
  });

  it("without the permission, or from another organisation, the answer is notFound and nothing changes", async () => {
    const name = `Hijack ${randomUUID().slice(0, 6)}`;
    const attempts = [
      { claims: world.a.members.staff.claims, org: world.a.id },
      { claims: world.a.members.viewer.claims, org: world.a.id },
      { claims: world.custom.claims, org: world.a.id },
      { claims: world.a.members.owner.claims, org: world.b.id },
      { claims: world.outsider.claims, org: world.b.id },
      { claims: null, org: world.b.id },
    ];
    for (const { claims, org } of attempts) {
      expect(
        await runCommand(claims, org, { name }, rename("settings.organisation.write")),
      ).toEqual({
        status: "error",
        code: "notFound",
      });
    }
    const [b] = await runAsSystem(getDb(), "test", (tx) =>
      tx
        .select({ name: organisations.name })
        .from(organisations)
        .where(eq(organisations.id, world.b.id)),
    );
    expect(b?.name).toBe(world.b.name);
    expect(await auditCount(world.b.id, name)).toBe(0);
  });

  it("a failure after the write rolls back the write and its audit entry", async () => {
    const name = `Rolled back ${randomUUID().slice(0, 6)}`;
    const result = await runCommand(
      world.a.members.owner.claims,
      world.a.id,
      { name },
      rename("settings.organisation.write", true),
    );
    expect(result.status).toBe("failed");
    expect(await auditCount(world.a.id, name)).toBe(0);
  });

  it("invalid input is refused before anything runs, with the spec's field messages", async () => {
    const result = await runCommand(
      world.a.members.owner.claims,
      world.a.id,
      { name: "  " },
      rename("settings.organisation.write"),
    );
    expect(result).toEqual({ status: "invalid", fieldErrors: { name: ["validation:required"] } });
  });

  it("a module that is off refuses its commands; switched on, they run", async () => {
    const command = { ...rename("settings.organisation.write"), module: "storage" as const };
    const owner = world.a.members.owner.claims;
    expect(await runCommand(owner, world.a.id, { name: "Module off" }, command)).toEqual({
      status: "error",
      code: "moduleOff",
    });
    await runAsUser(getDb(), owner, (tx) =>
      tx
        .insert(organisationModules)
        .values({ organisationId: world.a.id, module: "storage", tier: "free" }),
    );
    expect((await runCommand(owner, world.a.id, { name: "Module on" }, command)).status).toBe(
      "done",
    );
    const access = await resolveAccess(owner, world.a.id);
    expect(access?.modules.get("storage")).toBe("free");
  });

  it("RLS refuses a staff member's direct write even when app code forgets the check", async () => {
    await expect(
      runAsUser(getDb(), world.a.members.staff.claims, (tx) =>
        tx
          .insert(organisationModules)
          .values({ organisationId: world.a.id, module: "crm", tier: "free" }),
      ),
    ).rejects.toMatchObject({ cause: { code: "42501" } });
    const updated = await runAsUser(getDb(), world.a.members.staff.claims, (tx) =>
      tx
        .update(organisations)
        .set({ name: "staff rename" })
        .where(eq(organisations.id, world.a.id))
        .returning(),
    );
    expect(updated).toEqual([]);
  });
});

describe("registering an organisation", () => {
  it("creates the organisation, its built-in roles and the creator as owner, with an audit entry", async () => {
    const user = await createTestUser(getDb(), "founder");
    const slug = `founded-${randomUUID().slice(0, 8)}`;
    const { id } = await registerOrganisation(
      user.claims,
      {
        name: "Founded",
        slug,
        contactEmail: user.email,
        country: "ES",
        timeZone: "Europe/Madrid",
        currency: "EUR",
      },
      "es",
    );
    const access = await resolveAccess(user.claims, id);
    expect(access?.employment.roleKey).toBe("owner");
    expect(access?.organisation).toMatchObject({
      slug,
      timeZone: "Europe/Madrid",
      currency: "EUR",
      locale: "es",
    });
    const roleRows = await runAsUser(getDb(), user.claims, (tx) =>
      tx.select({ key: roles.builtinKey }).from(roles).where(eq(roles.organisationId, id)),
    );
    expect(roleRows.map((r) => r.key).sort()).toEqual([...builtinRoleKeys].sort());
    const [contact] = await runAsUser(getDb(), user.claims, (tx) =>
      tx
        .select()
        .from(organisationContactEmails)
        .where(eq(organisationContactEmails.organisationId, id)),
    );
    expect(contact?.verifiedAt).not.toBeNull();
    const entries = await runAsUser(getDb(), user.claims, (tx) =>
      tx.select().from(auditEntries).where(eq(auditEntries.organisationId, id)),
    );
    expect(entries.map((e) => e.action)).toEqual(["settings.organisation.create"]);
  });

  it("another contact address waits for its verification link; a taken slug changes nothing", async () => {
    const user = await createTestUser(getDb(), "second");
    const slug = `second-${randomUUID().slice(0, 8)}`;
    const { id } = await registerOrganisation(
      user.claims,
      {
        name: "Second",
        slug,
        contactEmail: "Office@Example.test",
        country: "US",
        timeZone: "UTC",
        currency: "USD",
      },
      "en",
    );
    const [contact] = await runAsSystem(getDb(), "test", (tx) =>
      tx
        .select()
        .from(organisationContactEmails)
        .where(eq(organisationContactEmails.organisationId, id)),
    );
    expect(contact).toMatchObject({ email: "office@example.test", verifiedAt: null });
    expect(contact?.tokenHash).toMatch(/^[0-9a-f]{64}$/);

    const other = await createTestUser(getDb(), "late");
    await expect(
      registerOrganisation(
        other.claims,
        {
          name: "Late",
          slug,
          contactEmail: other.email,
          country: "US",
          timeZone: "UTC",
          currency: "USD",
        },
        "en",
      ),
    ).rejects.toEqual(new AppError("slugTaken", "slug"));
    const owned = await runAsSystem(getDb(), "test", (tx) =>
      tx.select().from(employments).where(eq(employments.userId, other.userId)),
    );
    expect(owned).toEqual([]);
  });

  it("an anonymous (guest) user cannot register one: notFound, nothing created", async () => {
    // A real anonymous sign-in: its verified token says is_anonymous.
    const client = await authClient();
    const signIn = await client.auth.signInAnonymously();
    expect(signIn.error).toBeNull();
    const { data, error } = await client.auth.getClaims();
    expect(error).toBeNull();
    const claims = data?.claims as unknown as Parameters<typeof registerOrganisation>[0];
    expect(claims).toMatchObject({ is_anonymous: true, role: "authenticated" });
    await expect(
      registerOrganisation(
        claims,
        {
          name: "Guest shop",
          slug: `guest-${randomUUID().slice(0, 8)}`,
          contactEmail: "guest@example.test",
          country: "US",
          timeZone: "UTC",
          currency: "USD",
        },
        "en",
      ),
    ).rejects.toEqual(new AppError("notFound"));
    const created = await runAsSystem(getDb(), "test", (tx) =>
      tx.select().from(organisations).where(eq(organisations.createdBy, claims.sub)),
    );
    expect(created).toEqual([]);
    const owned = await runAsSystem(getDb(), "test", (tx) =>
      tx.select().from(employments).where(eq(employments.userId, claims.sub)),
    );
    expect(owned).toEqual([]);
  });
});

describe("references stay inside their organisation (composite foreign keys)", () => {
  it("an employment cannot take another organisation's role, even in a system context", async () => {
    const user = await createTestUser(getDb(), "crossrole");
    await expect(
      runAsSystem(getDb(), "test: cross-tenant role", (tx) =>
        tx.insert(employments).values({
          organisationId: world.a.id,
          userId: user.userId,
          roleId: world.b.roleIds.admin,
        }),
      ),
    ).rejects.toMatchObject({ cause: { code: "23503" } });
  });
});
