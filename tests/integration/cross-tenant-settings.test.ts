import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runCommand } from "@/lib/backoffice/doors";
import { closeDb, getDb } from "@/lib/db/client";
import type { UserClaims } from "@/lib/db/context";
import { queryRows } from "@/lib/db/rows";
import { runAsSystem, runAsUser } from "@/lib/db/run-context";
import {
  addContactEmail,
  listContactEmails,
  makePrimaryContactEmailCommand,
  removeContactEmailCommand,
  resendContactEmail,
  verifyContactEmail,
} from "@/lib/organisations/contact-emails";
import { newVerificationToken } from "@/lib/organisations/contact-email-tokens";
import {
  createFaqCommand,
  deleteFaqCommand,
  listFaqs,
  moveFaqCommand,
  updateFaqCommand,
} from "@/lib/organisations/faqs";
import { removeOrganisationLogo, setOrganisationLogo } from "@/lib/organisations/logo";
import { resolveAccess } from "@/lib/organisations/access";
import { organisationContactEmails, organisations } from "@/lib/organisations/schema";
import {
  getOrganisationProfile,
  updateOrganisationProfileCommand,
} from "@/lib/organisations/settings";
import type { Permission } from "@/lib/permissions/catalogue";
import { builtinRoleKeys, type BuiltinRoleKey } from "@/lib/permissions/define";
import {
  createScheduleCommand,
  deleteScheduleCommand,
  getSchedule,
  listSchedules,
  updateScheduleCommand,
} from "@/lib/schedules/schedules";
import { useTemporaryStorage } from "./support/files";
import { createOrganisationWorld, type OrganisationWorld } from "./support/organisations";
import {
  readRow,
  scheduleInput,
  seedContactEmail,
  seedFaq,
  seedSchedule,
} from "./support/settings";

/**
 * Organisation settings across tenants: a member of A (any role) reaching B's profile, FAQ,
 * contact addresses and schedules by id gets nothing through the pages' lib functions, the
 * commands the actions run, or the database directly; then the permission matrix of the
 * settings doors over the built-in roles and a custom role.
 */
let world: OrganisationWorld;
let cleanStorage: () => Promise<void>;
const db = () => getDb();
const notFound = { status: "error", code: "notFound" };
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
const customPermissions: Permission[] = ["settings.organisation.read", "settings.schedule.read"];

let bFaq: string;
let bContact: string;
let bContactToken: string;
let bSchedule: { id: string; version: number };

beforeAll(async () => {
  cleanStorage = await useTemporaryStorage();
  world = await createOrganisationWorld(db(), customPermissions);
  bFaq = await seedFaq(world.b.id, "B's question?", 1);
  bContact = await seedContactEmail(world.b.id, `b-contact-${Date.now()}@example.test`);
  const token = newVerificationToken();
  bContactToken = token.token;
  await runAsSystem(db(), "test: token", (tx) =>
    tx
      .update(organisationContactEmails)
      .set({ tokenHash: token.hash, tokenExpiresAt: token.expiresAt })
      .where(eq(organisationContactEmails.id, bContact)),
  );
  bSchedule = await seedSchedule(world.b.id, "B hours");
});

afterAll(async () => {
  await cleanStorage();
  await closeDb();
});

/** Every kind of caller from A's side (resolved lazily: the world exists only after beforeAll). */
const callers = [...builtinRoleKeys, "custom", "suspended", "outsider"] as const;
type Caller = (typeof callers)[number];
function callerClaims(caller: Caller): UserClaims {
  if (caller === "custom") return world.custom.claims;
  if (caller === "suspended") return world.suspended.claims;
  if (caller === "outsider") return world.outsider.claims;
  return world.a.members[caller].claims;
}

async function snapshotB() {
  const [org] = await runAsSystem(db(), "test", (tx) =>
    tx.select().from(organisations).where(eq(organisations.id, world.b.id)),
  );
  return {
    org,
    faq: await readRow("faq", bFaq),
    contact: await readRow("contact", bContact),
    schedule: await readRow("schedule", bSchedule.id),
  };
}

describe("a member of A reaching B's settings", () => {
  it.each(callers)("%s: reads nothing of B through the pages' lib functions", async (caller) => {
    const claims = callerClaims(caller);
    expect(await getOrganisationProfile(claims, world.b.id)).toBeNull();
    expect(await listFaqs(claims, world.b.id)).toEqual([]);
    expect(await listContactEmails(claims, world.b.id)).toEqual([]);
    expect(
      await listSchedules(claims, world.b.id, { page: 1, size: 10, sort: "name", dir: "asc" }),
    ).toEqual({
      rows: [],
      total: 0,
      page: 1,
    });
    expect(await getSchedule(claims, world.b.id, bSchedule.id)).toBeNull();
    // B's schedule by id under A's own organisation: the child is filtered by tenant too.
    expect(await getSchedule(claims, world.a.id, bSchedule.id)).toBeNull();
  });

  it.each(callers)("%s: changes nothing of B through the commands", async (caller) => {
    const claims = callerClaims(caller);
    const before = await snapshotB();
    const { version } = before.org!;
    const attempts = [
      runCommand(
        claims,
        world.b.id,
        {
          version,
          name: "Hijacked",
          description: "",
          country: "US",
          timeZone: "UTC",
          currency: "USD",
          locale: "en",
        },
        updateOrganisationProfileCommand,
      ),
      setOrganisationLogo(claims, world.b.id, { bytes: PNG, declaredType: "image/png" }),
      removeOrganisationLogo(claims, world.b.id),
      runCommand(claims, world.b.id, { question: "Q?", answer: "A." }, createFaqCommand),
      runCommand(
        claims,
        world.b.id,
        { faqId: bFaq, version: 1, question: "Q?", answer: "A." },
        updateFaqCommand,
      ),
      runCommand(claims, world.b.id, { faqId: bFaq, direction: "down" }, moveFaqCommand),
      runCommand(claims, world.b.id, { faqId: bFaq }, deleteFaqCommand),
      addContactEmail(claims, world.b.id, { email: `x-${randomUUID()}@example.test`, label: "" }),
      resendContactEmail(claims, world.b.id, { contactEmailId: bContact }),
      runCommand(claims, world.b.id, { contactEmailId: bContact }, removeContactEmailCommand),
      runCommand(claims, world.b.id, { contactEmailId: bContact }, makePrimaryContactEmailCommand),
      runCommand(claims, world.b.id, scheduleInput("Mine now"), createScheduleCommand),
      runCommand(
        claims,
        world.b.id,
        { ...scheduleInput("Mine now"), scheduleId: bSchedule.id, version: bSchedule.version },
        updateScheduleCommand,
      ),
      runCommand(
        claims,
        world.b.id,
        { scheduleId: bSchedule.id, version: bSchedule.version },
        deleteScheduleCommand,
      ),
    ];
    for (const result of await Promise.all(attempts)) expect(result).toEqual(notFound);
    expect(await snapshotB()).toEqual(before);
  });

  it.each(builtinRoleKeys.filter((r) => r !== "viewer" && r !== "staff"))(
    "%s: naming B's resources by id under A's own organisation finds nothing",
    async (role) => {
      const claims = world.a.members[role].claims;
      const before = await snapshotB();
      const results = await Promise.all([
        runCommand(
          claims,
          world.a.id,
          { faqId: bFaq, version: 1, question: "Q?", answer: "A." },
          updateFaqCommand,
        ),
        runCommand(claims, world.a.id, { faqId: bFaq, direction: "up" }, moveFaqCommand),
        runCommand(claims, world.a.id, { faqId: bFaq }, deleteFaqCommand),
        runCommand(claims, world.a.id, { contactEmailId: bContact }, removeContactEmailCommand),
        runCommand(
          claims,
          world.a.id,
          { contactEmailId: bContact },
          makePrimaryContactEmailCommand,
        ),
        runCommand(
          claims,
          world.a.id,
          { ...scheduleInput("Taken"), scheduleId: bSchedule.id, version: bSchedule.version },
          updateScheduleCommand,
        ),
        runCommand(
          claims,
          world.a.id,
          { scheduleId: bSchedule.id, version: bSchedule.version },
          deleteScheduleCommand,
        ),
      ]);
      const allowed = results.filter((r) => r.status !== "error" || r.code !== "notFound");
      expect(allowed).toEqual([]);
      // B's verification token followed inside A: invalid.
      expect(await verifyContactEmail(claims, world.a.id, bContactToken)).toBe("invalid");
      expect(await snapshotB()).toEqual(before);
    },
  );

  it.each(callers)(
    "%s: the database itself (RLS) shows and changes nothing of B",
    async (caller) => {
      const claims = callerClaims(caller);
      const before = await snapshotB();
      const counts = await runAsUser(db(), claims, async (tx) => {
        const count = async (query: ReturnType<typeof sql>) =>
          (await queryRows<{ n: number }>(tx, query))[0]?.n ?? -1;
        return {
          org: await count(
            sql`select count(*)::int as n from organisations where id = ${world.b.id}`,
          ),
          faqs: await count(
            sql`select count(*)::int as n from organisation_faqs where organisation_id = ${world.b.id}`,
          ),
          contacts: await count(
            sql`select count(*)::int as n from organisation_contact_emails where organisation_id = ${world.b.id}`,
          ),
          schedules: await count(
            sql`select count(*)::int as n from schedules where organisation_id = ${world.b.id}`,
          ),
          exceptions: await count(
            sql`select count(*)::int as n from schedule_exceptions where organisation_id = ${world.b.id}`,
          ),
          updated: await count(
            sql`with u as (update organisations set name = 'x' where id = ${world.b.id} returning 1) select count(*)::int as n from u`,
          ),
          faqUpdated: await count(
            sql`with u as (update organisation_faqs set question = 'x' where id = ${bFaq} returning 1) select count(*)::int as n from u`,
          ),
          contactVerified: await count(
            sql`with u as (update organisation_contact_emails set verified_at = now(), is_primary = true where id = ${bContact} returning 1) select count(*)::int as n from u`,
          ),
          scheduleDeleted: await count(
            sql`with d as (delete from schedules where id = ${bSchedule.id} returning 1) select count(*)::int as n from d`,
          ),
          faqDeleted: await count(
            sql`with d as (delete from organisation_faqs where id = ${bFaq} returning 1) select count(*)::int as n from d`,
          ),
        };
      });
      expect(counts).toEqual({
        org: 0,
        faqs: 0,
        contacts: 0,
        schedules: 0,
        exceptions: 0,
        updated: 0,
        faqUpdated: 0,
        contactVerified: 0,
        scheduleDeleted: 0,
        faqDeleted: 0,
      });
      const insert = runAsUser(db(), claims, (tx) =>
        tx.execute(
          sql`insert into organisation_faqs (organisation_id, question, answer, position) values (${world.b.id}, 'x', 'y', 9)`,
        ),
      );
      await expect(insert).rejects.toMatchObject({ cause: { code: "42501" } });
      expect(await snapshotB()).toEqual(before);
    },
  );
});

type Role = BuiltinRoleKey | "custom";
const roles: Role[] = [...builtinRoleKeys, "custom"];
const claimsOf = (role: Role) =>
  role === "custom" ? world.custom.claims : world.a.members[role].claims;

/** Who may do what (the catalogue's grants; the custom role holds organisation + schedule read). */
const matrix: Record<string, Role[]> = {
  "settings page (settings.organisation.read)": [
    "owner",
    "admin",
    "manager",
    "staff",
    "viewer",
    "custom",
  ],
  "save the profile": ["owner", "admin"],
  "change the logo": ["owner", "admin"],
  "write the FAQ": ["owner", "admin", "manager"],
  "write contact emails": ["owner", "admin"],
  "schedule pages (settings.schedule.read)": [
    "owner",
    "admin",
    "manager",
    "staff",
    "viewer",
    "custom",
  ],
  "write schedules": ["owner", "admin", "manager"],
};

/**
 * A command's answer in the matrix: done (allowed) or exactly notFound (refused). Anything
 * else — another error code, a failure (an RLS error inside the command) — fails the test
 * instead of passing for a refusal.
 */
function allowed(result: { status: string; code?: string }): boolean {
  if (result.status === "done") return true;
  expect(result).toEqual(notFound);
  return false;
}

const doors: Record<keyof typeof matrix, (role: Role) => Promise<boolean>> = {
  "settings page (settings.organisation.read)": async (role) =>
    (await resolveAccess(claimsOf(role), world.a.id))?.can("settings.organisation.read") === true,
  "save the profile": async (role) => {
    const profile = (await getOrganisationProfile(world.a.members.owner.claims, world.a.id))!;
    const result = await runCommand(
      claimsOf(role),
      world.a.id,
      {
        ...profile,
        name: `Org A by ${role}`,
        description: "",
        version: profile.version,
        phone: "",
        website: "",
        addressLine1: "",
        addressLine2: "",
        city: "",
        region: "",
        postalCode: "",
      },
      updateOrganisationProfileCommand,
    );
    return allowed(result);
  },
  "change the logo": async (role) =>
    allowed(
      await setOrganisationLogo(claimsOf(role), world.a.id, {
        bytes: PNG,
        declaredType: "image/png",
      }),
    ),
  "write the FAQ": async (role) =>
    allowed(
      await runCommand(
        claimsOf(role),
        world.a.id,
        { question: `${role}?`, answer: "Yes." },
        createFaqCommand,
      ),
    ),
  "write contact emails": async (role) => {
    const id = await seedContactEmail(world.a.id, `matrix-${role}-${randomUUID()}@example.test`);
    return allowed(
      await runCommand(
        claimsOf(role),
        world.a.id,
        { contactEmailId: id },
        removeContactEmailCommand,
      ),
    );
  },
  "schedule pages (settings.schedule.read)": async (role) => {
    const access = await resolveAccess(claimsOf(role), world.a.id);
    const schedule = await seedSchedule(world.a.id, `Readable ${role} ${randomUUID()}`);
    const seen = await getSchedule(claimsOf(role), world.a.id, schedule.id);
    // Page gate and RLS agree.
    expect(seen !== null).toBe(access?.can("settings.schedule.read") === true);
    return seen !== null;
  },
  "write schedules": async (role) =>
    allowed(
      await runCommand(
        claimsOf(role),
        world.a.id,
        scheduleInput(`By ${role} ${randomUUID()}`),
        createScheduleCommand,
      ),
    ),
};

describe("permission matrix of the settings doors", () => {
  const cases = Object.keys(matrix).flatMap((door) => roles.map((role) => ({ door, role })));
  it.each(cases)("$door × $role", async ({ door, role }) => {
    expect(await doors[door]!(role)).toBe(matrix[door]!.includes(role));
  });

  it("a viewer or staff member is refused under RLS too, not only by the door", async () => {
    for (const role of ["staff", "viewer"] as const) {
      const claims = world.a.members[role].claims;
      const changed = await runAsUser(db(), claims, (tx) =>
        queryRows<{ n: number }>(
          tx,
          sql`with u as (update organisations set name = 'x' where id = ${world.a.id} returning 1) select count(*)::int as n from u`,
        ),
      );
      expect(changed[0]?.n).toBe(0);
      await expect(
        runAsUser(db(), claims, (tx) =>
          tx.execute(
            sql`insert into schedules (organisation_id, name, time_zone) values (${world.a.id}, ${`x-${role}`}, 'UTC')`,
          ),
        ),
      ).rejects.toMatchObject({ cause: { code: "42501" } });
    }
  });
});
