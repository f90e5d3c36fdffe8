import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeDb, getDb } from "@/lib/db/client";
import { runAsSystem, runAsUser } from "@/lib/db/run-context";
import { AppError } from "@/lib/errors/app-error";
import { resolveAccess } from "@/lib/organisations/access";
import { employments, invitations } from "@/lib/organisations/schema";
import {
  changeEmploymentRole,
  endEmployment,
  reactivateEmployment,
  suspendEmployment,
} from "@/lib/people/employment-commands";
import { getEmployment, listEmployees } from "@/lib/people/employees";
import { invitePerson, resendInvitation, revokeInvitation } from "@/lib/people/invitation-commands";
import { listInvitations } from "@/lib/people/invitations";
import { acceptInvitation, declineInvitation, getMyInvitation } from "@/lib/people/invitee";
import { createOrganisationWorld, type OrganisationWorld } from "./support/organisations";

/**
 * People across tenants: a member of A reaching B's employments and invitations by id —
 * through the lib functions the pages call, the commands the actions run, and the
 * database directly — gets nothing and changes nothing. The same for a member of A without
 * the permission (staff, viewer).
 */
let world: OrganisationWorld;
let bInvitationId: string;

beforeAll(async () => {
  world = await createOrganisationWorld(getDb());
  bInvitationId = randomUUID();
  await runAsSystem(getDb(), "test: b invitation", (tx) =>
    tx.insert(invitations).values({
      id: bInvitationId,
      organisationId: world.b.id,
      email: `b-invitee-${bInvitationId.slice(0, 8)}@example.test`,
      roleId: world.b.roleIds.staff,
      invitedBy: world.b.members.owner.userId,
      expiresAt: new Date(Date.now() + 86_400_000),
      lastSentAt: new Date(Date.now() - 3_600_000),
    }),
  );
});

afterAll(async () => {
  await closeDb();
});

const notFound = { status: "error", code: "notFound" };
const query = {
  page: 1,
  size: 100,
  sort: "since",
  dir: "asc",
  q: "",
  status: null,
  role: null,
} as const;

async function unchanged() {
  const [employment] = await runAsSystem(getDb(), "test", (tx) =>
    tx.select().from(employments).where(eq(employments.id, world.b.members.staff.employmentId)),
  );
  expect(employment).toMatchObject({ status: "active", version: 1, roleId: world.b.roleIds.staff });
  const [invitation] = await runAsSystem(getDb(), "test", (tx) =>
    tx.select().from(invitations).where(eq(invitations.id, bInvitationId)),
  );
  expect(invitation).toMatchObject({ status: "pending", sendCount: 1 });
}

describe("an owner of A against B's people", () => {
  it("reads nothing of B through the page functions", async () => {
    const access = await resolveAccess(world.a.members.owner.claims, world.a.id);
    if (!access) throw new Error("no access");
    expect(await getEmployment(access, world.b.members.staff.employmentId)).toBeNull();
    const all = await listEmployees(access, query);
    const ids = new Set(all.rows.map((r) => r.id));
    for (const m of Object.values(world.b.members)) expect(ids.has(m.employmentId)).toBe(false);
    const searched = await listEmployees(access, { ...query, q: world.b.members.staff.email });
    expect(searched.total).toBe(0);
    const byRole = await listEmployees(access, { ...query, role: world.b.roleIds.staff });
    expect(byRole.total).toBe(0);
    const invites = await listInvitations(access, { ...query, sort: "sent", status: null });
    expect(invites.rows.some((r) => r.id === bInvitationId)).toBe(false);
    expect(await resolveAccess(world.a.members.owner.claims, world.b.id)).toBeNull();
  });

  it("changes nothing of B through the commands, with A's id or B's", async () => {
    const claims = world.a.members.owner.claims;
    const employment = { employmentId: world.b.members.staff.employmentId, version: 1 };
    for (const organisationId of [world.a.id, world.b.id]) {
      expect(
        await changeEmploymentRole(claims, organisationId, {
          ...employment,
          roleId: world.b.roleIds.admin,
        }),
      ).toMatchObject(notFound);
      expect(await suspendEmployment(claims, organisationId, employment)).toEqual(notFound);
      expect(await reactivateEmployment(claims, organisationId, employment)).toEqual(notFound);
      expect(await endEmployment(claims, organisationId, employment)).toEqual(notFound);
      expect(
        await resendInvitation(claims, organisationId, { invitationId: bInvitationId }),
      ).toEqual(notFound);
      expect(
        await revokeInvitation(claims, organisationId, { invitationId: bInvitationId }),
      ).toEqual(notFound);
    }
    // B's role given to one of A's members, and an invitation into B: refused.
    expect(
      await changeEmploymentRole(claims, world.a.id, {
        employmentId: world.a.members.staff.employmentId,
        version: 1,
        roleId: world.b.roleIds.admin,
      }),
    ).toEqual({ status: "error", code: "notFound", field: "roleId" });
    expect(
      await invitePerson(claims, world.b.id, {
        email: "x@example.test",
        roleId: world.b.roleIds.staff,
      }),
    ).toEqual(notFound);
    // The invitee's door: B's invitation is not A's owner's.
    expect(await getMyInvitation(claims, bInvitationId)).toBeNull();
    expect(await acceptInvitation(claims, { invitationId: bInvitationId })).toEqual(notFound);
    expect(await declineInvitation(claims, { invitationId: bInvitationId })).toEqual(notFound);
    await unchanged();
  });

  it("reads and writes nothing of B in the database directly (RLS)", async () => {
    const db = getDb();
    const claims = world.a.members.owner.claims;
    const read = await runAsUser(db, claims, (tx) =>
      tx.select().from(employments).where(eq(employments.organisationId, world.b.id)),
    );
    expect(read).toHaveLength(0);
    const readInvitations = await runAsUser(db, claims, (tx) =>
      tx.select().from(invitations).where(eq(invitations.organisationId, world.b.id)),
    );
    expect(readInvitations).toHaveLength(0);
    const updated = await runAsUser(db, claims, (tx) =>
      tx
        .update(employments)
        .set({ status: "ended" })
        .where(eq(employments.id, world.b.members.staff.employmentId))
        .returning(),
    );
    expect(updated).toHaveLength(0);
    const revoked = await runAsUser(db, claims, (tx) =>
      tx
        .update(invitations)
        .set({ status: "revoked" })
        .where(eq(invitations.id, bInvitationId))
        .returning(),
    );
    expect(revoked).toHaveLength(0);
    await expect(
      runAsUser(db, claims, (tx) =>
        tx.insert(employments).values({
          organisationId: world.b.id,
          userId: claims.sub,
          roleId: world.b.roleIds.owner,
        }),
      ),
    ).rejects.toMatchObject({ cause: { code: "42501" } });
    await expect(
      runAsUser(db, claims, (tx) =>
        tx.insert(invitations).values({
          organisationId: world.b.id,
          email: "sneaky@example.test",
          roleId: world.b.roleIds.owner,
          invitedBy: claims.sub,
          expiresAt: new Date(Date.now() + 86_400_000),
        }),
      ),
    ).rejects.toMatchObject({ cause: { code: "42501" } });
    await unchanged();
  });
});

describe("members of A without the permission", () => {
  it.each(["staff", "viewer"] as const)(
    "%s cannot read invitations or change anyone",
    async (role) => {
      const member = world.a.members[role];
      const access = await resolveAccess(member.claims, world.a.id);
      if (!access) throw new Error("no access");
      await expect(
        listInvitations(access, { ...query, sort: "sent", status: null }),
      ).rejects.toEqual(new AppError("notFound"));
      const target = { employmentId: world.a.members.manager.employmentId, version: 1 };
      expect(await suspendEmployment(member.claims, world.a.id, target)).toEqual(notFound);
      expect(
        await changeEmploymentRole(member.claims, world.a.id, {
          ...target,
          roleId: world.a.roleIds.admin,
        }),
      ).toEqual(notFound);
      expect(
        await invitePerson(member.claims, world.a.id, {
          email: `nope-${role}@example.test`,
          roleId: world.a.roleIds.staff,
        }),
      ).toEqual(notFound);
      // Directly: no invitation visible, no employment updated.
      const seen = await runAsUser(getDb(), member.claims, (tx) =>
        tx.select().from(invitations).where(eq(invitations.organisationId, world.a.id)),
      );
      expect(seen).toHaveLength(0);
      const updated = await runAsUser(getDb(), member.claims, (tx) =>
        tx
          .update(employments)
          .set({ status: "suspended" })
          .where(
            and(
              eq(employments.id, target.employmentId),
              eq(employments.organisationId, world.a.id),
            ),
          )
          .returning(),
      );
      expect(updated).toHaveLength(0);
    },
  );

  it("a suspended member reads nothing at all", async () => {
    expect(await resolveAccess(world.suspended.claims, world.a.id)).toBeNull();
    expect(
      await suspendEmployment(world.suspended.claims, world.a.id, {
        employmentId: world.a.members.staff.employmentId,
        version: 1,
      }),
    ).toEqual(notFound);
  });
});
