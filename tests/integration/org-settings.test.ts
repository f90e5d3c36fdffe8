import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runCommand } from "@/lib/backoffice/doors";
import { closeDb, getDb } from "@/lib/db/client";
import { runAsSystem } from "@/lib/db/run-context";
import { organisationFiles } from "@/lib/files/schema";
import {
  addContactEmail,
  listContactEmails,
  makePrimaryContactEmailCommand,
  removeContactEmailCommand,
  resendContactEmail,
  usableContactEmail,
  verifyContactEmail,
} from "@/lib/organisations/contact-emails";
import {
  createFaqCommand,
  deleteFaqCommand,
  listFaqs,
  moveFaqCommand,
  updateFaqCommand,
} from "@/lib/organisations/faqs";
import {
  BRANDING_FOLDER,
  removeOrganisationLogo,
  setOrganisationLogo,
} from "@/lib/organisations/logo";
import { LOGO_MAX_BYTES } from "@/lib/organisations/logo-rules";
import { organisationContactEmails, organisations } from "@/lib/organisations/schema";
import {
  getOrganisationProfile,
  updateOrganisationProfileCommand,
} from "@/lib/organisations/settings";
import {
  createScheduleCommand,
  deleteScheduleCommand,
  getSchedule,
  listSchedules,
  updateScheduleCommand,
} from "@/lib/schedules/schedules";
import { getStorage } from "@/lib/storage/storage";
import { useTemporaryStorage } from "./support/files";
import { holdScopeLock, track } from "./support/locks";
import { createOrganisationWorld, type OrganisationWorld } from "./support/organisations";
import {
  auditActionsFor,
  auditBefore,
  contactTokenSentTo,
  readRow,
  scheduleInput,
  seedContactEmail,
  seedFaq,
} from "./support/settings";

/**
 * Organisation settings against the real database: the profile (version check), the logo
 * (types by magic bytes, 2 MB), the FAQ (order rewritten in one transaction), contact
 * addresses (verification links, primary, rate limits) and schedules (version check).
 */
let world: OrganisationWorld;
let cleanStorage: () => Promise<void>;
const db = () => getDb();
const PNG = new Uint8Array([
  0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 73, 72, 68, 82,
]);

beforeAll(async () => {
  cleanStorage = await useTemporaryStorage();
  world = await createOrganisationWorld(db(), ["settings.organisation.read"]);
});

afterAll(async () => {
  await cleanStorage();
  await closeDb();
});

const owner = () => world.a.members.owner;
const admin = () => world.a.members.admin;

function profileInput(version: number, overrides: Record<string, unknown> = {}) {
  return {
    version,
    name: "Org A renamed",
    description: "We sell things.",
    phone: "+34 600 000 000",
    website: "https://example.test",
    addressLine1: "Calle Mayor 1",
    addressLine2: "",
    city: "Madrid",
    region: "Madrid",
    postalCode: "28013",
    country: "ES",
    timeZone: "Europe/Madrid",
    currency: "EUR",
    locale: "es",
    ...overrides,
  };
}

describe("organisation profile", () => {
  it("saves the profile, bumps the version and records before and after", async () => {
    const before = await getOrganisationProfile(owner().claims, world.a.id);
    expect(before?.name).toBe(world.a.name);
    const saved = await runCommand(
      owner().claims,
      world.a.id,
      profileInput(before!.version),
      updateOrganisationProfileCommand,
    );
    expect(saved).toEqual({ status: "done", data: { version: before!.version + 1 } });
    const after = await getOrganisationProfile(world.a.members.viewer.claims, world.a.id);
    expect(after).toMatchObject({
      name: "Org A renamed",
      city: "Madrid",
      addressLine2: null,
      locale: "es",
    });
    expect(await auditActionsFor(world.a.id, world.a.id)).toContain("settings.organisation.update");
  });

  it("two concurrent saves from the same version: one wins, the later one is stale", async () => {
    const { version } = (await getOrganisationProfile(owner().claims, world.a.id))!;
    const [first, second] = await Promise.all([
      runCommand(
        owner().claims,
        world.a.id,
        profileInput(version, { name: "First save" }),
        updateOrganisationProfileCommand,
      ),
      runCommand(
        admin().claims,
        world.a.id,
        profileInput(version, { name: "Second save" }),
        updateOrganisationProfileCommand,
      ),
    ]);
    const states = [first.status, second.status].sort();
    expect(states).toEqual(["done", "error"]);
    const loser = first.status === "error" ? first : second;
    expect(loser).toEqual({ status: "error", code: "stale" });
    const now = await getOrganisationProfile(owner().claims, world.a.id);
    expect(now?.version).toBe(version + 1);
    expect(["First save", "Second save"]).toContain(now?.name);
  });

  it("bad input changes nothing and names the fields", async () => {
    const { version, name } = (await getOrganisationProfile(owner().claims, world.a.id))!;
    const result = await runCommand(
      owner().claims,
      world.a.id,
      profileInput(version, {
        name: "",
        website: "not a url",
        timeZone: "Mars/Base",
        currency: "XXXX",
      }),
      updateOrganisationProfileCommand,
    );
    expect(result.status).toBe("invalid");
    if (result.status !== "invalid") return;
    expect(Object.keys(result.fieldErrors).sort()).toEqual([
      "currency",
      "name",
      "timeZone",
      "website",
    ]);
    expect((await getOrganisationProfile(owner().claims, world.a.id))?.name).toBe(name);
  });
});

describe("organisation logo", () => {
  it("stores a PNG as a public file in .branding and replaces it on the next upload", async () => {
    const first = await setOrganisationLogo(owner().claims, world.a.id, {
      bytes: PNG,
      declaredType: "image/png",
    });
    expect(first.status).toBe("done");
    if (first.status !== "done") return;
    const firstId = first.data.logoFileId!;
    const [file] = await runAsSystem(db(), "test", (tx) =>
      tx.select().from(organisationFiles).where(eq(organisationFiles.id, firstId)),
    );
    expect(file).toMatchObject({
      organisationId: world.a.id,
      isPublic: true,
      contentType: "image/png",
      size: PNG.byteLength,
    });
    const [folder] = await runAsSystem(db(), "test", (tx) =>
      tx.select().from(organisationFiles).where(eq(organisationFiles.id, file!.parentId!)),
    );
    expect(folder?.name).toBe(BRANDING_FOLDER);
    expect(await getStorage().exists(file!.storageKey!)).toBe(true);

    const jpeg = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 16, 74, 70, 73, 70]);
    const second = await setOrganisationLogo(admin().claims, world.a.id, {
      bytes: jpeg,
      declaredType: "image/jpeg",
    });
    expect(second.status).toBe("done");
    const profile = await getOrganisationProfile(owner().claims, world.a.id);
    expect(profile?.logoFileId).not.toBe(firstId);
    expect(await getStorage().exists(file!.storageKey!)).toBe(false);
    expect(await readRowFile(firstId)).toBeUndefined();
  });

  it("refuses a non-image (whatever its declared type) and an image over 2 MB; nothing changes", async () => {
    const before = (await getOrganisationProfile(owner().claims, world.a.id))!.logoFileId;
    const svg = new TextEncoder().encode("<svg xmlns='http://www.w3.org/2000/svg'></svg>");
    expect(
      await setOrganisationLogo(owner().claims, world.a.id, {
        bytes: svg,
        declaredType: "image/png",
      }),
    ).toEqual({
      status: "error",
      code: "fileTypeForbidden",
      field: "logo",
    });
    expect(
      await setOrganisationLogo(owner().claims, world.a.id, {
        bytes: PNG,
        declaredType: "image/svg+xml",
      }),
    ).toMatchObject({ code: "fileTypeForbidden" });
    const big = new Uint8Array(LOGO_MAX_BYTES + 1);
    big.set(PNG);
    expect(
      await setOrganisationLogo(owner().claims, world.a.id, {
        bytes: big,
        declaredType: "image/png",
      }),
    ).toEqual({
      status: "error",
      code: "fileTooLarge",
      field: "logo",
    });
    expect((await getOrganisationProfile(owner().claims, world.a.id))!.logoFileId).toBe(before);
  });

  it("removes the logo: row, reference and stored object", async () => {
    const current = (await getOrganisationProfile(owner().claims, world.a.id))!.logoFileId!;
    const [file] = await runAsSystem(db(), "test", (tx) =>
      tx.select().from(organisationFiles).where(eq(organisationFiles.id, current)),
    );
    expect(await removeOrganisationLogo(owner().claims, world.a.id)).toEqual({
      status: "done",
      data: { logoFileId: null },
    });
    expect((await getOrganisationProfile(owner().claims, world.a.id))!.logoFileId).toBeNull();
    expect(await getStorage().exists(file!.storageKey!)).toBe(false);
  });
});

async function readRowFile(id: string) {
  const [row] = await runAsSystem(db(), "test", (tx) =>
    tx.select().from(organisationFiles).where(eq(organisationFiles.id, id)),
  );
  return row;
}

describe("FAQ", () => {
  it("adds in order, edits, moves up and down (positions 1…n) and deletes", async () => {
    const manager = world.a.members.manager.claims;
    const ids: string[] = [];
    for (const question of ["One?", "Two?", "Three?"]) {
      const created = await runCommand(
        manager,
        world.a.id,
        { question, answer: `${question} yes` },
        createFaqCommand,
      );
      if (created.status !== "done") throw new Error(JSON.stringify(created));
      ids.push(created.data.id);
    }
    const order = async () =>
      (await listFaqs(manager, world.a.id)).map((f) => [f.question, f.position]);
    expect(await order()).toEqual([
      ["One?", 1],
      ["Two?", 2],
      ["Three?", 3],
    ]);

    expect(
      await runCommand(manager, world.a.id, { faqId: ids[2], direction: "up" }, moveFaqCommand),
    ).toEqual({ status: "done", data: { order: [ids[0], ids[2], ids[1]] } });
    await runCommand(manager, world.a.id, { faqId: ids[0], direction: "up" }, moveFaqCommand);
    expect(await order()).toEqual([
      ["One?", 1],
      ["Three?", 2],
      ["Two?", 3],
    ]);
    await runCommand(manager, world.a.id, { faqId: ids[0], direction: "down" }, moveFaqCommand);
    expect(await order()).toEqual([
      ["Three?", 1],
      ["One?", 2],
      ["Two?", 3],
    ]);

    const edit = (question: string, version: number) =>
      runCommand(
        manager,
        world.a.id,
        { faqId: ids[1], version, question, answer: "Yes." },
        updateFaqCommand,
      );
    expect(await edit("Two, edited?", 1)).toMatchObject({ status: "done" });
    // A second editor who opened the same version: stale, nothing overwritten.
    expect(await edit("Two, overwritten?", 1)).toEqual({ status: "error", code: "stale" });
    expect(
      await runCommand(manager, world.a.id, { faqId: ids[2] }, deleteFaqCommand),
    ).toMatchObject({ status: "done" });
    expect(await order()).toEqual([
      ["One?", 1],
      ["Two, edited?", 2],
    ]);
    expect(await auditActionsFor(world.a.id, ids[0]!)).toEqual([
      "settings.faq.create",
      "settings.faq.reorder",
      "settings.faq.reorder",
    ]);
  });

  it("concurrent moves wait for the FAQ lock and leave positions unique and gap-free", async () => {
    const orgId = world.b.id;
    const claims = world.b.members.admin.claims;
    const ids = [
      await seedFaq(orgId, "P", 1),
      await seedFaq(orgId, "Q", 2),
      await seedFaq(orgId, "R", 3),
    ];
    // Deterministic: the lock is held elsewhere, so all three stop at it, then run in turn.
    const lock = await holdScopeLock("settings.faq", orgId);
    const moves = [
      { faqId: ids[2], direction: "up" },
      { faqId: ids[0], direction: "down" },
      { faqId: ids[1], direction: "up" },
    ].map((input) => track(runCommand(claims, orgId, input, moveFaqCommand)));
    try {
      await lock.waitForWaiters(3);
      expect(moves.map((m) => m.settled)).toEqual([false, false, false]);
    } finally {
      await lock.release();
    }
    const results = await Promise.all(moves.map((m) => m.promise));
    expect(results.map((r) => r.status)).toEqual(["done", "done", "done"]);
    const positions = (await listFaqs(claims, orgId)).map((f) => f.position);
    expect(positions).toEqual([1, 2, 3]);
  });

  it("concurrent creates in an empty list wait for the FAQ lock and take positions 1…n", async () => {
    const { a } = await createOrganisationWorld(getDb());
    const claims = a.members.admin.claims;
    const lock = await holdScopeLock("settings.faq", a.id);
    const creates = ["One?", "Two?", "Three?", "Four?"].map((question) =>
      track(runCommand(claims, a.id, { question, answer: "Yes." }, createFaqCommand)),
    );
    try {
      await lock.waitForWaiters(4);
      expect(creates.every((c) => !c.settled)).toBe(true);
    } finally {
      await lock.release();
    }
    const results = await Promise.all(creates.map((c) => c.promise));
    expect(results.map((r) => r.status)).toEqual(["done", "done", "done", "done"]);
    const positions = (await listFaqs(claims, a.id)).map((f) => f.position);
    expect(positions).toEqual([1, 2, 3, 4]);
  });

  it("empty fields are refused with field errors", async () => {
    const result = await runCommand(
      owner().claims,
      world.a.id,
      { question: " ", answer: "" },
      createFaqCommand,
    );
    expect(result).toMatchObject({
      status: "invalid",
      fieldErrors: { question: ["validation:required"], answer: ["validation:required"] },
    });
  });
});

describe("contact emails", () => {
  it("adding mails a link; the address is pending, then verified by any member following it", async () => {
    const email = `contact-${Date.now()}@example.test`;
    const added = await addContactEmail(owner().claims, world.a.id, {
      email: email.toUpperCase(),
      label: "Bookings",
    });
    if (added.status !== "done") throw new Error(JSON.stringify(added));
    const listed = (await listContactEmails(owner().claims, world.a.id)).find(
      (e) => e.id === added.data.id,
    );
    expect(listed).toMatchObject({ email, label: "Bookings", verifiedAt: null, isPrimary: false });

    const token = await contactTokenSentTo(email);
    // Not a member of A: the link does nothing (and the page answers 404 before this).
    expect(await verifyContactEmail(world.b.members.owner.claims, world.a.id, token)).toBe(
      "invalid",
    );
    expect(await verifyContactEmail(world.a.members.viewer.claims, world.a.id, token)).toBe(
      "verified",
    );
    expect(await verifyContactEmail(world.a.members.viewer.claims, world.a.id, token)).toBe(
      "alreadyVerified",
    );
    const row = await readRow<{ verifiedAt: Date | null }>("contact", added.data.id);
    expect(row?.verifiedAt).toBeInstanceOf(Date);
    expect(await auditActionsFor(world.a.id, added.data.id)).toEqual([
      "settings.contact.create",
      "settings.contact.verify",
    ]);

    // Primary: only verified addresses; the verified primary is what public pages use.
    const pendingId = await seedContactEmail(world.a.id, `pending-${Date.now()}@example.test`);
    expect(
      await runCommand(
        owner().claims,
        world.a.id,
        { contactEmailId: pendingId },
        makePrimaryContactEmailCommand,
      ),
    ).toEqual({
      status: "error",
      code: "notVerified",
    });
    expect(
      await runCommand(
        owner().claims,
        world.a.id,
        { contactEmailId: added.data.id },
        makePrimaryContactEmailCommand,
      ),
    ).toMatchObject({ status: "done" });
    expect(await usableContactEmail(world.a.id)).toBe(email);
    const primaries = await runAsSystem(db(), "test", (tx) =>
      tx
        .select({ id: organisationContactEmails.id })
        .from(organisationContactEmails)
        .where(
          sql`${organisationContactEmails.organisationId} = ${world.a.id} and ${organisationContactEmails.isPrimary}`,
        ),
    );
    expect(primaries.map((p) => p.id)).toEqual([added.data.id]);
    expect(
      await runCommand(
        owner().claims,
        world.a.id,
        { contactEmailId: added.data.id },
        removeContactEmailCommand,
      ),
    ).toEqual({
      status: "error",
      code: "primaryContact",
    });
    expect(
      await runCommand(
        owner().claims,
        world.a.id,
        { contactEmailId: pendingId },
        removeContactEmailCommand,
      ),
    ).toMatchObject({
      status: "done",
    });
  });

  it("an unverified primary is never used", async () => {
    await seedContactEmail(world.b.id, `unverified-${Date.now()}@example.test`, { primary: true });
    expect(await usableContactEmail(world.b.id)).toBeNull();
  });

  it("an expired link says expired; another organisation's link is invalid; a resent link replaces the old one", async () => {
    const email = `expiring-${Date.now()}@example.test`;
    const added = await addContactEmail(admin().claims, world.a.id, { email, label: "" });
    if (added.status !== "done") throw new Error(JSON.stringify(added));
    const token = await contactTokenSentTo(email);
    expect(await verifyContactEmail(world.b.members.owner.claims, world.b.id, token)).toBe(
      "invalid",
    );
    await runAsSystem(db(), "test: expire", (tx) =>
      tx
        .update(organisationContactEmails)
        .set({ tokenExpiresAt: new Date(Date.now() - 1000) })
        .where(eq(organisationContactEmails.id, added.data.id)),
    );
    expect(await verifyContactEmail(owner().claims, world.a.id, token)).toBe("expired");

    // Resending within a minute of the last send is refused.
    expect(
      await resendContactEmail(admin().claims, world.a.id, { contactEmailId: added.data.id }),
    ).toEqual({
      status: "error",
      code: "rateLimited",
    });
    await runAsSystem(db(), "test: age", (tx) =>
      tx
        .update(organisationContactEmails)
        .set({ lastSentAt: new Date(Date.now() - 120_000) })
        .where(eq(organisationContactEmails.id, added.data.id)),
    );
    expect(
      await resendContactEmail(admin().claims, world.a.id, { contactEmailId: added.data.id }),
    ).toEqual({
      status: "done",
      data: { id: added.data.id, sent: true },
    });
    const fresh = await contactTokenSentTo(email);
    expect(fresh).not.toBe(token);
    expect(await verifyContactEmail(owner().claims, world.a.id, token)).toBe("invalid");
    expect(await verifyContactEmail(owner().claims, world.a.id, fresh)).toBe("verified");
    expect(await verifyContactEmail(owner().claims, world.a.id, "x".repeat(43))).toBe("invalid");
  });

  it("a duplicate address and a bad address are refused on their field", async () => {
    const email = `dup-${Date.now()}@example.test`;
    await seedContactEmail(world.a.id, email);
    expect(await addContactEmail(owner().claims, world.a.id, { email, label: "" })).toEqual({
      status: "error",
      code: "emailTaken",
      field: "email",
    });
    expect(
      await addContactEmail(owner().claims, world.a.id, { email: "nope", label: "" }),
    ).toMatchObject({
      status: "invalid",
      fieldErrors: { email: ["validation:email"] },
    });
  });

  it("sends are rate-limited per user", async () => {
    const sender = world.b.members.owner;
    const results = [];
    for (let i = 0; i < 11; i++) {
      results.push(
        await addContactEmail(sender.claims, world.b.id, {
          email: `burst-${i}-${Date.now()}@example.test`,
          label: "",
        }),
      );
    }
    expect(results.slice(0, 10).every((r) => r.status === "done")).toBe(true);
    expect(results[10]).toEqual({ status: "error", code: "rateLimited" });
  });
});

describe("schedules", () => {
  it("creates with breaks and exceptions, lists paged, updates with a version, deletes", async () => {
    const manager = world.a.members.manager.claims;
    const created = await runCommand(
      manager,
      world.a.id,
      scheduleInput("Shop"),
      createScheduleCommand,
    );
    if (created.status !== "done") throw new Error(JSON.stringify(created));
    const detail = await getSchedule(world.a.members.viewer.claims, world.a.id, created.data.id);
    expect(detail).toMatchObject({
      name: "Shop",
      timeZone: "Europe/Madrid",
      version: 1,
      weekly: {
        "1": [
          { start: "09:00", end: "13:00" },
          { start: "15:00", end: "19:00" },
        ],
      },
      exceptions: [{ date: "2026-12-25", closed: true, intervals: [], note: "Christmas" }],
    });
    await runCommand(manager, world.a.id, scheduleInput("Warehouse"), createScheduleCommand);
    const page = await listSchedules(manager, world.a.id, {
      page: 1,
      size: 1,
      sort: "name",
      dir: "desc",
    });
    expect(page.total).toBe(2);
    expect(page.rows.map((r) => [r.name, r.openDays])).toEqual([["Warehouse", 1]]);
    // A page past the end reads as the last one.
    const past = await listSchedules(manager, world.a.id, {
      page: 99,
      size: 1,
      sort: "name",
      dir: "desc",
    });
    expect(past.page).toBe(2);
    expect(past.rows).toHaveLength(1);

    const update = (name: string, version: number) =>
      runCommand(
        manager,
        world.a.id,
        { ...scheduleInput(name, { exceptions: [] }), scheduleId: created.data.id, version },
        updateScheduleCommand,
      );
    const [one, two] = await Promise.all([update("Shop (summer)", 1), update("Shop (winter)", 1)]);
    expect([one.status, two.status].sort()).toEqual(["done", "error"]);
    expect(one.status === "error" ? one : two).toEqual({ status: "error", code: "stale" });
    const after = await getSchedule(manager, world.a.id, created.data.id);
    expect(after?.version).toBe(2);
    expect(after?.exceptions).toEqual([]);

    expect(await update("Warehouse", 2)).toEqual({
      status: "error",
      code: "nameTaken",
      field: "name",
    });
    expect(
      await runCommand(
        manager,
        world.a.id,
        { scheduleId: created.data.id, version: 1 },
        deleteScheduleCommand,
      ),
    ).toEqual({ status: "error", code: "stale" });
    expect(
      await runCommand(
        manager,
        world.a.id,
        { scheduleId: created.data.id, version: 2 },
        deleteScheduleCommand,
      ),
    ).toMatchObject({ status: "done" });
    expect(await getSchedule(manager, world.a.id, created.data.id)).toBeNull();
    expect(await auditActionsFor(world.a.id, created.data.id)).toEqual([
      "settings.schedule.create",
      "settings.schedule.update",
      "settings.schedule.delete",
    ]);
    // The update's "before" is the whole schedule: the exception it removed is there.
    expect(
      await auditBefore(world.a.id, created.data.id, "settings.schedule.update"),
    ).toMatchObject({ exceptions: [{ date: "2026-12-25", closed: true, note: "Christmas" }] });
  });

  it("overlapping hours, start after end and duplicate exception dates are refused", async () => {
    const result = await runCommand(
      owner().claims,
      world.a.id,
      scheduleInput("Bad", {
        weekly: {
          "2": [
            { start: "09:00", end: "14:00" },
            { start: "13:00", end: "18:00" },
          ],
        },
        exceptions: [
          { date: "2026-05-01", closed: true, intervals: [], note: "" },
          {
            date: "2026-05-01",
            closed: false,
            intervals: [{ start: "12:00", end: "10:00" }],
            note: "",
          },
        ],
      }),
      createScheduleCommand,
    );
    expect(result.status).toBe("invalid");
    if (result.status !== "invalid") return;
    expect(result.fieldErrors.weekly).toEqual(["orgSettings:overlap"]);
    expect(result.fieldErrors.exceptions).toEqual(
      expect.arrayContaining(["orgSettings:endBeforeStart", "orgSettings:duplicateDate"]),
    );
    const names = await runAsSystem(db(), "test", (tx) =>
      tx
        .select({ name: organisations.name })
        .from(organisations)
        .where(eq(organisations.id, world.a.id)),
    );
    expect(names).toHaveLength(1);
  });
});
