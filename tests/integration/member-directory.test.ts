import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeDb, getDb } from "@/lib/db/client";
import { type UserClaims, withUserContext } from "@/lib/db/context";
import { queryRows } from "@/lib/db/rows";
import { runAsSystem } from "@/lib/db/run-context";
import { resolveAccess } from "@/lib/organisations/access";
import { getEmployment, listEmployees, type EmployeeQuery } from "@/lib/people/employees";
import { profiles } from "@/lib/profile/schema";
import { createOrganisationWorld, type OrganisationWorld } from "./support/organisations";

/**
 * The member directory as the caller (migration 0040, docs/data-layer.md "The member
 * directory"): `app.member_directory(org)` gives names and emails of the organisation's
 * members to a caller who may read its members and nothing to anyone else, and the member
 * list searches and orders by it in its own transaction.
 */
let world: OrganisationWorld;

beforeAll(async () => {
  // The custom role of A holds no permission: a member who may not read the members.
  world = await createOrganisationWorld(getDb(), []);
  // Names whose order differs from the order the members were added in.
  const names: Record<string, string> = {
    owner: "Zoë Quinn",
    admin: "alma Brook",
    manager: "Emile Stone",
    staff: "Bruno Hale",
    viewer: "carla Díaz",
  };
  await runAsSystem(getDb(), "test: names", async (tx) => {
    for (const [key, name] of Object.entries(names)) {
      const member = world.a.members[key as keyof typeof world.a.members];
      await tx.update(profiles).set({ displayName: name }).where(eq(profiles.id, member.userId));
    }
  });
});

afterAll(async () => {
  await closeDb();
});

async function directoryAs(claims: UserClaims, organisationId: string) {
  return withUserContext(claims, (tx) =>
    queryRows<{ user_id: string; display_name: string | null; email: string | null }>(
      tx,
      sql`select user_id, display_name, email from app.member_directory(${organisationId})`,
    ),
  );
}

const everyone = (): string[] =>
  [
    ...Object.values(world.a.members).map((m) => m.userId),
    world.custom.userId,
    world.suspended.userId,
  ].sort();

describe("app.member_directory", () => {
  it("gives a member who may read the members every member's name and email", async () => {
    const rows = await directoryAs(world.a.members.viewer.claims, world.a.id);
    expect(rows.map((r) => r.user_id).sort()).toEqual(everyone());
    const owner = rows.find((r) => r.user_id === world.a.members.owner.userId);
    expect(owner).toEqual({
      user_id: world.a.members.owner.userId,
      display_name: "Zoë Quinn",
      email: world.a.members.owner.email,
    });
  });

  it("gives nothing to anyone else", async () => {
    // Another organisation's owner, a member without the permission, a suspended admin and
    // a stranger: no row, not an error.
    for (const claims of [
      world.b.members.owner.claims,
      world.custom.claims,
      world.suspended.claims,
      world.outsider.claims,
    ]) {
      expect(await directoryAs(claims, world.a.id)).toEqual([]);
    }
    expect(await directoryAs(world.a.members.owner.claims, world.b.id)).toEqual([]);
    expect(await directoryAs(world.a.members.owner.claims, randomUUID())).toEqual([]);
  });
});

describe("the member list reads names as the caller", () => {
  const query: EmployeeQuery = {
    page: 1,
    size: 25,
    sort: "name",
    dir: "asc",
    q: "",
    status: null,
    role: null,
  };
  const access = async () => {
    const found = await resolveAccess(world.a.members.staff.claims, world.a.id);
    if (!found) throw new Error("no access");
    return found;
  };

  it("orders by name whatever the case, both ways", async () => {
    const page = await listEmployees(await access(), query);
    const names = page.rows.map((r) => r.name);
    expect(names).toEqual([
      "alma Brook",
      "Bruno Hale",
      "carla Díaz",
      "Emile Stone",
      "Test a-custom",
      "Test a-suspended",
      "Zoë Quinn",
    ]);
    const backwards = await listEmployees(await access(), { ...query, dir: "desc" });
    expect(backwards.rows.map((r) => r.name)).toEqual([...names].reverse());
    expect(page.total).toBe(everyone().length);
  });

  it("searches names and emails, and counts what it found", async () => {
    const byName = await listEmployees(await access(), { ...query, q: "BROOK" });
    expect(byName.rows.map((r) => r.userId)).toEqual([world.a.members.admin.userId]);
    expect(byName.total).toBe(1);
    const email = world.a.members.manager.email;
    const byEmail = await listEmployees(await access(), {
      ...query,
      sort: "since",
      q: email.slice(0, email.indexOf("@")),
    });
    expect(byEmail.rows.map((r) => [r.name, r.email])).toEqual([["Emile Stone", email]]);
    // LIKE's wildcards are taken literally.
    expect((await listEmployees(await access(), { ...query, q: "%" })).total).toBe(0);
    // Another organisation's member is not found by name.
    const other = await listEmployees(await access(), { ...query, q: "Test b-owner" });
    expect(other.rows).toEqual([]);
  });

  it("labels one member with their name and email", async () => {
    const member = await getEmployment(await access(), world.a.members.owner.employmentId);
    expect(member).toMatchObject({ name: "Zoë Quinn", email: world.a.members.owner.email });
  });
});
