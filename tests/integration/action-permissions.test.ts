// First: the request scope sets up what Next's server sets up before its stores exist.
import {
  actionOutcome,
  cookieJars,
  quietConsole,
  type ActionOutcome,
} from "./support/request-scope";
import { repositoryRoot, serverActionFiles } from "./support/server-actions";
import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import { eq, sql, type SQL } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { idleState } from "@/lib/backoffice/action-state";
import { auditEntries } from "@/lib/audit/schema";
import { billingCharges, billingPaymentMethods, billingSubscriptions } from "@/lib/billing/schema";
import { saveSandboxCard } from "@/lib/billing/setups";
import {
  brands,
  productAttributes,
  productExternalIds,
  productVariants,
} from "@/lib/commerce/schema";
import { closeDb, getDb } from "@/lib/db/client";
import { runAsSystem } from "@/lib/db/run-context";
import { organisationFiles } from "@/lib/files/schema";
import { paymentBalanceEntries, paymentPayouts } from "@/lib/income/schema";
import { listingImages, listings } from "@/lib/listings/schema";
import { offers } from "@/lib/offers/schema";
import { orderRefunds, orders } from "@/lib/orders/schema";
import {
  employments,
  invitations,
  organisationContactEmails,
  organisationFaqs,
  organisationModules,
  organisations,
  rolePermissions,
  roles,
} from "@/lib/organisations/schema";
import type { Permission } from "@/lib/permissions/catalogue";
import { reviews } from "@/lib/reviews/schema";
import { schedules } from "@/lib/schedules/schema";
import { deliveryRates, discountCodes, sellingTerms } from "@/lib/selling-terms/schema";
import { taxClasses } from "@/lib/commerce/catalogue-types";
// The actions, as the pages import them.
import * as reviewActions from "@/app/[locale]/backoffice/organisation/[organisationId]/review/actions";
import * as paymentActions from "@/app/[locale]/backoffice/organisation/[organisationId]/payment/actions";
import * as permissionActions from "@/app/[locale]/backoffice/organisation/[organisationId]/settings/permissions/actions";
import * as settingsActions from "@/app/[locale]/backoffice/organisation/[organisationId]/settings/actions";
import * as moduleActions from "@/app/[locale]/backoffice/organisation/[organisationId]/settings/module/actions";
import * as scheduleActions from "@/app/[locale]/backoffice/organisation/[organisationId]/settings/schedule/actions";
import * as contactActions from "@/app/[locale]/backoffice/organisation/[organisationId]/settings/contact/actions";
import * as roleActions from "@/app/[locale]/backoffice/organisation/[organisationId]/settings/roles/actions";
import * as faqActions from "@/app/[locale]/backoffice/organisation/[organisationId]/settings/faq/actions";
import * as storageActions from "@/app/[locale]/backoffice/organisation/[organisationId]/storage/actions";
import * as brandActions from "@/app/[locale]/backoffice/organisation/[organisationId]/commerce/brand/actions";
import * as orderActions from "@/app/[locale]/backoffice/organisation/[organisationId]/commerce/order/actions";
import * as termsActions from "@/app/[locale]/backoffice/organisation/[organisationId]/commerce/settings/actions";
import * as productActions from "@/app/[locale]/backoffice/organisation/[organisationId]/commerce/product/actions";
import * as offerActions from "@/app/[locale]/backoffice/organisation/[organisationId]/commerce/offer/actions";
import * as discountActions from "@/app/[locale]/backoffice/organisation/[organisationId]/commerce/discount/actions";
import * as billingActions from "@/lib/billing/actions";
import * as peopleActions from "@/lib/people/actions";
import { card, VISA } from "./support/billing";
import { enableCommerce, productInput, seedProduct, variant } from "./support/commerce";
import { enableStorageModule, seedFile, seedFolder, useTemporaryStorage } from "./support/files";
import {
  addMember,
  allPermissionsBut,
  createCustomRole,
  createOrganisationWorld,
  createTestUser,
  type OrganisationWorld,
  setRolePermissions,
  type TestMember,
} from "./support/organisations";
import { scheduleInput, seedContactEmail, seedFaq, seedSchedule } from "./support/settings";

/**
 * Which permissions the code asked for, and what it was told. Row-level security repeats most
 * checks (docs/backoffice.md), so a command whose own check names the wrong permission may
 * still be refused, by a policy that hides its row. To see the code's own check, the access
 * objects the doors resolve are observed (not replaced): each `can` is recorded with its real
 * answer. A refusal must come from asking for the permission the probe lacks.
 */
const asked = vi.hoisted(() => [] as { permission: string; granted: boolean }[]);

vi.mock(import("@/lib/organisations/access"), async (importOriginal) => {
  const actual = await importOriginal();
  type Access = Awaited<ReturnType<typeof actual.resolveAccessInTx>>;
  const observed = (access: Access): Access =>
    access && {
      ...access,
      can: (permission) => {
        const granted = access.can(permission);
        asked.push({ permission, granted });
        return granted;
      },
    };
  return {
    ...actual,
    resolveAccessInTx: async (...args: Parameters<typeof actual.resolveAccessInTx>) =>
      observed(await actual.resolveAccessInTx(...args)),
    getOrganisationAccess: async (organisationId: string) =>
      observed(await actual.getOrganisationAccess(organisationId)),
  };
});

/**
 * "A role rule skipped on two actions" (an outside review): the door tests check pages and
 * route handlers, the command tests call the lib functions; nothing called every back-office
 * action, as Next calls it, and checked the permission it asks for. Here each organisation
 * action (the table below; a guard walks the "use server" files so a new one cannot escape)
 * is called with one valid input made for it (its own fresh rows in organisation A):
 *
 * 1. by a probe member of A whose custom role holds every permission of the catalogue but the
 *    one the action needs (once per permission it needs): refused exactly (`notFound`, the
 *    404 of notFound(), or the action's `error=notFound` redirect), nothing written;
 * 2. by the owner of B with A's organisation id and A's row ids: refused, nothing written;
 * 3. by the owner of A: done (the positive control: the input is valid and the snapshot sees
 *    the write, so the refusals above are the permission's, not validation's).
 *
 * The refusals run first, the success last, so an action that consumes its row (delete,
 * cancel) needs one baseline only. "Nothing written" is the action's own rows (its snapshot)
 * and A's audit entries.
 */
let world: OrganisationWorld;
let probe: TestMember;
let probeRoleId: string;
let cleanStorage: () => Promise<void>;

const db = () => getDb();
const A = () => world.a.id;

const jarOf = cookieJars();

/** The probe's role now holds exactly these permissions. */
const grant = (permissions: readonly Permission[]) =>
  setRolePermissions(db(), A(), probeRoleId, permissions);

const allBut = allPermissionsBut;

beforeAll(async () => {
  cleanStorage = await useTemporaryStorage();
  world = await createOrganisationWorld(db());
  probeRoleId = await createCustomRole(db(), world.a.id, "Probe", []);
  probe = await addMember(db(), world.a.id, probeRoleId, "a-probe");
  // The enterprise tier: no seat limit, so the invitation's positive control has a seat.
  await enableCommerce(db(), world.a.id, "enterprise");
  await enableStorageModule(db(), world.a.id);
  // B has the same modules on: its owner's refusal is A's door, not a module that is off.
  await enableCommerce(db(), world.b.id);
  await enableStorageModule(db(), world.b.id);
});

afterAll(async () => {
  await cleanStorage();
  await closeDb();
});

quietConsole();

type Outcome = ActionOutcome;
const outcomeOf = actionOutcome;

/** A refusal, exactly: the door's notFound in each of the forms an action answers it. */
function isRefusal(outcome: Outcome): boolean {
  if (outcome.kind === "status") return outcome.status === 404;
  if (outcome.kind === "redirect") return /[?&]error=notFound(&|$)/.test(outcome.target);
  const value = outcome.value as { status?: unknown; code?: unknown } | null;
  return value?.status === "error" && value.code === "notFound";
}

/** A success: a done state, or a redirect that names no error. */
function isSuccess(outcome: Outcome): boolean {
  if (outcome.kind === "status") return false;
  if (outcome.kind === "redirect") return !/[?&]error=/.test(outcome.target);
  return (outcome.value as { status?: unknown } | null)?.status === "done";
}

function form(fields: Record<string, string | string[]>): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    for (const one of Array.isArray(value) ? value : [value]) data.append(name, one);
  }
  return data;
}

// ── Snapshots: what an action would change ───────────────────────────────────────────────

/** The rows of a table that match, as sorted JSON (order-independent, comparable). */
async function rows(table: PgTable, where: SQL | undefined): Promise<string[]> {
  const found = await runAsSystem(db(), "test: snapshot", (tx) =>
    tx.select().from(table).where(where),
  );
  return found.map((row) => JSON.stringify(row)).sort();
}

async function auditCount(organisationId: string): Promise<number> {
  const [row] = await runAsSystem(db(), "test: audit count", (tx) =>
    tx
      .select({ n: sql<number>`count(*)::int` })
      .from(auditEntries)
      .where(eq(auditEntries.organisationId, organisationId)),
  );
  return row?.n ?? 0;
}

// ── Seeds: each case's own rows in A ─────────────────────────────────────────────────────

const system = <T>(label: string, fn: Parameters<typeof runAsSystem<T>>[2]) =>
  runAsSystem(db(), `test: ${label}`, fn);

async function versionOf(table: "listing" | "brand" | "organisation", id: string) {
  return system("version", async (tx) => {
    if (table === "listing") {
      const [row] = await tx
        .select({ v: listings.version })
        .from(listings)
        .where(eq(listings.id, id));
      return String(row!.v);
    }
    if (table === "brand") {
      const [row] = await tx.select({ v: brands.version }).from(brands).where(eq(brands.id, id));
      return String(row!.v);
    }
    const [row] = await tx
      .select({ v: organisations.version })
      .from(organisations)
      .where(eq(organisations.id, id));
    return String(row!.v);
  });
}

async function seedImages(listingId: string, n: number): Promise<{ id: string; fileId: string }[]> {
  const made: { id: string; fileId: string }[] = [];
  for (let position = 0; position < n; position++) {
    const file = await seedFile(db(), A(), `image-${randomUUID().slice(0, 6)}.webp`, {
      contentType: "image/webp",
      isPublic: true,
    });
    const id = randomUUID();
    await system("image", (tx) =>
      tx.insert(listingImages).values({
        id,
        organisationId: A(),
        listingId,
        fileId: file.id,
        position,
        width: 10,
        height: 10,
      }),
    );
    made.push({ id, fileId: file.id });
  }
  return made;
}

async function seedOrder(): Promise<string> {
  const id = randomUUID();
  await system("order", (tx) =>
    tx.insert(orders).values({
      id,
      organisationId: A(),
      buyerUserId: world.outsider.userId,
      sellerName: "A",
      reference: `PERM-${randomUUID().slice(0, 6).toUpperCase()}`,
      status: "confirmed",
      paymentStatus: "paid",
      currency: "EUR",
      subtotalMinor: 1000,
      totalMinor: 1000,
      contact: { name: "Buyer", email: world.outsider.email, phone: null },
      delivery: { method: "pickup", name: "Pickup", note: null, priceMinor: 0 },
      holdExpiresAt: new Date(Date.now() + 600_000),
    }),
  );
  return id;
}

const orderRows = (orderId: string) =>
  Promise.all([
    rows(orders, eq(orders.id, orderId)),
    rows(orderRefunds, eq(orderRefunds.orderId, orderId)),
  ]);

async function seedReview(): Promise<{ reviewId: string; listingId: string }> {
  const { productId } = await seedProduct(db(), A());
  const author = await createTestUser(db(), "reviewer");
  const reviewId = randomUUID();
  await system("review", async (tx) => {
    await tx
      .update(listings)
      .set({ status: "published", publishedAt: new Date() })
      .where(eq(listings.id, productId));
    await tx.insert(reviews).values({
      id: reviewId,
      organisationId: A(),
      listingId: productId,
      authorUserId: author.userId,
      rating: 4,
      body: "Good.",
    });
  });
  return { reviewId, listingId: productId };
}

async function staffMember(status: "active" | "suspended" = "active"): Promise<TestMember> {
  return addMember(db(), A(), world.a.roleIds.staff, `target-${status}`, status);
}

const employmentRows = (id: string) => rows(employments, eq(employments.id, id));

async function seedInvitation(): Promise<string> {
  const id = randomUUID();
  await system("invitation", (tx) =>
    tx.insert(invitations).values({
      id,
      organisationId: A(),
      email: `invitee-${id.slice(0, 8)}@example.test`,
      roleId: world.a.roleIds.viewer,
      invitedBy: world.a.members.owner.userId,
      expiresAt: new Date(Date.now() + 7 * 86_400_000),
      lastSentAt: new Date(Date.now() - 86_400_000),
    }),
  );
  return id;
}

async function seedModule(module: "crm", enabled: boolean) {
  await system("module", (tx) =>
    tx
      .insert(organisationModules)
      .values({ organisationId: A(), module, tier: "free", enabled })
      .onConflictDoUpdate({
        target: [organisationModules.organisationId, organisationModules.module],
        set: { enabled, tier: "free" },
      }),
  );
}

async function seedDiscount(): Promise<{ id: string; code: string }> {
  const id = randomUUID();
  const code = `PERM${id.slice(0, 6).toUpperCase()}`;
  await system("discount", (tx) =>
    tx.insert(discountCodes).values({
      id,
      organisationId: A(),
      code,
      kind: "percent",
      basisPoints: 1000,
      currency: "EUR",
    }),
  );
  return { id, code };
}

async function seedDeliveryRate(): Promise<string> {
  const id = randomUUID();
  await system("delivery rate", (tx) =>
    tx.insert(deliveryRates).values({
      id,
      organisationId: A(),
      name: `Courier ${id.slice(0, 4)}`,
      priceMinor: 495,
      currency: "EUR",
    }),
  );
  return id;
}

async function seedOffer(listingId: string, startsInHours: number): Promise<string> {
  const id = randomUUID();
  await system("offer", (tx) =>
    tx.insert(offers).values({
      id,
      organisationId: A(),
      listingId,
      title: "Permission offer",
      kind: "percentage",
      value: 10,
      startsAt: new Date(Date.now() + startsInHours * 3_600_000),
      endsAt: new Date(Date.now() + (startsInHours + 48) * 3_600_000),
    }),
  );
  return id;
}

/** A card saved for A through the payment sandbox, as the card form saves it; its row id. */
async function seedPaymentMethod(): Promise<string> {
  const saved = await saveSandboxCard(
    { kind: "organisation", organisationId: A() },
    randomUUID(),
    "/backoffice",
    card(VISA),
  );
  expect(saved).toEqual({ outcome: "saved" });
  const [method] = await system("saved card", (tx) =>
    tx
      .select({ id: billingPaymentMethods.id })
      .from(billingPaymentMethods)
      .where(eq(billingPaymentMethods.organisationId, A()))
      .orderBy(sql`${billingPaymentMethods.createdAt} desc`)
      .limit(1),
  );
  return method!.id;
}

const unique = (label: string) => `${label} ${randomUUID().slice(0, 6)}`;
const later = (days: number) => {
  const d = new Date(Date.now() + days * 86_400_000);
  return d.toISOString().slice(0, 16);
};

// ── The table ────────────────────────────────────────────────────────────────────────────

interface Baseline {
  /** The form's fields besides organisationId. */
  fields: Record<string, string | string[]>;
  /** A snapshot of what the action would change (compared before and after each refusal). */
  written: () => Promise<unknown>;
}

interface Case {
  /** The action's export name and its file (relative to the repository). */
  name: string;
  /** When an export has more than one case: what this one does that needs more. */
  variant?: string;
  file: string;
  action: (...args: never[]) => Promise<unknown>;
  /** `state`: (previous, formData), useActionState's; `form`: (formData), a plain form post. */
  shape: "state" | "form";
  /** The permissions it needs: a probe lacking any one of them is refused. */
  permissions: Permission[];
  /**
   * Of those, the ones a policy enforces before the code's own check is reached (a row the
   * caller may not read is not found): refused, nothing written, but the code is not asked.
   */
  enforcedByPolicy?: Permission[];
  baseline: () => Promise<Baseline>;
}

const BO = "app/[locale]/backoffice/organisation/[organisationId]";

const cases: Case[] = [
  // ── Settings: organisation profile, modules, roles, permissions ──
  {
    name: "updateOrganisationProfileAction",
    file: `${BO}/settings/actions.ts`,
    action: settingsActions.updateOrganisationProfileAction,
    shape: "state",
    permissions: ["settings.organisation.write"],
    baseline: async () => ({
      fields: {
        version: await versionOf("organisation", A()),
        name: world.a.name,
        description: unique("About A"),
        timeZone: "Europe/Madrid",
        currency: "EUR",
        locale: "en",
        country: "ES",
      },
      written: () => rows(organisations, eq(organisations.id, A())),
    }),
  },
  {
    name: "enableModuleAction",
    file: `${BO}/settings/module/actions.ts`,
    action: moduleActions.enableModuleAction,
    shape: "state",
    permissions: ["settings.module.write"],
    baseline: async () => {
      await seedModule("crm", false);
      return {
        fields: { module: "crm", tier: "free" },
        written: () => rows(organisationModules, eq(organisationModules.organisationId, A())),
      };
    },
  },
  {
    name: "disableModuleAction",
    file: `${BO}/settings/module/actions.ts`,
    action: moduleActions.disableModuleAction,
    shape: "state",
    permissions: ["settings.module.write"],
    baseline: async () => {
      await seedModule("crm", true);
      return {
        fields: { module: "crm" },
        written: () => rows(organisationModules, eq(organisationModules.organisationId, A())),
      };
    },
  },
  {
    name: "createRoleAction",
    file: `${BO}/settings/roles/actions.ts`,
    action: roleActions.createRoleAction,
    shape: "state",
    permissions: ["settings.role.write"],
    baseline: async () => ({
      fields: { name: unique("Packers"), description: "Pack orders." },
      written: () => rows(roles, eq(roles.organisationId, A())),
    }),
  },
  {
    name: "updateRoleAction",
    file: `${BO}/settings/roles/actions.ts`,
    action: roleActions.updateRoleAction,
    shape: "state",
    permissions: ["settings.role.write"],
    baseline: async () => {
      const roleId = await createCustomRole(db(), A(), unique("Old"), []);
      return {
        fields: { roleId, version: "1", name: unique("Renamed"), description: "" },
        written: () => rows(roles, eq(roles.id, roleId)),
      };
    },
  },
  {
    name: "deleteRoleAction",
    file: `${BO}/settings/roles/actions.ts`,
    action: roleActions.deleteRoleAction,
    shape: "state",
    permissions: ["settings.role.write"],
    baseline: async () => {
      const roleId = await createCustomRole(db(), A(), unique("Doomed"), []);
      return { fields: { roleId }, written: () => rows(roles, eq(roles.id, roleId)) };
    },
  },
  {
    name: "saveRolePermissionsAction",
    file: `${BO}/settings/permissions/actions.ts`,
    action: permissionActions.saveRolePermissionsAction,
    shape: "state",
    permissions: ["settings.role.write"],
    baseline: async () => {
      const roleId = await createCustomRole(db(), A(), unique("Matrix"), []);
      return {
        fields: { roleId, version: "1", permissions: ["commerce.product.read"] },
        written: () =>
          Promise.all([
            rows(roles, eq(roles.id, roleId)),
            rows(rolePermissions, eq(rolePermissions.roleId, roleId)),
          ]),
      };
    },
  },
  // ── Settings: FAQ, contact emails, schedules ──
  {
    name: "createFaqAction",
    file: `${BO}/settings/faq/actions.ts`,
    action: faqActions.createFaqAction,
    shape: "state",
    permissions: ["settings.faq.write"],
    baseline: async () => ({
      fields: { question: unique("Do you ship?"), answer: "Yes." },
      written: () => rows(organisationFaqs, eq(organisationFaqs.organisationId, A())),
    }),
  },
  {
    name: "updateFaqAction",
    file: `${BO}/settings/faq/actions.ts`,
    action: faqActions.updateFaqAction,
    shape: "state",
    permissions: ["settings.faq.write"],
    baseline: async () => {
      const faqId = await seedFaq(A(), unique("Old question"), 900);
      return {
        fields: { faqId, version: "1", question: unique("New question"), answer: "New." },
        written: () => rows(organisationFaqs, eq(organisationFaqs.id, faqId)),
      };
    },
  },
  {
    name: "deleteFaqAction",
    file: `${BO}/settings/faq/actions.ts`,
    action: faqActions.deleteFaqAction,
    shape: "state",
    permissions: ["settings.faq.write"],
    baseline: async () => {
      const faqId = await seedFaq(A(), unique("Doomed question"), 901);
      return {
        fields: { faqId },
        written: () => rows(organisationFaqs, eq(organisationFaqs.id, faqId)),
      };
    },
  },
  {
    name: "moveFaqAction",
    file: `${BO}/settings/faq/actions.ts`,
    action: faqActions.moveFaqAction,
    shape: "state",
    permissions: ["settings.faq.write"],
    baseline: async () => {
      await seedFaq(A(), unique("First"), 950);
      const faqId = await seedFaq(A(), unique("Second"), 951);
      return {
        fields: { faqId, direction: "up" },
        written: () => rows(organisationFaqs, eq(organisationFaqs.organisationId, A())),
      };
    },
  },
  {
    name: "addContactEmailAction",
    file: `${BO}/settings/contact/actions.ts`,
    action: contactActions.addContactEmailAction,
    shape: "state",
    permissions: ["settings.contact.write"],
    baseline: async () => ({
      fields: { email: `contact-${randomUUID().slice(0, 8)}@example.test` },
      written: () =>
        rows(organisationContactEmails, eq(organisationContactEmails.organisationId, A())),
    }),
  },
  {
    name: "resendContactEmailAction",
    file: `${BO}/settings/contact/actions.ts`,
    action: contactActions.resendContactEmailAction,
    shape: "state",
    permissions: ["settings.contact.write"],
    baseline: async () => {
      const id = await seedContactEmail(A(), `resend-${randomUUID().slice(0, 8)}@example.test`);
      return {
        fields: { contactEmailId: id },
        written: () => rows(organisationContactEmails, eq(organisationContactEmails.id, id)),
      };
    },
  },
  {
    name: "removeContactEmailAction",
    file: `${BO}/settings/contact/actions.ts`,
    action: contactActions.removeContactEmailAction,
    shape: "state",
    permissions: ["settings.contact.write"],
    baseline: async () => {
      const id = await seedContactEmail(A(), `remove-${randomUUID().slice(0, 8)}@example.test`, {
        verified: true,
      });
      return {
        fields: { contactEmailId: id },
        written: () => rows(organisationContactEmails, eq(organisationContactEmails.id, id)),
      };
    },
  },
  {
    name: "makePrimaryContactEmailAction",
    file: `${BO}/settings/contact/actions.ts`,
    action: contactActions.makePrimaryContactEmailAction,
    shape: "state",
    permissions: ["settings.contact.write"],
    baseline: async () => {
      const id = await seedContactEmail(A(), `primary-${randomUUID().slice(0, 8)}@example.test`, {
        verified: true,
      });
      return {
        fields: { contactEmailId: id },
        written: () =>
          rows(organisationContactEmails, eq(organisationContactEmails.organisationId, A())),
      };
    },
  },
  {
    name: "createScheduleAction",
    file: `${BO}/settings/schedule/actions.ts`,
    action: scheduleActions.createScheduleAction,
    shape: "state",
    permissions: ["settings.schedule.write"],
    baseline: async () => ({
      fields: { payload: JSON.stringify(scheduleInput(unique("Hours"))) },
      written: () => rows(schedules, eq(schedules.organisationId, A())),
    }),
  },
  {
    name: "updateScheduleAction",
    file: `${BO}/settings/schedule/actions.ts`,
    action: scheduleActions.updateScheduleAction,
    shape: "state",
    permissions: ["settings.schedule.write"],
    baseline: async () => {
      const row = await seedSchedule(A(), unique("Old hours"));
      return {
        fields: {
          payload: JSON.stringify({
            ...scheduleInput(unique("New hours")),
            scheduleId: row.id,
            version: row.version,
          }),
        },
        written: () => rows(schedules, eq(schedules.id, row.id)),
      };
    },
  },
  {
    name: "deleteScheduleAction",
    file: `${BO}/settings/schedule/actions.ts`,
    action: scheduleActions.deleteScheduleAction,
    shape: "state",
    permissions: ["settings.schedule.write"],
    baseline: async () => {
      const row = await seedSchedule(A(), unique("Doomed hours"));
      return {
        fields: { scheduleId: row.id, version: String(row.version) },
        written: () => rows(schedules, eq(schedules.id, row.id)),
      };
    },
  },
  // ── People ──
  {
    name: "inviteAction",
    file: "lib/people/actions.ts",
    action: peopleActions.inviteAction,
    shape: "state",
    // Inviting shows the invitations (and who is already invited): it needs their read too.
    permissions: ["people.invitation.write", "people.invitation.read"],
    baseline: async () => ({
      fields: {
        email: `invited-${randomUUID().slice(0, 8)}@example.test`,
        roleId: world.a.roleIds.viewer,
      },
      written: () => rows(invitations, eq(invitations.organisationId, A())),
    }),
  },
  {
    name: "resendInvitationAction",
    file: "lib/people/actions.ts",
    action: peopleActions.resendInvitationAction,
    shape: "state",
    // The invitations' read policy comes first: without it the invitation is not found.
    permissions: ["people.invitation.write", "people.invitation.read"],
    enforcedByPolicy: ["people.invitation.read"],
    baseline: async () => {
      const id = await seedInvitation();
      return {
        fields: { invitationId: id },
        written: () => rows(invitations, eq(invitations.id, id)),
      };
    },
  },
  {
    name: "revokeInvitationAction",
    file: "lib/people/actions.ts",
    action: peopleActions.revokeInvitationAction,
    shape: "state",
    // The invitations' read policy comes first: without it the invitation is not found.
    permissions: ["people.invitation.write", "people.invitation.read"],
    enforcedByPolicy: ["people.invitation.read"],
    baseline: async () => {
      const id = await seedInvitation();
      return {
        fields: { invitationId: id },
        written: () => rows(invitations, eq(invitations.id, id)),
      };
    },
  },
  {
    name: "changeRoleAction",
    file: "lib/people/actions.ts",
    action: peopleActions.changeRoleAction,
    shape: "state",
    permissions: ["people.employment.write"],
    baseline: async () => {
      const target = await staffMember();
      return {
        fields: {
          employmentId: target.employmentId,
          version: "1",
          roleId: world.a.roleIds.viewer,
        },
        written: () => employmentRows(target.employmentId),
      };
    },
  },
  {
    name: "suspendEmploymentAction",
    file: "lib/people/actions.ts",
    action: peopleActions.suspendEmploymentAction,
    shape: "state",
    permissions: ["people.employment.write"],
    baseline: async () => {
      const target = await staffMember();
      return {
        fields: { employmentId: target.employmentId, version: "1" },
        written: () => employmentRows(target.employmentId),
      };
    },
  },
  {
    name: "reactivateEmploymentAction",
    file: "lib/people/actions.ts",
    action: peopleActions.reactivateEmploymentAction,
    shape: "state",
    permissions: ["people.employment.write"],
    baseline: async () => {
      const target = await staffMember("suspended");
      return {
        fields: { employmentId: target.employmentId, version: "1" },
        written: () => employmentRows(target.employmentId),
      };
    },
  },
  {
    name: "endEmploymentAction",
    file: "lib/people/actions.ts",
    action: peopleActions.endEmploymentAction,
    shape: "state",
    permissions: ["people.employment.write"],
    baseline: async () => {
      const target = await staffMember();
      return {
        fields: { employmentId: target.employmentId, version: "1" },
        written: () => employmentRows(target.employmentId),
      };
    },
  },
  // ── Storage ──
  {
    name: "createFolderAction",
    file: `${BO}/storage/actions.ts`,
    action: storageActions.createFolderAction,
    shape: "state",
    permissions: ["storage.file.write"],
    baseline: async () => ({
      fields: { parentId: "", name: unique("Folder") },
      written: () => rows(organisationFiles, eq(organisationFiles.organisationId, A())),
    }),
  },
  {
    name: "renameFileAction",
    file: `${BO}/storage/actions.ts`,
    action: storageActions.renameFileAction,
    shape: "state",
    permissions: ["storage.file.write"],
    baseline: async () => {
      const { id } = await seedFile(db(), A(), `${unique("old")}.txt`);
      return {
        fields: { id, name: `${unique("new")}.txt` },
        written: () => rows(organisationFiles, eq(organisationFiles.id, id)),
      };
    },
  },
  {
    name: "moveFileAction",
    file: `${BO}/storage/actions.ts`,
    action: storageActions.moveFileAction,
    shape: "state",
    permissions: ["storage.file.write"],
    baseline: async () => {
      const { id } = await seedFile(db(), A(), `${unique("moving")}.txt`);
      const targetId = await seedFolder(db(), A(), unique("Target"));
      return {
        fields: { id, targetId },
        written: () => rows(organisationFiles, eq(organisationFiles.id, id)),
      };
    },
  },
  {
    name: "deleteFileAction",
    file: `${BO}/storage/actions.ts`,
    action: storageActions.deleteFileAction,
    shape: "state",
    permissions: ["storage.file.delete"],
    baseline: async () => {
      const { id } = await seedFile(db(), A(), `${unique("doomed")}.txt`);
      return {
        fields: { id },
        written: () => rows(organisationFiles, eq(organisationFiles.id, id)),
      };
    },
  },
  // ── Commerce: brands ──
  {
    name: "createBrandAction",
    file: `${BO}/commerce/brand/actions.ts`,
    action: brandActions.createBrandAction,
    shape: "state",
    permissions: ["commerce.brand.write"],
    baseline: async () => ({
      fields: { name: unique("Brand"), description: "", website: "" },
      written: () => rows(brands, eq(brands.organisationId, A())),
    }),
  },
  {
    name: "updateBrandAction",
    file: `${BO}/commerce/brand/actions.ts`,
    action: brandActions.updateBrandAction,
    shape: "state",
    permissions: ["commerce.brand.write"],
    baseline: async () => {
      const { brandId } = await seedProduct(db(), A());
      return {
        fields: {
          brandId,
          version: await versionOf("brand", brandId),
          name: unique("Renamed brand"),
          description: "",
          website: "",
        },
        written: () => rows(brands, eq(brands.id, brandId)),
      };
    },
  },
  {
    name: "deleteBrandAction",
    file: `${BO}/commerce/brand/actions.ts`,
    action: brandActions.deleteBrandAction,
    shape: "state",
    permissions: ["commerce.brand.write"],
    baseline: async () => {
      const brandId = randomUUID();
      await system("brand", (tx) =>
        tx.insert(brands).values({ id: brandId, organisationId: A(), name: unique("Doomed") }),
      );
      return {
        fields: { brandId, version: "1" },
        written: () => rows(brands, eq(brands.id, brandId)),
      };
    },
  },
  // ── Commerce: products ──
  {
    name: "createProductAction",
    file: `${BO}/commerce/product/actions.ts`,
    action: productActions.createProductAction,
    shape: "state",
    permissions: ["commerce.product.write"],
    baseline: async () => ({
      fields: productInput(unique("Phone")) as Record<string, string>,
      written: () => rows(listings, eq(listings.organisationId, A())),
    }),
  },
  {
    name: "updateProductAction",
    file: `${BO}/commerce/product/actions.ts`,
    action: productActions.updateProductAction,
    shape: "state",
    permissions: ["commerce.product.write"],
    baseline: async () => {
      const { productId } = await seedProduct(db(), A());
      const { price: _price, ...fields } = productInput(unique("Updated")) as Record<
        string,
        string
      >;
      return {
        fields: { ...fields, productId, version: await versionOf("listing", productId) },
        written: () => rows(listings, eq(listings.id, productId)),
      };
    },
  },
  {
    name: "saveVariantsAction",
    file: `${BO}/commerce/product/actions.ts`,
    action: productActions.saveVariantsAction,
    shape: "state",
    permissions: ["commerce.product.write"],
    baseline: async () => {
      const { productId } = await seedProduct(db(), A());
      return {
        fields: {
          payload: JSON.stringify({
            productId,
            version: Number(await versionOf("listing", productId)),
            options: [{ name: "Size", values: ["S", "M"] }],
            variants: [variant(["S"], "5.00"), variant(["M"], "6.00")],
          }),
        },
        written: () => rows(productVariants, eq(productVariants.productId, productId)),
      };
    },
  },
  {
    name: "setProductStatusAction",
    file: `${BO}/commerce/product/actions.ts`,
    action: productActions.setProductStatusAction,
    shape: "state",
    permissions: ["commerce.product.write"],
    baseline: async () => {
      const { productId } = await seedProduct(db(), A());
      return {
        fields: { action: "archive", productIds: productId },
        written: () => rows(listings, eq(listings.id, productId)),
      };
    },
  },
  {
    name: "setProductStatusAction",
    variant: "unpublish",
    file: `${BO}/commerce/product/actions.ts`,
    action: productActions.setProductStatusAction,
    shape: "state",
    // Publishing and unpublishing also need commerce.product.publish (product-status.ts).
    permissions: ["commerce.product.write", "commerce.product.publish"],
    baseline: async () => {
      const { productId } = await seedProduct(db(), A());
      await system("published", (tx) =>
        tx
          .update(listings)
          .set({ status: "published", publishedAt: new Date() })
          .where(eq(listings.id, productId)),
      );
      return {
        fields: { action: "unpublish", productIds: productId },
        written: () => rows(listings, eq(listings.id, productId)),
      };
    },
  },
  {
    name: "duplicateProductAction",
    file: `${BO}/commerce/product/actions.ts`,
    action: productActions.duplicateProductAction,
    shape: "state",
    permissions: ["commerce.product.write"],
    baseline: async () => {
      const { productId } = await seedProduct(db(), A());
      return {
        fields: { productId, version: await versionOf("listing", productId) },
        written: () => rows(listings, eq(listings.organisationId, A())),
      };
    },
  },
  {
    name: "createAttributeAction",
    file: `${BO}/commerce/product/actions.ts`,
    action: productActions.createAttributeAction,
    shape: "state",
    permissions: ["commerce.product.write"],
    baseline: async () => {
      const { productId } = await seedProduct(db(), A());
      return {
        fields: { productId, name: "Weight", type: "number", value: "3", unit: "kg" },
        written: () => rows(productAttributes, eq(productAttributes.productId, productId)),
      };
    },
  },
  {
    name: "updateAttributeAction",
    file: `${BO}/commerce/product/actions.ts`,
    action: productActions.updateAttributeAction,
    shape: "state",
    permissions: ["commerce.product.write"],
    baseline: async () => {
      const { productId, attributeName } = await seedProduct(db(), A());
      return {
        fields: {
          productId,
          attributeName,
          name: attributeName,
          type: "number",
          value: "400",
        },
        written: () => rows(productAttributes, eq(productAttributes.productId, productId)),
      };
    },
  },
  {
    name: "deleteAttributeAction",
    file: `${BO}/commerce/product/actions.ts`,
    action: productActions.deleteAttributeAction,
    shape: "state",
    permissions: ["commerce.product.write"],
    baseline: async () => {
      const { productId, attributeName } = await seedProduct(db(), A());
      return {
        fields: { productId, attributeName },
        written: () => rows(productAttributes, eq(productAttributes.productId, productId)),
      };
    },
  },
  {
    name: "createExternalIdAction",
    file: `${BO}/commerce/product/actions.ts`,
    action: productActions.createExternalIdAction,
    shape: "state",
    permissions: ["commerce.product.write"],
    baseline: async () => {
      const { productId } = await seedProduct(db(), A());
      return {
        fields: { productId, type: "mpn", value: `NEW-${randomUUID().slice(0, 6)}` },
        written: () => rows(productExternalIds, eq(productExternalIds.productId, productId)),
      };
    },
  },
  {
    name: "updateExternalIdAction",
    file: `${BO}/commerce/product/actions.ts`,
    action: productActions.updateExternalIdAction,
    shape: "state",
    permissions: ["commerce.product.write"],
    baseline: async () => {
      const { productId, externalId } = await seedProduct(db(), A());
      return {
        fields: { productId, externalId, type: "mpn", value: `UPD-${randomUUID().slice(0, 6)}` },
        written: () => rows(productExternalIds, eq(productExternalIds.productId, productId)),
      };
    },
  },
  {
    name: "deleteExternalIdAction",
    file: `${BO}/commerce/product/actions.ts`,
    action: productActions.deleteExternalIdAction,
    shape: "state",
    permissions: ["commerce.product.write"],
    baseline: async () => {
      const { productId, externalId } = await seedProduct(db(), A());
      return {
        fields: { productId, externalId },
        written: () => rows(productExternalIds, eq(productExternalIds.productId, productId)),
      };
    },
  },
  {
    name: "setImageAltTextAction",
    file: `${BO}/commerce/product/actions.ts`,
    action: productActions.setImageAltTextAction,
    shape: "state",
    permissions: ["commerce.product.write"],
    baseline: async () => {
      const { productId } = await seedProduct(db(), A());
      const [image] = await seedImages(productId, 1);
      return {
        fields: { listingId: productId, imageId: image!.id, altText: "A phone, front" },
        written: () => rows(listingImages, eq(listingImages.listingId, productId)),
      };
    },
  },
  {
    name: "moveImageAction",
    file: `${BO}/commerce/product/actions.ts`,
    action: productActions.moveImageAction,
    shape: "state",
    permissions: ["commerce.product.write"],
    baseline: async () => {
      const { productId } = await seedProduct(db(), A());
      const images = await seedImages(productId, 2);
      return {
        fields: { listingId: productId, imageId: images[1]!.id, to: "first" },
        written: () => rows(listingImages, eq(listingImages.listingId, productId)),
      };
    },
  },
  {
    name: "removeImageAction",
    file: `${BO}/commerce/product/actions.ts`,
    action: productActions.removeImageAction,
    shape: "state",
    // The image is a file of the organisation's storage: deleting it asks for that too.
    permissions: ["commerce.product.write", "storage.file.delete"],
    baseline: async () => {
      const { productId } = await seedProduct(db(), A());
      const [image] = await seedImages(productId, 1);
      return {
        fields: { listingId: productId, imageId: image!.id },
        written: () =>
          Promise.all([
            rows(listingImages, eq(listingImages.listingId, productId)),
            rows(organisationFiles, eq(organisationFiles.id, image!.fileId)),
          ]),
      };
    },
  },
  {
    name: "setProductLocationAction",
    file: `${BO}/commerce/product/actions.ts`,
    action: productActions.setProductLocationAction,
    shape: "state",
    permissions: ["commerce.product.write"],
    baseline: async () => {
      const { productId } = await seedProduct(db(), A());
      return {
        fields: {
          listingId: productId,
          version: await versionOf("listing", productId),
          city: "Madrid",
          country: "ES",
        },
        written: () => rows(listings, eq(listings.id, productId)),
      };
    },
  },
  // ── Commerce: offers, discounts, selling terms ──
  {
    name: "createOfferAction",
    file: `${BO}/commerce/offer/actions.ts`,
    action: offerActions.createOfferAction,
    shape: "state",
    permissions: ["commerce.offer.write"],
    baseline: async () => {
      const { productId } = await seedProduct(db(), A());
      return {
        fields: {
          listingId: productId,
          title: unique("Sale"),
          kind: "percentage",
          value: "15",
          startsAt: later(10),
          endsAt: later(20),
          usageLimit: "",
        },
        written: () => rows(offers, eq(offers.listingId, productId)),
      };
    },
  },
  {
    name: "updateOfferAction",
    file: `${BO}/commerce/offer/actions.ts`,
    action: offerActions.updateOfferAction,
    shape: "state",
    permissions: ["commerce.offer.write"],
    baseline: async () => {
      const { productId } = await seedProduct(db(), A());
      const offerId = await seedOffer(productId, 240);
      return {
        fields: {
          offerId,
          version: "1",
          listingId: productId,
          title: unique("Updated sale"),
          kind: "percentage",
          value: "20",
          startsAt: later(10),
          endsAt: later(20),
          usageLimit: "",
        },
        written: () => rows(offers, eq(offers.id, offerId)),
      };
    },
  },
  {
    name: "endOfferAction",
    file: `${BO}/commerce/offer/actions.ts`,
    action: offerActions.endOfferAction,
    shape: "state",
    permissions: ["commerce.offer.write"],
    baseline: async () => {
      const { offerId } = await seedProduct(db(), A());
      return {
        fields: { offerId, version: "1" },
        written: () => rows(offers, eq(offers.id, offerId)),
      };
    },
  },
  {
    name: "deleteOfferAction",
    file: `${BO}/commerce/offer/actions.ts`,
    action: offerActions.deleteOfferAction,
    shape: "state",
    permissions: ["commerce.offer.write"],
    baseline: async () => {
      const { productId } = await seedProduct(db(), A());
      const offerId = await seedOffer(productId, 240);
      return {
        fields: { offerId, version: "1" },
        written: () => rows(offers, eq(offers.id, offerId)),
      };
    },
  },
  {
    name: "createDiscountAction",
    file: `${BO}/commerce/discount/actions.ts`,
    action: discountActions.createDiscountAction,
    shape: "state",
    permissions: ["commerce.discount.write"],
    baseline: async () => ({
      fields: { code: `NEW${randomUUID().slice(0, 6)}`, kind: "percent", value: "10" },
      written: () => rows(discountCodes, eq(discountCodes.organisationId, A())),
    }),
  },
  {
    name: "updateDiscountAction",
    file: `${BO}/commerce/discount/actions.ts`,
    action: discountActions.updateDiscountAction,
    shape: "state",
    permissions: ["commerce.discount.write"],
    baseline: async () => {
      const { id, code } = await seedDiscount();
      return {
        fields: { discountCodeId: id, version: "1", code, kind: "percent", value: "25" },
        written: () => rows(discountCodes, eq(discountCodes.id, id)),
      };
    },
  },
  {
    name: "setDiscountActiveAction",
    file: `${BO}/commerce/discount/actions.ts`,
    action: discountActions.setDiscountActiveAction,
    shape: "state",
    permissions: ["commerce.discount.write"],
    baseline: async () => {
      const { id } = await seedDiscount();
      return {
        fields: { discountCodeId: id, version: "1", active: "false" },
        written: () => rows(discountCodes, eq(discountCodes.id, id)),
      };
    },
  },
  {
    name: "updateSellingTermsAction",
    file: `${BO}/commerce/settings/actions.ts`,
    action: termsActions.updateSellingTermsAction,
    shape: "state",
    permissions: ["commerce.settings.write"],
    baseline: async () => {
      const [current] = await system("terms", (tx) =>
        tx
          .select({ version: sellingTerms.version })
          .from(sellingTerms)
          .where(eq(sellingTerms.organisationId, A())),
      );
      const rates = Object.fromEntries(
        taxClasses.flatMap((c) => [
          [`rate_${c}`, c === "standard" ? "21" : "0"],
          [`label_${c}`, ""],
        ]),
      );
      return {
        fields: {
          version: String(current?.version ?? 0),
          pricesIncludeTax: "on",
          pickupEnabled: "on",
          pickupNote: unique("Ring the bell"),
          ...rates,
        },
        written: () => rows(sellingTerms, eq(sellingTerms.organisationId, A())),
      };
    },
  },
  {
    name: "createDeliveryRateAction",
    file: `${BO}/commerce/settings/actions.ts`,
    action: termsActions.createDeliveryRateAction,
    shape: "state",
    permissions: ["commerce.settings.write"],
    baseline: async () => ({
      fields: {
        name: unique("Courier"),
        price: "4.95",
        taxClass: "standard",
        sortOrder: "1",
        active: "on",
      },
      written: () => rows(deliveryRates, eq(deliveryRates.organisationId, A())),
    }),
  },
  {
    name: "updateDeliveryRateAction",
    file: `${BO}/commerce/settings/actions.ts`,
    action: termsActions.updateDeliveryRateAction,
    shape: "state",
    permissions: ["commerce.settings.write"],
    baseline: async () => {
      const id = await seedDeliveryRate();
      return {
        fields: {
          deliveryRateId: id,
          version: "1",
          name: unique("Express"),
          price: "9.95",
          taxClass: "standard",
          sortOrder: "2",
          active: "on",
        },
        written: () => rows(deliveryRates, eq(deliveryRates.id, id)),
      };
    },
  },
  // ── Reviews ──
  {
    name: "replyReviewAction",
    file: `${BO}/review/actions.ts`,
    action: reviewActions.replyReviewAction,
    shape: "state",
    permissions: ["reviews.review.reply"],
    baseline: async () => {
      const { reviewId } = await seedReview();
      return {
        fields: { reviewId, reply: "Thank you!" },
        written: () => rows(reviews, eq(reviews.id, reviewId)),
      };
    },
  },
  {
    name: "reportReviewAction",
    file: `${BO}/review/actions.ts`,
    action: reviewActions.reportReviewAction,
    shape: "state",
    permissions: ["reviews.review.report"],
    baseline: async () => {
      const { reviewId } = await seedReview();
      return {
        fields: { reviewId, reason: "Not about our product." },
        written: () => rows(reviews, eq(reviews.id, reviewId)),
      };
    },
  },
  // ── Orders and money ──
  {
    name: "fulfilOrderAction",
    file: `${BO}/commerce/order/actions.ts`,
    action: orderActions.fulfilOrderAction,
    shape: "form",
    permissions: ["commerce.order.write"],
    baseline: async () => {
      const orderId = await seedOrder();
      return { fields: { orderId, step: "preparing" }, written: () => orderRows(orderId) };
    },
  },
  {
    name: "refundOrderAction",
    file: `${BO}/commerce/order/actions.ts`,
    action: orderActions.refundOrderAction,
    shape: "form",
    permissions: ["payment.refund.write"],
    baseline: async () => {
      const orderId = await seedOrder();
      return {
        fields: { orderId, amount: "1.00", reason: "other" },
        written: () => orderRows(orderId),
      };
    },
  },
  {
    name: "cancelOrderAction",
    file: `${BO}/commerce/order/actions.ts`,
    action: orderActions.cancelOrderAction,
    shape: "form",
    // A paid order's payment goes back in full and its units back on stock: all three.
    permissions: ["commerce.order.write", "payment.refund.write", "commerce.product.write"],
    baseline: async () => {
      const orderId = await seedOrder();
      return { fields: { orderId }, written: () => orderRows(orderId) };
    },
  },
  {
    name: "refundChargeAction",
    file: `${BO}/payment/actions.ts`,
    action: paymentActions.refundChargeAction,
    shape: "form",
    permissions: ["payment.refund.write"],
    baseline: async () => {
      const orderId = await seedOrder();
      return {
        fields: { orderId, amount: "2.50", reason: "requested_by_customer" },
        written: () => orderRows(orderId),
      };
    },
  },
  {
    name: "requestPayoutAction",
    file: `${BO}/payment/actions.ts`,
    action: paymentActions.requestPayoutAction,
    shape: "form",
    permissions: ["payment.payout.write"],
    baseline: async () => {
      await system("balance", (tx) =>
        tx.insert(paymentBalanceEntries).values({
          organisationId: A(),
          kind: "charge",
          sourceId: randomUUID(),
          currency: "EUR",
          grossMinor: 1000,
          netMinor: 1000,
          availableOn: new Date(Date.now() - 86_400_000),
        }),
      );
      return {
        fields: { currency: "EUR", amount: "1.00" },
        written: () =>
          Promise.all([
            rows(paymentPayouts, eq(paymentPayouts.organisationId, A())),
            rows(paymentBalanceEntries, eq(paymentBalanceEntries.organisationId, A())),
          ]),
      };
    },
  },
  {
    name: "startOnboardingAction",
    file: `${BO}/payment/actions.ts`,
    action: paymentActions.startOnboardingAction,
    shape: "form",
    permissions: ["payment.payout.write"],
    // Its only write is the audit entry (checked for every case).
    baseline: async () => ({ fields: {}, written: () => auditCount(A()) }),
  },
  // ── Billing (organisation forms) ──
  {
    name: "setDefaultMethodAction",
    file: "lib/billing/actions.ts",
    action: billingActions.setDefaultMethodAction,
    shape: "form",
    permissions: ["billing.account.write"],
    baseline: async () => {
      await seedPaymentMethod();
      const methodId = await seedPaymentMethod();
      return {
        fields: { methodId },
        written: () => rows(billingPaymentMethods, eq(billingPaymentMethods.organisationId, A())),
      };
    },
  },
  {
    name: "removeMethodAction",
    file: "lib/billing/actions.ts",
    action: billingActions.removeMethodAction,
    shape: "form",
    permissions: ["billing.account.write"],
    baseline: async () => {
      await seedPaymentMethod();
      const methodId = await seedPaymentMethod();
      return {
        fields: { methodId },
        written: () => rows(billingPaymentMethods, eq(billingPaymentMethods.id, methodId)),
      };
    },
  },
  {
    name: "saveCardAction",
    file: "lib/billing/actions.ts",
    action: billingActions.saveCardAction,
    shape: "form",
    permissions: ["billing.account.write"],
    baseline: async () => {
      const { number, expMonth, expYear, cvc } = card(VISA);
      return {
        fields: {
          token: randomUUID(),
          number,
          expMonth: String(expMonth),
          expYear: String(expYear),
          cvc,
        },
        written: () => rows(billingPaymentMethods, eq(billingPaymentMethods.organisationId, A())),
      };
    },
  },
  {
    name: "purchaseTierAction",
    file: "lib/billing/actions.ts",
    action: billingActions.purchaseTierAction,
    shape: "form",
    permissions: ["billing.account.write"],
    baseline: async () => {
      const methodId = await seedPaymentMethod();
      return {
        fields: { module: "marketing", tier: "pro", methodId },
        written: () =>
          Promise.all([
            rows(billingCharges, eq(billingCharges.organisationId, A())),
            rows(billingSubscriptions, eq(billingSubscriptions.organisationId, A())),
            rows(organisationModules, eq(organisationModules.organisationId, A())),
          ]),
      };
    },
  },
];

/**
 * Exports of "use server" files that are not organisation actions (the caller's own data, the
 * public site, the platform's staff), each with why.
 */
const excluded: Record<string, string> = {
  "app/[locale]/profile/actions.ts": "the signed-in user's own profile",
  "app/[locale]/profile/order/actions.ts": "the buyer's own orders",
  "app/[locale]/(auth)/callback/actions.ts": "sign-in callback",
  "app/[locale]/backoffice/moderation/review/actions.ts":
    "platform moderation (platform staff, not an organisation role)",
  "app/[locale]/backoffice/register-organisation/actions.ts":
    "creates a new organisation (no organisation to be a member of yet)",
  "app/[locale]/(public)/contact/actions.ts": "the public contact form",
  "app/[locale]/(public)/commerce/checkout/actions.ts": "the buyer's checkout",
  "app/[locale]/(public)/commerce/cart/actions.ts": "the buyer's cart",
  "app/[locale]/(public)/commerce/product/[productId]/actions.ts":
    "the buyer's reviews on a public product page",
  "lib/payments/sandbox/challenge-actions.ts": "the payment sandbox's 3-D Secure page",
  "lib/i18n/set-locale.ts": "the visitor's language cookie",
  "lib/addresses/actions.ts": "the user's own address book",
  "components/layout/sign-out-action.ts": "ends the caller's own session",
  "lib/people/actions.ts#acceptInvitationAction":
    "the invitee answers their own invitation (not yet a member)",
  "lib/people/actions.ts#declineInvitationAction":
    "the invitee answers their own invitation (not yet a member)",
};

/**
 * Organisation actions this file does not call yet (each must still be named here, so the
 * guard below keeps the list honest).
 */
const notYetCovered: Record<string, string> = {};

// ── The guard: every action is in the table, excluded, or named as not yet covered ───────

const root = repositoryRoot;

describe("the table of organisation actions", () => {
  it('names every export of every "use server" file: covered, excluded, or not yet covered', async () => {
    const files = serverActionFiles();
    expect(files.length).toBeGreaterThanOrEqual(30);
    const covered = new Set(cases.map((c) => `${c.file}#${c.name}`));
    const unknown: string[] = [];
    const seen = new Set<string>();
    for (const file of files) {
      const relative = path.relative(root, file).split(path.sep).join("/");
      const exports = (await import(file)) as Record<string, unknown>;
      for (const [name, value] of Object.entries(exports)) {
        if (typeof value !== "function") continue;
        const key = `${relative}#${name}`;
        seen.add(key);
        if (covered.has(key) || key in notYetCovered || key in excluded || relative in excluded) {
          continue;
        }
        unknown.push(key);
      }
    }
    // A new action (or a module that started to use organisationAction/runCommand) must be
    // added to the table, or excluded with a reason.
    expect(unknown).toEqual([]);
    // No stale entry: every covered or pending name is an export that exists.
    expect([...covered, ...Object.keys(notYetCovered)].filter((k) => !seen.has(k))).toEqual([]);
  });

  it("each case is the export it names, and each export once (a variant apart)", async () => {
    const keys = cases.map((c) => `${c.file}#${c.name}#${c.variant ?? ""}`);
    expect(new Set(keys).size).toBe(keys.length);
    for (const c of cases) {
      const exports = (await import(path.join(root, c.file))) as Record<string, unknown>;
      expect(exports[c.name], c.name).toBe(c.action);
    }
  });

  it("every module that runs organisation commands is covered, not excluded", () => {
    for (const file of Object.keys(excluded)) {
      const source = readFileSync(path.join(root, file.split("#")[0]!), "utf8");
      if (file.includes("#")) continue;
      expect(/organisationAction|runCommand/.test(source), file).toBe(false);
    }
  });
});

// ── The permission of every action ───────────────────────────────────────────────────────

function call(c: Case, fields: Record<string, string | string[]>, organisationId: string) {
  const data = form({ organisationId, ...fields });
  const action = c.action as unknown as (...args: unknown[]) => Promise<unknown>;
  return () => (c.shape === "state" ? action(idleState, data) : action(data));
}

describe("every organisation action asks for its permission", () => {
  it.each(cases.map((c) => [c.variant ? `${c.name} (${c.variant})` : c.name, c] as const))(
    "%s: refused without its permission and to another tenant, done for the owner",
    async (_name, c) => {
      const { fields, written } = await c.baseline();
      const before = await written();
      const auditBefore = await auditCount(A());

      for (const permission of c.permissions) {
        await grant(allBut(permission));
        asked.length = 0;
        const outcome = await outcomeOf(await jarOf(probe), call(c, fields, A()));
        expect(
          isRefusal(outcome),
          `${c.name} without ${permission}: ${JSON.stringify(outcome)}`,
        ).toBe(true);
        // Refused by the code's own check of that permission, not only by a policy below it.
        if (!c.enforcedByPolicy?.includes(permission)) {
          expect(asked, `${c.name} never asked for ${permission}`).toContainEqual({
            permission,
            granted: false,
          });
        }
        expect(await written(), `${c.name} without ${permission} wrote`).toEqual(before);
        expect(await auditCount(A()), `${c.name} without ${permission} audited`).toBe(auditBefore);
      }

      const outcome = await outcomeOf(await jarOf(world.b.members.owner), call(c, fields, A()));
      expect(isRefusal(outcome), `${c.name} by B's owner: ${JSON.stringify(outcome)}`).toBe(true);
      expect(await written(), `${c.name} by B's owner wrote`).toEqual(before);
      expect(await auditCount(A()), `${c.name} by B's owner audited`).toBe(auditBefore);

      // The positive control: the same input, by A's owner, is done and seen to write.
      const done = await outcomeOf(await jarOf(world.a.members.owner), call(c, fields, A()));
      expect(isSuccess(done), `${c.name} by A's owner: ${JSON.stringify(done)}`).toBe(true);
      expect(await written(), `${c.name} by A's owner wrote nothing`).not.toEqual(before);
    },
    60_000,
  );
});

// ── Role rules: no one hands out more than they hold ─────────────────────────────────────

/**
 * Past the door, the people and role actions apply the rules of lib/people/role-grant.ts and
 * lib/people/rules.ts: a role (given by an invitation or a role change, or held by the member
 * changed) must be within the caller's own permissions (roleBeyondOwn), "owner" is for owners
 * (ownerOnly), and a role's permissions may be widened only with permissions the caller holds
 * (permissionNotHeld). The probe holds every permission but `withheld`; "Beyond" is a custom
 * role holding exactly it. Each case: the probe is refused with the rule's code and nothing is
 * written; A's owner (who holds everything) is done with the same input.
 */
const withheld: Permission = "commerce.product.publish";
let beyondRoleId: string;

interface RuleCase {
  name: string;
  rule: string;
  action: (...args: never[]) => Promise<unknown>;
  code: "roleBeyondOwn" | "ownerOnly" | "permissionNotHeld";
  baseline: () => Promise<Baseline>;
}

async function seedInvitationFor(roleId: string): Promise<string> {
  const id = await seedInvitation();
  await system("invitation role", (tx) =>
    tx.update(invitations).set({ roleId }).where(eq(invitations.id, id)),
  );
  return id;
}

const employmentChange = (
  target: () => Promise<TestMember>,
  extra: (target: TestMember) => Record<string, string> = () => ({}),
) => {
  return async (): Promise<Baseline> => {
    const member = await target();
    return {
      fields: { employmentId: member.employmentId, version: "1", ...extra(member) },
      written: () => employmentRows(member.employmentId),
    };
  };
};

const holdingBeyond = (status: "active" | "suspended" = "active") =>
  addMember(db(), A(), beyondRoleId, `beyond-${status}`, status);
const anotherOwner = () => addMember(db(), A(), world.a.roleIds.owner, "second-owner");

const ruleCases: RuleCase[] = [
  {
    name: "inviteAction",
    rule: "a role beyond the caller's own",
    action: peopleActions.inviteAction,
    code: "roleBeyondOwn",
    baseline: async () => ({
      fields: { email: `beyond-${randomUUID().slice(0, 8)}@example.test`, roleId: beyondRoleId },
      written: () => rows(invitations, eq(invitations.organisationId, A())),
    }),
  },
  {
    name: "inviteAction",
    rule: "the owner role by a non-owner",
    action: peopleActions.inviteAction,
    code: "ownerOnly",
    baseline: async () => ({
      fields: {
        email: `owner-${randomUUID().slice(0, 8)}@example.test`,
        roleId: world.a.roleIds.owner,
      },
      written: () => rows(invitations, eq(invitations.organisationId, A())),
    }),
  },
  ...(["resendInvitationAction", "revokeInvitationAction"] as const).flatMap((name) =>
    [
      { rule: "an invitation to a role beyond the caller's own", code: "roleBeyondOwn" as const },
      { rule: "an invitation to the owner role", code: "ownerOnly" as const },
    ].map(({ rule, code }) => ({
      name,
      rule,
      action: peopleActions[name],
      code,
      baseline: async (): Promise<Baseline> => {
        const id = await seedInvitationFor(
          code === "ownerOnly" ? world.a.roleIds.owner : beyondRoleId,
        );
        return {
          fields: { invitationId: id },
          written: () => rows(invitations, eq(invitations.id, id)),
        };
      },
    })),
  ),
  {
    name: "changeRoleAction",
    rule: "to a role beyond the caller's own",
    action: peopleActions.changeRoleAction,
    code: "roleBeyondOwn",
    baseline: employmentChange(staffMember, () => ({ roleId: beyondRoleId })),
  },
  {
    name: "changeRoleAction",
    rule: "of a member whose role is beyond the caller's own",
    action: peopleActions.changeRoleAction,
    code: "roleBeyondOwn",
    baseline: employmentChange(holdingBeyond, () => ({ roleId: world.a.roleIds.viewer })),
  },
  {
    name: "changeRoleAction",
    rule: "to the owner role by a non-owner",
    action: peopleActions.changeRoleAction,
    code: "ownerOnly",
    baseline: employmentChange(staffMember, () => ({ roleId: world.a.roleIds.owner })),
  },
  {
    name: "suspendEmploymentAction",
    rule: "a member whose role is beyond the caller's own",
    action: peopleActions.suspendEmploymentAction,
    code: "roleBeyondOwn",
    baseline: employmentChange(holdingBeyond),
  },
  {
    name: "suspendEmploymentAction",
    rule: "an owner by a non-owner",
    action: peopleActions.suspendEmploymentAction,
    code: "ownerOnly",
    baseline: employmentChange(anotherOwner),
  },
  {
    name: "reactivateEmploymentAction",
    rule: "a member whose role is beyond the caller's own",
    action: peopleActions.reactivateEmploymentAction,
    code: "roleBeyondOwn",
    baseline: employmentChange(() => holdingBeyond("suspended")),
  },
  {
    name: "endEmploymentAction",
    rule: "a member whose role is beyond the caller's own",
    action: peopleActions.endEmploymentAction,
    code: "roleBeyondOwn",
    baseline: employmentChange(holdingBeyond),
  },
  {
    name: "endEmploymentAction",
    rule: "an owner by a non-owner",
    action: peopleActions.endEmploymentAction,
    code: "ownerOnly",
    baseline: employmentChange(anotherOwner),
  },
  {
    name: "saveRolePermissionsAction",
    rule: "adding a permission the caller does not hold",
    action: permissionActions.saveRolePermissionsAction,
    code: "permissionNotHeld",
    baseline: async () => {
      const roleId = await createCustomRole(db(), A(), unique("Widened"), []);
      return {
        fields: { roleId, version: "1", permissions: [withheld] },
        written: () =>
          Promise.all([
            rows(roles, eq(roles.id, roleId)),
            rows(rolePermissions, eq(rolePermissions.roleId, roleId)),
          ]),
      };
    },
  },
];

describe("the role rules of the people and role actions", () => {
  beforeAll(async () => {
    beyondRoleId = await createCustomRole(db(), A(), "Beyond", [withheld]);
  });

  it.each(ruleCases.map((c) => [c.name, c.rule, c] as const))(
    "%s, %s: refused to a member without it, done for the owner",
    async (_name, _rule, c) => {
      const { fields, written } = await c.baseline();
      const before = await written();
      const auditBefore = await auditCount(A());
      const asState = { ...c, shape: "state" as const, permissions: [], file: "" };

      await grant(allBut(withheld));
      const refused = await outcomeOf(await jarOf(probe), call(asState, fields, A()));
      expect(refused, c.rule).toEqual({
        kind: "answer",
        value: expect.objectContaining({ status: "error", code: c.code }),
      });
      expect(await written(), `${c.name} (${c.rule}) wrote`).toEqual(before);
      expect(await auditCount(A())).toBe(auditBefore);

      const done = await outcomeOf(await jarOf(world.a.members.owner), call(asState, fields, A()));
      expect(isSuccess(done), `${c.name} by A's owner: ${JSON.stringify(done)}`).toBe(true);
      expect(await written()).not.toEqual(before);
    },
    60_000,
  );
});
