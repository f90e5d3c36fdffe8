import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeDb, getDb } from "@/lib/db/client";
import { type UserClaims, withAnonContext, withUserContext } from "@/lib/db/context";
import { queryRows } from "@/lib/db/rows";
import { runAsSystem } from "@/lib/db/run-context";
import { resolveAccess } from "@/lib/organisations/access";
import { listMyOrganisations } from "@/lib/organisations/memberships";
import { organisationModules, organisations } from "@/lib/organisations/schema";
import { builtinRolePermissions } from "@/lib/permissions/catalogue";
import { createOrganisationWorld, type OrganisationWorld } from "./support/organisations";

/**
 * Access in one statement (migration 0041, docs/data-layer.md): `app.member_access(org)` and
 * `app.my_organisations()` read past RLS as the owner, so they must answer for the caller of
 * the transaction and for nobody else, and agree with the rows an RLS read gives that caller.
 */
let world: OrganisationWorld;

beforeAll(async () => {
  world = await createOrganisationWorld(getDb(), ["people.employment.read", "settings.audit.read"]);
  await runAsSystem(getDb(), "test: modules", async (tx) => {
    await tx
      .insert(organisationModules)
      .values([
        { organisationId: world.a.id, module: "commerce", tier: "pro", enabled: true },
        { organisationId: world.a.id, module: "events", tier: "free", enabled: false },
      ])
      .onConflictDoNothing();
  });
});

afterAll(async () => {
  await closeDb();
});

const accessRow = (claims: UserClaims, organisationId: string) =>
  withUserContext(claims, (tx) =>
    queryRows<{ access: Record<string, unknown> | null }>(
      tx,
      sql`select app.member_access(${organisationId}::uuid) as access`,
    ),
  ).then(([row]) => row?.access ?? null);

describe("app.member_access", () => {
  it("gives an active member their employment, role, permissions and the modules switched on", async () => {
    const owner = world.a.members.owner;
    const access = await resolveAccess(owner.claims, world.a.id);
    expect(access?.organisation.id).toBe(world.a.id);
    expect(access?.employment.roleKey).toBe("owner");
    expect([...(access?.permissions ?? [])].sort()).toEqual(
      [...builtinRolePermissions("owner")].sort(),
    );
    expect(access?.hasModule("commerce")).toBe(true);
    expect(access?.modules.get("commerce")).toBe("pro");
    expect(access?.hasModule("events")).toBe(false);
  });

  it("gives a custom role exactly its own permissions", async () => {
    const access = await resolveAccess(world.custom.claims, world.a.id);
    expect(access?.employment.roleKey).toBeNull();
    expect([...(access?.permissions ?? [])].sort()).toEqual([...world.custom.permissions].sort());
  });

  it("answers null to another tenant, a suspended member, a stranger and anyone in an organisation that is not active", async () => {
    expect(await accessRow(world.b.members.owner.claims, world.a.id)).toBeNull();
    expect(await accessRow(world.suspended.claims, world.a.id)).toBeNull();
    expect(await accessRow(world.outsider.claims, world.a.id)).toBeNull();
    expect(
      await accessRow(world.a.members.owner.claims, "00000000-0000-4000-8000-000000000000"),
    ).toBeNull();
    await runAsSystem(getDb(), "test: suspend B", (tx) =>
      tx.update(organisations).set({ status: "suspended" }).where(eq(organisations.id, world.b.id)),
    );
    try {
      expect(await accessRow(world.b.members.owner.claims, world.b.id)).toBeNull();
      expect(await listMyOrganisations(world.b.members.owner.claims)).toEqual([]);
    } finally {
      await runAsSystem(getDb(), "test: reactivate B", (tx) =>
        tx.update(organisations).set({ status: "active" }).where(eq(organisations.id, world.b.id)),
      );
    }
  });

  it("answers nothing to a visitor", async () => {
    const [row] = await withAnonContext((tx) =>
      queryRows<{ access: unknown; organisations: unknown }>(
        tx,
        sql`select app.member_access(${world.a.id}::uuid) as access,
          app.my_organisations() as organisations`,
      ),
    );
    expect(row).toEqual({ access: null, organisations: [] });
  });
});

describe("app.my_organisations", () => {
  it("lists the caller's active memberships only, by name, as an RLS read of them", async () => {
    const owner = world.a.members.owner;
    expect(await listMyOrganisations(owner.claims)).toEqual([
      {
        id: world.a.id,
        name: world.a.name,
        slug: world.a.slug,
        roleKey: "owner",
        roleName: expect.any(String),
      },
    ]);
    expect(await listMyOrganisations(world.suspended.claims)).toEqual([]);
    expect(await listMyOrganisations(world.outsider.claims)).toEqual([]);
    // What RLS lets the caller read of their own employments agrees with the function.
    const viaRls = await withUserContext(world.custom.claims, (tx) =>
      queryRows<{ id: string }>(
        tx,
        sql`select o.id from employments e join organisations o on o.id = e.organisation_id
            where e.user_id = ${world.custom.userId}::uuid and e.status = 'active' and o.status = 'active'`,
      ),
    );
    const mine = await listMyOrganisations(world.custom.claims);
    expect(mine.map((o) => o.id)).toEqual(viaRls.map((r) => r.id));
    expect(mine[0]?.roleKey).toBeNull();
    expect(mine[0]?.roleName).toBe(`Custom ${world.a.slug}`);
  });
});
