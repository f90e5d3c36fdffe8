import { randomUUID } from "node:crypto";
import { and, desc, eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditEntries } from "@/lib/audit/schema";
import { closeDb, getDb } from "@/lib/db/client";
import { users } from "@/lib/auth/schema";
import { runAsSystem } from "@/lib/db/run-context";
import { mailOutbox } from "@/lib/mail/schema";
import { resolveAccess, type OrganisationAccess } from "@/lib/organisations/access";
import { registerOrganisation } from "@/lib/organisations/register";
import { employments, invitations, organisationModules } from "@/lib/organisations/schema";
import {
  changeEmploymentRole,
  endEmployment,
  reactivateEmployment,
  suspendEmployment,
} from "@/lib/people/employment-commands";
import {
  countActiveMembers,
  getEmployment,
  listEmployees,
  listOrganisationRoles,
} from "@/lib/people/employees";
import {
  invitationLink,
  invitePerson,
  resendInvitation,
  revokeInvitation,
} from "@/lib/people/invitation-commands";
import { countPendingInvitations, listInvitations } from "@/lib/people/invitations";
import {
  acceptInvitation,
  declineInvitation,
  getMyInvitation,
  isMyEmailConfirmed,
  listMyInvitations,
} from "@/lib/people/invitee";
import {
  addMember,
  createCustomRole,
  createOrganisationWorld,
  createTestUser,
  type OrganisationWorld,
  type TestMember,
} from "./support/organisations";
import { holdScopeLock, track } from "./support/locks";

/**
 * People: the member list, invitations (seats, duplicates, resend, revoke), the invitee's
 * answers, and membership changes with the last-owner rule under concurrency.
 */
let world: OrganisationWorld;
const db = () => getDb();

beforeAll(async () => {
  world = await createOrganisationWorld(getDb());
});

afterAll(async () => {
  await closeDb();
});

async function accessOf(member: { claims: TestMember["claims"] }, organisationId: string) {
  const access = await resolveAccess(member.claims, organisationId);
  if (!access) throw new Error("no access");
  return access;
}

const listQuery = {
  page: 1,
  size: 25,
  sort: "name",
  dir: "asc",
  q: "",
  status: null,
  role: null,
} as const;

async function auditFor(organisationId: string, action: string) {
  return runAsSystem(db(), "test: audit", (tx) =>
    tx
      .select()
      .from(auditEntries)
      .where(and(eq(auditEntries.organisationId, organisationId), eq(auditEntries.action, action)))
      .orderBy(desc(auditEntries.id)),
  );
}

async function invitationRow(id: string) {
  const [row] = await runAsSystem(db(), "test: invitation", (tx) =>
    tx.select().from(invitations).where(eq(invitations.id, id)),
  );
  return row;
}

/** An invitation past its expiry. */
async function expireInvitation(id: string) {
  await runAsSystem(db(), "test: expire", (tx) =>
    tx
      .update(invitations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(invitations.id, id)),
  );
}

/** An organisation's invitations, sent two days ago (a resend is allowed again). */
async function sentLongAgo(organisationId: string) {
  await runAsSystem(db(), "test: age", (tx) =>
    tx
      .update(invitations)
      .set({ lastSentAt: new Date(Date.now() - 2 * 86_400_000) })
      .where(eq(invitations.organisationId, organisationId)),
  );
}

async function employmentRow(id: string) {
  const [row] = await runAsSystem(db(), "test: employment", (tx) =>
    tx.select().from(employments).where(eq(employments.id, id)),
  );
  return row;
}

/** A fresh organisation of one owner (5 seats on the free tiers). */
async function freshOrganisation(label: string) {
  const owner = await createTestUser(db(), `${label}-owner`);
  const { id } = await registerOrganisation(
    owner.claims,
    {
      name: `Org ${label}`,
      slug: `${label}-${randomUUID().slice(0, 8)}`,
      contactEmail: owner.email,
      country: "US",
      timeZone: "UTC",
      currency: "USD",
    },
    "en",
  );
  const access = await accessOf(owner, id);
  const roles = await runAsSystem(db(), "test: roles", (tx) =>
    tx.execute<{ id: string; builtin_key: string }>(
      sql`select id, builtin_key from roles where organisation_id = ${id}`,
    ),
  );
  const roleId = (key: string) => {
    const rows =
      (roles as unknown as { rows?: { id: string; builtin_key: string }[] }).rows ??
      (roles as unknown as { id: string; builtin_key: string }[]);
    const found = rows.find((r) => r.builtin_key === key);
    if (!found) throw new Error(`no role ${key}`);
    return found.id;
  };
  return { owner, id, access, roleId };
}

describe("the member list", () => {
  it("lists the organisation's members with names, emails, roles and statuses, paged", async () => {
    const access = await accessOf(world.a.members.owner, world.a.id);
    const page = await listEmployees(access, listQuery);
    // five built-in roles, the custom-role member and the suspended one
    expect(page.total).toBe(7);
    const staff = page.rows.find((r) => r.userId === world.a.members.staff.userId);
    expect(staff).toMatchObject({
      email: world.a.members.staff.email,
      name: "Test a-staff",
      roleKey: "staff",
      status: "active",
    });
    const names = page.rows.map((r) => r.name);
    expect(names).toEqual([...names].sort((x, y) => x.localeCompare(y)));
    expect(page.rows.every((r) => !r.email.includes("b-"))).toBe(true);

    const second = await listEmployees(access, { ...listQuery, size: 5, page: 2 } as never);
    expect(second.rows).toHaveLength(2);
    expect(second.page).toBe(2);
    const beyond = await listEmployees(access, { ...listQuery, size: 5, page: 9 } as never);
    expect(beyond.page).toBe(2);
  });

  it("searches by name or email, filters by status and role, sorts by role", async () => {
    const access = await accessOf(world.a.members.admin, world.a.id);
    const byName = await listEmployees(access, { ...listQuery, q: "a-manager" });
    expect(byName.rows.map((r) => r.userId)).toEqual([world.a.members.manager.userId]);
    const byEmail = await listEmployees(access, {
      ...listQuery,
      q: world.a.members.viewer.email.toUpperCase(),
    });
    expect(byEmail.rows.map((r) => r.userId)).toEqual([world.a.members.viewer.userId]);
    const wildcard = await listEmployees(access, { ...listQuery, q: "%" });
    expect(wildcard.total).toBe(0);
    const otherOrg = await listEmployees(access, { ...listQuery, q: "b-owner" });
    expect(otherOrg.total).toBe(0);

    const suspended = await listEmployees(access, { ...listQuery, status: "suspended" });
    expect(suspended.rows.map((r) => r.userId)).toEqual([world.suspended.userId]);
    const admins = await listEmployees(access, { ...listQuery, role: world.a.roleIds.admin });
    expect(admins.rows.map((r) => r.userId).sort()).toEqual(
      [world.a.members.admin.userId, world.suspended.userId].sort(),
    );
    const byRole = await listEmployees(access, { ...listQuery, sort: "role" });
    expect(byRole.rows[0]?.roleKey).toBe("owner");
    expect(byRole.rows.at(-1)?.roleKey).toBeNull();
  });

  it("reads one member, and counts the active ones", async () => {
    const access = await accessOf(world.a.members.viewer, world.a.id);
    const one = await getEmployment(access, world.a.members.manager.employmentId);
    expect(one).toMatchObject({ roleKey: "manager", email: world.a.members.manager.email });
    expect(await getEmployment(access, "not-a-uuid")).toBeNull();
    expect(await countActiveMembers(access)).toBe(6);
  });
});

describe("invitations", () => {
  it("invites by email with a role: the row, the email with its link, the audit entry", async () => {
    const email = `new-${randomUUID().slice(0, 8)}@example.test`;
    const org = await freshOrganisation("invite");
    const result = await invitePerson(org.owner.claims, org.id, {
      email: `  ${email.toUpperCase()} `,
      roleId: org.roleId("staff"),
    });
    expect(result.status).toBe("done");
    if (result.status !== "done") return;
    const row = await invitationRow(result.data.id);
    expect(row).toMatchObject({ email, status: "pending", sendCount: 1 });
    const days = (row!.expiresAt.getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.99);
    expect(days).toBeLessThanOrEqual(7);
    const [mail] = await runAsSystem(db(), "test: mail", (tx) =>
      tx.select().from(mailOutbox).where(eq(mailOutbox.toAddress, email)),
    );
    expect(mail?.template).toBe("organisationInvitation");
    expect(mail?.text).toContain(invitationLink(result.data.id));
    expect(mail?.text).toContain("Staff");
    const [entry] = await auditFor(org.id, "people.invitation.create");
    expect(entry).toMatchObject({ actorUserId: org.owner.userId, resourceId: result.data.id });
    expect(await countPendingInvitations(org.access)).toBe(1);
  });

  it("refuses bad input, members, duplicates, foreign roles and the owner role for admins", async () => {
    const org = await freshOrganisation("refuse");
    const admin = await addMember(db(), org.id, org.roleId("admin"), "refuse-admin");
    const invalid = await invitePerson(org.owner.claims, org.id, { email: "nope", roleId: "x" });
    expect(invalid).toMatchObject({ status: "invalid" });
    if (invalid.status === "invalid")
      expect(Object.keys(invalid.fieldErrors).sort()).toEqual(["email", "roleId"]);

    const member = await invitePerson(org.owner.claims, org.id, {
      email: admin.email.toUpperCase(),
      roleId: org.roleId("staff"),
    });
    expect(member).toEqual({ status: "error", code: "alreadyMember", field: "email" });

    const email = `dup-${randomUUID().slice(0, 8)}@example.test`;
    expect(
      (await invitePerson(org.owner.claims, org.id, { email, roleId: org.roleId("staff") })).status,
    ).toBe("done");
    expect(
      await invitePerson(admin.claims, org.id, { email, roleId: org.roleId("viewer") }),
    ).toEqual({ status: "error", code: "alreadyInvited", field: "email" });

    const foreign = await invitePerson(org.owner.claims, org.id, {
      email: `f-${email}`,
      roleId: world.b.roleIds.staff,
    });
    expect(foreign).toEqual({ status: "error", code: "notFound", field: "roleId" });
    const asOwner = await invitePerson(admin.claims, org.id, {
      email: `o-${email}`,
      roleId: org.roleId("owner"),
    });
    expect(asOwner).toEqual({ status: "error", code: "ownerOnly", field: "roleId" });
    const pending = await runAsSystem(db(), "test", (tx) =>
      tx.select().from(invitations).where(eq(invitations.organisationId, org.id)),
    );
    expect(pending).toHaveLength(1);
  });

  it("an expired pending invitation frees the address for a new one", async () => {
    const org = await freshOrganisation("reinvite");
    const email = `again-${randomUUID().slice(0, 8)}@example.test`;
    const first = await invitePerson(org.owner.claims, org.id, {
      email,
      roleId: org.roleId("staff"),
    });
    if (first.status !== "done") throw new Error("invite failed");
    await expireInvitation(first.data.id);
    const second = await invitePerson(org.owner.claims, org.id, {
      email,
      roleId: org.roleId("staff"),
    });
    expect(second.status).toBe("done");
    expect((await invitationRow(first.data.id))?.status).toBe("expired");
  });

  it("counts seats: members (active, suspended) and pending invitations up to the tier's limit", async () => {
    const org = await freshOrganisation("seats");
    await addMember(db(), org.id, org.roleId("staff"), "seats-suspended", "suspended");
    await addMember(db(), org.id, org.roleId("staff"), "seats-ended", "ended");
    // owner + suspended = 2 seats; 3 invitations fill the free tier's 5
    for (let i = 0; i < 3; i++) {
      const r = await invitePerson(org.owner.claims, org.id, {
        email: `seat-${i}-${randomUUID().slice(0, 6)}@example.test`,
        roleId: org.roleId("staff"),
      });
      expect(r.status).toBe("done");
    }
    const over = await invitePerson(org.owner.claims, org.id, {
      email: `seat-over-${randomUUID().slice(0, 6)}@example.test`,
      roleId: org.roleId("staff"),
    });
    expect(over).toEqual({ status: "error", code: "seatLimit" });

    await runAsSystem(db(), "test: pro tier", (tx) =>
      tx.insert(organisationModules).values({ organisationId: org.id, module: "crm", tier: "pro" }),
    );
    const pro = await invitePerson(org.owner.claims, org.id, {
      email: `seat-pro-${randomUUID().slice(0, 6)}@example.test`,
      roleId: org.roleId("staff"),
    });
    expect(pro.status).toBe("done");
  });

  it("two invitations racing for the last seat: both wait for the seat lock, then one wins", async () => {
    const org = await freshOrganisation("race-seat");
    for (let i = 0; i < 3; i++) {
      await invitePerson(org.owner.claims, org.id, {
        email: `fill-${i}-${randomUUID().slice(0, 6)}@example.test`,
        roleId: org.roleId("staff"),
      });
    }
    // Deterministic: the seat lock is held elsewhere, so both stop at it, whatever the timing.
    const lock = await holdScopeLock("people.seats", org.id);
    const racing = [0, 1].map((i) =>
      track(
        invitePerson(org.owner.claims, org.id, {
          email: `last-${i}-${randomUUID().slice(0, 6)}@example.test`,
          roleId: org.roleId("staff"),
        }),
      ),
    );
    try {
      await lock.waitForWaiters(2);
      expect(racing.map((r) => r.settled)).toEqual([false, false]);
    } finally {
      await lock.release();
    }
    const results = await Promise.all(racing.map((r) => r.promise));
    expect(results.map((r) => r.status).sort()).toEqual(["done", "error"]);
    expect(results.find((r) => r.status === "error")).toEqual({
      status: "error",
      code: "seatLimit",
    });
    expect(await countPendingInvitations(org.access)).toBe(4);
  });

  it("resends with a new expiry at most once a minute, and revokes", async () => {
    const org = await freshOrganisation("resend");
    const email = `resend-${randomUUID().slice(0, 8)}@example.test`;
    const invited = await invitePerson(org.owner.claims, org.id, {
      email,
      roleId: org.roleId("viewer"),
    });
    if (invited.status !== "done") throw new Error("invite failed");
    const id = invited.data.id;
    expect(await resendInvitation(org.owner.claims, org.id, { invitationId: id })).toEqual({
      status: "error",
      code: "rateLimited",
    });
    const old = new Date(Date.now() - 2 * 86_400_000);
    await runAsSystem(db(), "test: age", (tx) =>
      tx
        .update(invitations)
        .set({ lastSentAt: old, expiresAt: new Date(Date.now() - 1000) })
        .where(eq(invitations.id, id)),
    );
    const resent = await resendInvitation(org.owner.claims, org.id, { invitationId: id });
    expect(resent.status).toBe("done");
    const row = await invitationRow(id);
    expect(row?.sendCount).toBe(2);
    expect(row!.expiresAt.getTime()).toBeGreaterThan(Date.now() + 6.9 * 86_400_000);
    const mails = await runAsSystem(db(), "test: mail", (tx) =>
      tx.select().from(mailOutbox).where(eq(mailOutbox.toAddress, email)),
    );
    expect(mails).toHaveLength(2);
    expect(await auditFor(org.id, "people.invitation.resend")).toHaveLength(1);

    expect((await revokeInvitation(org.owner.claims, org.id, { invitationId: id })).status).toBe(
      "done",
    );
    expect((await invitationRow(id))?.status).toBe("revoked");
    expect(await revokeInvitation(org.owner.claims, org.id, { invitationId: id })).toEqual({
      status: "error",
      code: "invitationRevoked",
    });
    expect(await resendInvitation(org.owner.claims, org.id, { invitationId: id })).toEqual({
      status: "error",
      code: "invitationRevoked",
    });
    expect(await auditFor(org.id, "people.invitation.revoke")).toHaveLength(1);
  });

  it("a resend takes a seat again only for an expired invitation", async () => {
    const org = await freshOrganisation("resend-revive");
    const invite = async () => {
      const result = await invitePerson(org.owner.claims, org.id, {
        email: `resend-revive-${randomUUID().slice(0, 8)}@example.test`,
        roleId: org.roleId("viewer"),
      });
      if (result.status !== "done") throw new Error(`invite failed: ${JSON.stringify(result)}`);
      return result.data.id;
    };
    const expired = await invite();
    const pending = await invite();
    await sentLongAgo(org.id);
    await expireInvitation(expired);
    // owner + three members + the pending invitation: the free tier's five seats; the expired
    // invitation holds none.
    const members: TestMember[] = [];
    for (let i = 0; i < 3; i++) {
      members.push(await addMember(db(), org.id, org.roleId("staff"), `resend-revive-${i}`));
    }
    const id = (invitationId: string) => ({ invitationId });
    expect(await resendInvitation(org.owner.claims, org.id, id(expired))).toEqual({
      status: "error",
      code: "seatLimit",
    });
    expect((await invitationRow(expired))?.sendCount).toBe(1);
    // Over the limit (a member added behind the commands' back): the pending invitation keeps
    // the seat it holds, so it is still resent.
    await addMember(db(), org.id, org.roleId("staff"), "resend-revive-extra");
    expect((await resendInvitation(org.owner.claims, org.id, id(pending))).status).toBe("done");
    // Two members leave: a seat is free again and the expired invitation comes back.
    await runAsSystem(db(), "test: end", (tx) =>
      tx
        .update(employments)
        .set({ status: "ended" })
        .where(inArray(employments.id, [members[0]!.employmentId, members[1]!.employmentId])),
    );
    expect((await resendInvitation(org.owner.claims, org.id, id(expired))).status).toBe("done");
    expect((await invitationRow(expired))?.sendCount).toBe(2);
  });

  it("lists pending ones (expired shown as expired) and all of them filtered by status", async () => {
    const org = await freshOrganisation("lists");
    const ids: string[] = [];
    for (const label of ["p1", "p2", "p3"]) {
      const r = await invitePerson(org.owner.claims, org.id, {
        email: `${label}-${randomUUID().slice(0, 6)}@example.test`,
        roleId: org.roleId("staff"),
      });
      if (r.status === "done") ids.push(r.data.id);
    }
    const [expiring, revoking] = ids;
    await expireInvitation(expiring!);
    await revokeInvitation(org.owner.claims, org.id, { invitationId: revoking! });
    const base = { page: 1, size: 25, sort: "sent", dir: "desc", status: null } as const;
    const open = await listInvitations(org.access, { ...base, openOnly: true });
    expect(open.total).toBe(2);
    expect(open.rows.find((r) => r.id === expiring)?.status).toBe("expired");
    expect(
      open.rows.every((r) => r.invitedByName === `Test invite-owner`.replace("invite", "lists")),
    ).toBe(true);
    const all = await listInvitations(org.access, base);
    expect(all.total).toBe(3);
    const expired = await listInvitations(org.access, { ...base, status: "expired" });
    expect(expired.rows.map((r) => r.id)).toEqual([expiring]);
    const pending = await listInvitations(org.access, { ...base, status: "pending" });
    expect(pending.rows.map((r) => r.id)).toEqual([ids[2]]);
    const revoked = await listInvitations(org.access, { ...base, status: "revoked" });
    expect(revoked.rows.map((r) => r.id)).toEqual([revoking]);
    expect(await countPendingInvitations(org.access)).toBe(1);
  });
});

describe("the invitee's side", () => {
  async function invited(org: Awaited<ReturnType<typeof freshOrganisation>>, role = "staff") {
    const invitee = await createTestUser(db(), "invitee");
    const r = await invitePerson(org.owner.claims, org.id, {
      email: invitee.email,
      roleId: org.roleId(role),
    });
    if (r.status !== "done") throw new Error(`invite failed: ${JSON.stringify(r)}`);
    return { invitee, invitationId: r.data.id };
  }

  it("sees their invitations, accepts: an active employment with the role, audited", async () => {
    const org = await freshOrganisation("accept");
    const { invitee, invitationId } = await invited(org);
    const mine = await listMyInvitations(invitee.claims);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({
      id: invitationId,
      organisationName: "Org accept",
      organisationTimeZone: "UTC",
      roleKey: "staff",
      inviterName: "Test accept-owner",
      status: "pending",
    });
    expect(await resolveAccess(invitee.claims, org.id)).toBeNull();

    const result = await acceptInvitation(invitee.claims, { invitationId });
    expect(result).toEqual({ status: "done", data: { organisationId: org.id } });
    const access = await resolveAccess(invitee.claims, org.id);
    expect(access?.employment.roleKey).toBe("staff");
    expect((await invitationRow(invitationId))?.status).toBe("accepted");
    const [entry] = await auditFor(org.id, "people.invitation.accept");
    expect(entry).toMatchObject({ actorUserId: invitee.userId, resourceId: invitationId });

    expect(await acceptInvitation(invitee.claims, { invitationId })).toEqual({
      status: "error",
      code: "invitationUsed",
    });
    // Answered invitations stay listed with their state, the organisation still named.
    const after = await listMyInvitations(invitee.claims);
    expect(after[0]).toMatchObject({ status: "accepted", organisationName: "Org accept" });
  });

  it("only a confirmed address answers: unconfirmed, accept and decline change nothing", async () => {
    const org = await freshOrganisation("unconfirmed");
    const { invitee, invitationId } = await invited(org);
    const setConfirmed = (at: Date | null) =>
      runAsSystem(db(), "test: confirmation", (tx) =>
        tx.update(users).set({ emailConfirmedAt: at }).where(eq(users.id, invitee.userId)),
      );
    await setConfirmed(null);
    expect(await isMyEmailConfirmed(invitee.claims)).toBe(false);
    const refused = { status: "error", code: "emailNotConfirmed" };
    expect(await acceptInvitation(invitee.claims, { invitationId })).toEqual(refused);
    expect(await declineInvitation(invitee.claims, { invitationId })).toEqual(refused);
    expect((await invitationRow(invitationId))?.status).toBe("pending");
    expect(await employmentRowsOf(invitee.userId)).toHaveLength(0);
    // A token whose email is not the account's confirmed one does not count either.
    await setConfirmed(new Date());
    const otherEmail = { ...invitee.claims, email: `Else-${invitee.email}` };
    expect(await isMyEmailConfirmed(otherEmail)).toBe(false);

    expect(await isMyEmailConfirmed(invitee.claims)).toBe(true);
    expect(await acceptInvitation(invitee.claims, { invitationId })).toEqual({
      status: "done",
      data: { organisationId: org.id },
    });
  });

  it("declines, audited; past invitations keep their labels after the organisation hides", async () => {
    const org = await freshOrganisation("decline");
    const { invitee, invitationId } = await invited(org);
    const result = await declineInvitation(invitee.claims, { invitationId });
    expect(result.status).toBe("done");
    expect((await invitationRow(invitationId))?.status).toBe("declined");
    expect(await auditFor(org.id, "people.invitation.decline")).toHaveLength(1);
    expect(await resolveAccess(invitee.claims, org.id)).toBeNull();
    const [mine] = await listMyInvitations(invitee.claims);
    expect(mine).toMatchObject({ status: "declined", organisationName: "Org decline" });
    expect(await acceptInvitation(invitee.claims, { invitationId })).toEqual({
      status: "error",
      code: "invitationUsed",
    });
  });

  it("expired and revoked invitations say so; pending ones are listed first", async () => {
    const org = await freshOrganisation("states");
    const { invitee, invitationId } = await invited(org);
    await expireInvitation(invitationId);
    expect(await acceptInvitation(invitee.claims, { invitationId })).toEqual({
      status: "error",
      code: "invitationExpired",
    });
    expect(await declineInvitation(invitee.claims, { invitationId })).toEqual({
      status: "error",
      code: "invitationExpired",
    });
    const other = await freshOrganisation("states-2");
    const second = await invitePerson(other.owner.claims, other.id, {
      email: invitee.email,
      roleId: other.roleId("viewer"),
    });
    if (second.status !== "done") throw new Error("invite failed");
    const listed = await listMyInvitations(invitee.claims);
    expect(listed.map((i) => [i.id, i.status])).toEqual([
      [second.data.id, "pending"],
      [invitationId, "expired"],
    ]);
    await revokeInvitation(other.owner.claims, other.id, { invitationId: second.data.id });
    expect(await acceptInvitation(invitee.claims, { invitationId: second.data.id })).toEqual({
      status: "error",
      code: "invitationRevoked",
    });
    expect(await employmentRowsOf(invitee.userId)).toHaveLength(0);
  });

  it("someone else's invitation: 404 for strangers, invitationNotYours for its organisation's admins", async () => {
    const org = await freshOrganisation("notyours");
    const { invitationId } = await invited(org);
    const stranger = await createTestUser(db(), "stranger");
    expect(await getMyInvitation(stranger.claims, invitationId)).toBeNull();
    expect(await acceptInvitation(stranger.claims, { invitationId })).toEqual({
      status: "error",
      code: "notFound",
    });
    expect(await declineInvitation(stranger.claims, { invitationId })).toEqual({
      status: "error",
      code: "notFound",
    });
    expect(await getMyInvitation(org.owner.claims, invitationId)).toBeNull();
    expect(await acceptInvitation(org.owner.claims, { invitationId })).toEqual({
      status: "error",
      code: "invitationNotYours",
    });
    expect((await invitationRow(invitationId))?.status).toBe("pending");
  });

  it("an ended employment comes back with the new role", async () => {
    const org = await freshOrganisation("rejoin");
    const former = await addMember(db(), org.id, org.roleId("admin"), "rejoin-former", "ended");
    const r = await invitePerson(org.owner.claims, org.id, {
      email: former.email,
      roleId: org.roleId("viewer"),
    });
    if (r.status !== "done") throw new Error("invite failed");
    expect((await acceptInvitation(former.claims, { invitationId: r.data.id })).status).toBe(
      "done",
    );
    const row = await employmentRow(former.employmentId);
    expect(row).toMatchObject({ status: "active", roleId: org.roleId("viewer"), endedAt: null });
    expect(await employmentRowsOf(former.userId)).toHaveLength(1);
  });

  it("seats are counted again on accept", async () => {
    const org = await freshOrganisation("accept-seats");
    const { invitee, invitationId } = await invited(org);
    // The organisation fills up behind the invitation's back (members added directly).
    for (let i = 0; i < 4; i++) await addMember(db(), org.id, org.roleId("staff"), `fill-${i}`);
    expect(await acceptInvitation(invitee.claims, { invitationId })).toEqual({
      status: "error",
      code: "seatLimit",
    });
    expect((await invitationRow(invitationId))?.status).toBe("pending");
  });
});

async function employmentRowsOf(userId: string) {
  return runAsSystem(db(), "test", (tx) =>
    tx.select().from(employments).where(eq(employments.userId, userId)),
  );
}

describe("membership changes", () => {
  async function orgWithTeam(label: string) {
    const org = await freshOrganisation(label);
    const admin = await addMember(db(), org.id, org.roleId("admin"), `${label}-admin`);
    const staff = await addMember(db(), org.id, org.roleId("staff"), `${label}-staff`);
    const ownerEmployment = (await accessOf(org.owner, org.id)).employment.id;
    return { ...org, admin, staff, ownerEmployment };
  }
  const version = async (id: string) => (await employmentRow(id))!.version;

  it("changes a role with the version read; a stale version changes nothing", async () => {
    const org = await orgWithTeam("role");
    const result = await changeEmploymentRole(org.admin.claims, org.id, {
      employmentId: org.staff.employmentId,
      version: 1,
      roleId: org.roleId("manager"),
    });
    expect(result).toEqual({ status: "done", data: { id: org.staff.employmentId, version: 2 } });
    expect((await employmentRow(org.staff.employmentId))?.roleId).toBe(org.roleId("manager"));
    const [entry] = await auditFor(org.id, "people.employment.changeRole");
    expect(entry?.before).toMatchObject({ roleId: org.roleId("staff") });
    expect(entry?.after).toMatchObject({ roleId: org.roleId("manager"), version: 2 });

    const stale = await changeEmploymentRole(org.owner.claims, org.id, {
      employmentId: org.staff.employmentId,
      version: 1,
      roleId: org.roleId("viewer"),
    });
    expect(stale).toEqual({ status: "error", code: "stale" });
    expect((await employmentRow(org.staff.employmentId))?.roleId).toBe(org.roleId("manager"));

    const foreign = await changeEmploymentRole(org.owner.claims, org.id, {
      employmentId: org.staff.employmentId,
      version: 2,
      roleId: world.a.roleIds.viewer,
    });
    expect(foreign).toEqual({ status: "error", code: "notFound", field: "roleId" });
  });

  it("suspends, reactivates and ends, each audited", async () => {
    const org = await orgWithTeam("status");
    const id = org.staff.employmentId;
    expect(
      (await suspendEmployment(org.admin.claims, org.id, { employmentId: id, version: 1 })).status,
    ).toBe("done");
    expect((await employmentRow(id))?.status).toBe("suspended");
    expect(await resolveAccess(org.staff.claims, org.id)).toBeNull();
    expect(
      await suspendEmployment(org.admin.claims, org.id, { employmentId: id, version: 2 }),
    ).toEqual({
      status: "error",
      code: "stale",
    });
    expect(
      (await reactivateEmployment(org.admin.claims, org.id, { employmentId: id, version: 2 }))
        .status,
    ).toBe("done");
    expect(await resolveAccess(org.staff.claims, org.id)).not.toBeNull();
    expect(
      (await endEmployment(org.admin.claims, org.id, { employmentId: id, version: 3 })).status,
    ).toBe("done");
    const ended = await employmentRow(id);
    expect(ended?.status).toBe("ended");
    expect(ended?.endedAt).toBeInstanceOf(Date);
    for (const action of ["suspend", "reactivate", "end"]) {
      expect(await auditFor(org.id, `people.employment.${action}`)).toHaveLength(1);
    }
  });

  it("owners only for owners; nobody changes themselves; the last owner stays", async () => {
    const org = await orgWithTeam("owners");
    const ownerVersion = await version(org.ownerEmployment);
    expect(
      await changeEmploymentRole(org.admin.claims, org.id, {
        employmentId: org.staff.employmentId,
        version: 1,
        roleId: org.roleId("owner"),
      }),
    ).toEqual({ status: "error", code: "ownerOnly", field: "roleId" });
    expect(
      await suspendEmployment(org.admin.claims, org.id, {
        employmentId: org.ownerEmployment,
        version: ownerVersion,
      }),
    ).toEqual({ status: "error", code: "ownerOnly" });
    expect(
      await suspendEmployment(org.admin.claims, org.id, {
        employmentId: org.admin.employmentId,
        version: 1,
      }),
    ).toEqual({ status: "error", code: "selfChange" });
    expect(
      await changeEmploymentRole(org.owner.claims, org.id, {
        employmentId: org.ownerEmployment,
        version: ownerVersion,
        roleId: org.roleId("admin"),
      }),
    ).toEqual({ status: "error", code: "selfChange", field: "roleId" });
    // The only owner cannot leave.
    expect(
      await endEmployment(org.owner.claims, org.id, {
        employmentId: org.ownerEmployment,
        version: ownerVersion,
      }),
    ).toEqual({ status: "error", code: "lastOwner" });

    // With a second owner, the first may leave; then the second is the last.
    expect(
      (
        await changeEmploymentRole(org.owner.claims, org.id, {
          employmentId: org.admin.employmentId,
          version: 1,
          roleId: org.roleId("owner"),
        })
      ).status,
    ).toBe("done");
    expect(
      (
        await endEmployment(org.owner.claims, org.id, {
          employmentId: org.ownerEmployment,
          version: ownerVersion,
        })
      ).status,
    ).toBe("done");
    expect(await resolveAccess(org.owner.claims, org.id)).toBeNull();
    expect(await auditFor(org.id, "people.employment.end")).toHaveLength(1);
    expect(
      await endEmployment(org.admin.claims, org.id, {
        employmentId: org.admin.employmentId,
        version: 2,
      }),
    ).toEqual({ status: "error", code: "lastOwner" });
  });

  it("two owners demoting each other at once: one stays owner", async () => {
    for (const kind of ["role", "end", "suspend"] as const) {
      const org = await orgWithTeam(`race-${kind}`);
      const second = await addMember(db(), org.id, org.roleId("owner"), `race-${kind}-owner2`);
      const ownerVersion = await version(org.ownerEmployment);
      const run = (actor: TestMember["claims"], employmentId: string, v: number) =>
        kind === "role"
          ? changeEmploymentRole(actor, org.id, {
              employmentId,
              version: v,
              roleId: org.roleId("admin"),
            })
          : kind === "end"
            ? endEmployment(actor, org.id, { employmentId, version: v })
            : suspendEmployment(actor, org.id, { employmentId, version: v });
      const results = await Promise.all([
        run(org.owner.claims, second.employmentId, 1),
        run(second.claims, org.ownerEmployment, ownerVersion),
      ]);
      const statuses = results.map((r) => r.status).sort();
      expect(statuses, kind).toEqual(["done", "error"]);
      const refused = results.find((r) => r.status === "error");
      // The loser lost ownership (ownerOnly) or, suspended or ended, its membership (notFound:
      // the locked rows no longer pass its RLS policies) while it waited for the lock.
      expect(["ownerOnly", "lastOwner", "notFound"], kind).toContain(
        refused?.status === "error" ? refused.code : null,
      );
      const owners = await runAsSystem(db(), "test", (tx) =>
        tx
          .select()
          .from(employments)
          .where(
            and(
              eq(employments.organisationId, org.id),
              eq(employments.roleId, org.roleId("owner")),
              eq(employments.status, "active"),
            ),
          ),
      );
      expect(owners, kind).toHaveLength(1);
    }
  });
});

export type { OrganisationAccess };

describe("no one hands out more than they hold", () => {
  it("a custom role may invite only to roles within its own permissions", async () => {
    const org = await freshOrganisation("beyond-invite");
    const recruiterRole = await createCustomRole(db(), org.id, "Recruiter", [
      "people.invitation.read",
      "people.invitation.write",
      "people.employment.read",
    ]);
    const traineeRole = await createCustomRole(db(), org.id, "Trainee", ["people.employment.read"]);
    // A custom role holding one permission more than the recruiter.
    const managerRole = await createCustomRole(db(), org.id, "Supervisor", [
      "people.employment.read",
      "people.employment.write",
    ]);
    const recruiter = await addMember(db(), org.id, recruiterRole, "beyond-recruiter");

    const admin = await invitePerson(recruiter.claims, org.id, {
      email: `beyond-admin-${randomUUID().slice(0, 8)}@example.test`,
      roleId: org.roleId("admin"),
    });
    expect(admin).toEqual({ status: "error", code: "roleBeyondOwn", field: "roleId" });
    const manager = await invitePerson(recruiter.claims, org.id, {
      email: `beyond-manager-${randomUUID().slice(0, 8)}@example.test`,
      roleId: managerRole,
    });
    expect(manager).toEqual({ status: "error", code: "roleBeyondOwn", field: "roleId" });
    // A role of another organisation is no role here.
    const elsewhere = await freshOrganisation("beyond-elsewhere");
    const foreign = await invitePerson(recruiter.claims, org.id, {
      email: `beyond-foreign-${randomUUID().slice(0, 8)}@example.test`,
      roleId: elsewhere.roleId("viewer"),
    });
    expect(foreign).toEqual({ status: "error", code: "notFound", field: "roleId" });
    const trainee = await invitePerson(recruiter.claims, org.id, {
      email: `beyond-trainee-${randomUUID().slice(0, 8)}@example.test`,
      roleId: traineeRole,
    });
    expect(trainee.status).toBe("done");
    const rows = await runAsSystem(db(), "test: invitations", (tx) =>
      tx.select().from(invitations).where(eq(invitations.organisationId, org.id)),
    );
    expect(rows.map((row) => row.roleId)).toEqual([traineeRole]);

    // The invite form offers what the recruiter may give.
    const offered = await listOrganisationRoles(await accessOf(recruiter, org.id));
    const grantable = Object.fromEntries(offered.map((role) => [role.name, role.grantable]));
    expect(grantable).toMatchObject({
      Trainee: true,
      Recruiter: true,
      Supervisor: false,
      admin: false,
    });
    const ownerView = await listOrganisationRoles(await accessOf(org.owner, org.id));
    expect(ownerView.every((role) => role.grantable)).toBe(true);
  });

  it("resend and withdraw hand out the invitation's role: owner-only and within one's own", async () => {
    const org = await freshOrganisation("beyond-resend");
    const recruiterRole = await createCustomRole(db(), org.id, "Recruiter", [
      "people.invitation.read",
      "people.invitation.write",
      "people.employment.read",
    ]);
    const traineeRole = await createCustomRole(db(), org.id, "Trainee", ["people.employment.read"]);
    const recruiter = await addMember(db(), org.id, recruiterRole, "beyond-resend-recruiter");
    const admin = await addMember(db(), org.id, org.roleId("admin"), "beyond-resend-admin");
    const invite = async (roleId: string) => {
      const result = await invitePerson(org.owner.claims, org.id, {
        email: `beyond-resend-${randomUUID().slice(0, 8)}@example.test`,
        roleId,
      });
      if (result.status !== "done") throw new Error(`invite failed: ${JSON.stringify(result)}`);
      return result.data.id;
    };
    // owner + recruiter + admin and these two: the free tier's five seats.
    const ownerInvitation = await invite(org.roleId("owner"));
    const adminInvitation = await invite(org.roleId("admin"));
    // Sent long ago (resend allowed) and the admin one expired: resending it would revive it.
    await sentLongAgo(org.id);
    await expireInvitation(adminInvitation);
    const before = await Promise.all([ownerInvitation, adminInvitation].map(invitationRow));

    const ownerOnly = { status: "error", code: "ownerOnly" };
    const beyond = { status: "error", code: "roleBeyondOwn" };
    const id = (invitationId: string) => ({ invitationId });
    // A custom role that may invite: neither the owner invitation nor the admin one.
    expect(await resendInvitation(recruiter.claims, org.id, id(ownerInvitation))).toEqual(
      ownerOnly,
    );
    expect(await revokeInvitation(recruiter.claims, org.id, id(ownerInvitation))).toEqual(
      ownerOnly,
    );
    expect(await resendInvitation(recruiter.claims, org.id, id(adminInvitation))).toEqual(beyond);
    expect(await revokeInvitation(recruiter.claims, org.id, id(adminInvitation))).toEqual(beyond);
    // An admin holds every permission but is no owner: not the owner invitation.
    expect(await resendInvitation(admin.claims, org.id, id(ownerInvitation))).toEqual(ownerOnly);
    expect(await revokeInvitation(admin.claims, org.id, id(ownerInvitation))).toEqual(ownerOnly);
    expect(await Promise.all([ownerInvitation, adminInvitation].map(invitationRow))).toEqual(
      before,
    );
    expect(await auditFor(org.id, "people.invitation.resend")).toHaveLength(0);
    expect(await auditFor(org.id, "people.invitation.revoke")).toHaveLength(0);

    // The table offers the actions to exactly those who may take them.
    const base = { page: 1, size: 25, sort: "sent", dir: "desc", status: null } as const;
    const offered = async (member: { claims: TestMember["claims"] }) =>
      Object.fromEntries(
        (await listInvitations(await accessOf(member, org.id), base)).rows.map((row) => [
          row.id === ownerInvitation ? "owner" : "admin",
          row.manageable,
        ]),
      );
    expect(await offered(recruiter)).toEqual({ owner: false, admin: false });
    expect(await offered(admin)).toEqual({ owner: false, admin: true });
    expect(await offered(org.owner)).toEqual({ owner: true, admin: true });

    // Within its permissions it may: the admin revives the expired admin invitation, the
    // owner withdraws the owner one, and the recruiter resends and withdraws a trainee one.
    expect((await resendInvitation(admin.claims, org.id, id(adminInvitation))).status).toBe("done");
    expect((await revokeInvitation(org.owner.claims, org.id, id(ownerInvitation))).status).toBe(
      "done",
    );
    const trainee = await invitePerson(recruiter.claims, org.id, {
      email: `beyond-resend-trainee-${randomUUID().slice(0, 8)}@example.test`,
      roleId: traineeRole,
    });
    if (trainee.status !== "done") throw new Error("invite failed");
    await runAsSystem(db(), "test: age", (tx) =>
      tx
        .update(invitations)
        .set({ lastSentAt: new Date(Date.now() - 2 * 86_400_000) })
        .where(eq(invitations.id, trainee.data.id)),
    );
    expect((await resendInvitation(recruiter.claims, org.id, id(trainee.data.id))).status).toBe(
      "done",
    );
    expect((await revokeInvitation(recruiter.claims, org.id, id(trainee.data.id))).status).toBe(
      "done",
    );
  });

  it("a custom role may not promote past itself, nor change a member who holds more", async () => {
    const org = await freshOrganisation("beyond-change");
    const hrRole = await createCustomRole(db(), org.id, "HR", [
      "people.employment.read",
      "people.employment.write",
    ]);
    const traineeRole = await createCustomRole(db(), org.id, "Trainee", ["people.employment.read"]);
    const hr = await addMember(db(), org.id, hrRole, "beyond-hr");
    const trainee = await addMember(db(), org.id, traineeRole, "beyond-trainee");
    const staff = await addMember(db(), org.id, org.roleId("staff"), "beyond-staff");
    const admin = await addMember(db(), org.id, org.roleId("admin"), "beyond-admin");

    // Promoting past itself: refused on the role field.
    const promote = await changeEmploymentRole(hr.claims, org.id, {
      employmentId: trainee.employmentId,
      version: 1,
      roleId: org.roleId("admin"),
    });
    expect(promote).toEqual({ status: "error", code: "roleBeyondOwn", field: "roleId" });
    // Members whose role holds more than HR: not HR's to change or suspend.
    const demote = await changeEmploymentRole(hr.claims, org.id, {
      employmentId: staff.employmentId,
      version: 1,
      roleId: traineeRole,
    });
    expect(demote).toEqual({ status: "error", code: "roleBeyondOwn" });
    const suspendAdmin = await suspendEmployment(hr.claims, org.id, {
      employmentId: admin.employmentId,
      version: 1,
    });
    expect(suspendAdmin).toEqual({ status: "error", code: "roleBeyondOwn" });
    expect(await employmentRow(staff.employmentId)).toMatchObject({
      roleId: org.roleId("staff"),
      version: 1,
    });
    expect(await employmentRow(admin.employmentId)).toMatchObject({
      status: "active",
      version: 1,
    });

    // Within its permissions it works: HR gives the trainee its own role.
    const peer = await changeEmploymentRole(hr.claims, org.id, {
      employmentId: trainee.employmentId,
      version: 1,
      roleId: hrRole,
    });
    expect(peer).toEqual({ status: "done", data: { id: trainee.employmentId, version: 2 } });
  });
});
