import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditResourceNames, resourceNameKey } from "@/lib/audit/resource-names";
import { closeDb, getDb } from "@/lib/db/client";
import { runAsSystem } from "@/lib/db/run-context";
import { organisationFiles } from "@/lib/files/schema";
import { schedules } from "@/lib/schedules/schema";
import {
  invitations,
  organisationContactEmails,
  organisationFaqs,
} from "@/lib/organisations/schema";
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

  it("names each kind from its own table: invitation, FAQ, contact email, schedule, file, folder", async () => {
    const { a } = world;
    const id = {
      invitation: randomUUID(),
      faq: randomUUID(),
      contactEmail: randomUUID(),
      schedule: randomUUID(),
      file: randomUUID(),
      folder: randomUUID(),
    };
    await runAsSystem(getDb(), "test: fixtures", async (tx) => {
      await tx.insert(invitations).values({
        id: id.invitation,
        organisationId: a.id,
        email: "named-invitee@example.test",
        roleId: a.roleIds.viewer,
        invitedBy: a.members.owner.userId,
        expiresAt: new Date(Date.now() + 86_400_000),
      });
      await tx.insert(organisationFaqs).values({
        id: id.faq,
        organisationId: a.id,
        question: "Named question?",
        answer: "Yes.",
        position: 99,
      });
      await tx.insert(organisationContactEmails).values({
        id: id.contactEmail,
        organisationId: a.id,
        email: "named-contact@example.test",
      });
      await tx
        .insert(schedules)
        .values({ id: id.schedule, organisationId: a.id, name: "Named schedule", timeZone: "UTC" });
      await tx.insert(organisationFiles).values([
        { id: id.folder, organisationId: a.id, kind: "folder", name: "Named folder" },
        {
          id: id.file,
          organisationId: a.id,
          kind: "file",
          name: "named.txt",
          size: 1,
          contentType: "text/plain",
          storageKey: `org/${a.id}/${id.file}`,
        },
      ]);
    });
    const names = await auditResourceNames(a.id, [
      { resourceType: "invitation", resourceId: id.invitation },
      { resourceType: "faq", resourceId: id.faq },
      { resourceType: "contactEmail", resourceId: id.contactEmail },
      { resourceType: "schedule", resourceId: id.schedule },
      { resourceType: "storage.file", resourceId: id.file },
      { resourceType: "storage.folder", resourceId: id.folder },
    ]);
    const text = (type: string, key: string) => names.get(resourceNameKey(type, key));
    expect(text("invitation", id.invitation)).toEqual({
      kind: "text",
      text: "named-invitee@example.test",
    });
    expect(text("faq", id.faq)).toEqual({ kind: "text", text: "Named question?" });
    expect(text("contactEmail", id.contactEmail)).toEqual({
      kind: "text",
      text: "named-contact@example.test",
    });
    expect(text("schedule", id.schedule)).toEqual({ kind: "text", text: "Named schedule" });
    expect(text("storage.file", id.file)).toEqual({ kind: "text", text: "named.txt" });
    expect(text("storage.folder", id.folder)).toEqual({ kind: "text", text: "Named folder" });
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
