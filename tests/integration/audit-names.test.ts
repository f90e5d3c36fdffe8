import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditResourceNames, resourceNameKey } from "@/lib/audit/resource-names";
import { closeDb, getDb } from "@/lib/db/client";
import { createOrganisationWorld, type OrganisationWorld } from "./support/organisations";

/**
 * The names the audit trail shows instead of ids (lib/audit/resource-names.ts): resources of
 * the organisation by name, never another organisation's, and nothing for what is gone.
 */
let world: OrganisationWorld;

beforeAll(async () => {
  world = await createOrganisationWorld(getDb());
});

afterAll(async () => {
  await closeDb();
});

describe("audit resource names", () => {
  it("names the organisation's roles, members and itself; role ids of changes too", async () => {
    const { a } = world;
    const names = await auditResourceNames(
      a.id,
      [
        { resourceType: "role", resourceId: a.roleIds.owner },
        { resourceType: "employment", resourceId: a.members.admin.employmentId },
        { resourceType: "organisation", resourceId: a.id },
        { resourceType: "module", resourceId: "storage" },
      ],
      [world.custom.roleId],
    );
    expect(names.get(resourceNameKey("role", a.roleIds.owner))).toEqual({
      kind: "role",
      builtinKey: "owner",
      name: "owner",
    });
    expect(names.get(resourceNameKey("role", world.custom.roleId))).toMatchObject({
      kind: "role",
      builtinKey: null,
    });
    expect(names.get(resourceNameKey("employment", a.members.admin.employmentId))).toEqual({
      kind: "text",
      text: "Test a-admin",
    });
    expect(names.get(resourceNameKey("organisation", a.id))).toEqual({
      kind: "text",
      text: "Org a",
    });
    expect(names.has(resourceNameKey("module", "storage"))).toBe(false);
  });

  it("never names another organisation's resources, nor ids that are gone or malformed", async () => {
    const { a, b } = world;
    const names = await auditResourceNames(
      a.id,
      [
        { resourceType: "role", resourceId: b.roleIds.owner },
        { resourceType: "employment", resourceId: b.members.admin.employmentId },
        { resourceType: "organisation", resourceId: b.id },
        { resourceType: "faq", resourceId: randomUUID() },
        { resourceType: "role", resourceId: "not-a-uuid" },
        { resourceType: "invitation", resourceId: null },
      ],
      [b.roleIds.admin],
    );
    expect([...names.keys()]).toEqual([]);
  });
});
