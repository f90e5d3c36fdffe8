import { randomUUID } from "node:crypto";
// First: the request scope sets up what Next's server sets up before its stores exist.
import { enableCommerce, seedProduct } from "./support/commerce";
import {
  callRoute,
  cookieJars,
  inRequestScope,
  siteRequest,
  type CookieJar,
} from "./support/request-scope";
import { readdirSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as fileRoute from "@/app/api/organisations/[organisationId]/files/[fileId]/route";
import * as filesRoute from "@/app/api/organisations/[organisationId]/files/route";
import * as logoRoute from "@/app/api/organisations/[organisationId]/logo/route";
import * as productsExportRoute from "@/app/api/organisations/[organisationId]/products/export/route";
import * as productsImportRoute from "@/app/api/organisations/[organisationId]/products/import/route";
import { gatePage } from "@/lib/backoffice/doors";
import { exportProducts } from "@/lib/commerce/products-import";
import { closeDb, getDb } from "@/lib/db/client";
import { runAsSystem } from "@/lib/db/run-context";
import type { ModuleName } from "@/lib/modules/catalogue";
import { orders } from "@/lib/orders/schema";
import { discountCodes } from "@/lib/selling-terms/schema";
import { permissionNames, type Permission } from "@/lib/permissions/catalogue";
import {
  disableStorageModule,
  enableStorageModule,
  seedFile,
  useTemporaryStorage,
} from "./support/files";
import {
  addMember,
  allPermissionsBut,
  createCustomRole,
  createOrganisationWorld,
  type OrganisationWorld,
  setRolePermissions,
  type TestMember,
} from "./support/organisations";
import { seedSchedule } from "./support/settings";

/**
 * The page door (`gatePage`, `gateMember`) and the route-handler door (`organisationRoute`)
 * called as Next calls them: the real page components and route handler exports, inside a
 * request scope whose cookies are a real session (support/request-scope.ts). A "probe"
 * member of A holds a custom role whose grants each case rewrites, so each permission is
 * checked on its own: the role holding every permission but the one asked for gets the
 * door's exact 404, and the role holding exactly what is asked for gets through.
 */
let world: OrganisationWorld;
let cleanStorage: () => Promise<void>;
let probe: TestMember;
let probeRoleId: string;
let scheduleId: string;
let catalogue: Awaited<ReturnType<typeof seedProduct>>;
/** A discount code and an order of A (the selling-terms and order screens). */
const sales = { discountCodeId: randomUUID(), orderId: randomUUID() };
let fileId: string;

const jarOf = cookieJars();

/** The probe's role now holds exactly these permissions. */
const grant = (permissions: readonly Permission[]) =>
  setRolePermissions(getDb(), world.a.id, probeRoleId, permissions);

const allBut = allPermissionsBut;

beforeAll(async () => {
  cleanStorage = await useTemporaryStorage();
  world = await createOrganisationWorld(getDb());
  probeRoleId = await createCustomRole(getDb(), world.a.id, "Probe", []);
  probe = await addMember(getDb(), world.a.id, probeRoleId, "a-probe");
  await enableStorageModule(getDb(), world.a.id);
  scheduleId = (await seedSchedule(world.a.id, "A hours")).id;
  await enableCommerce(getDb(), world.a.id);
  catalogue = await seedProduct(getDb(), world.a.id);
  await runAsSystem(getDb(), "test: sales", async (tx) => {
    await tx.insert(discountCodes).values({
      id: sales.discountCodeId,
      organisationId: world.a.id,
      code: "DOORS",
      kind: "percent",
      basisPoints: 1000,
      currency: "EUR",
    });
    await tx.insert(orders).values({
      id: sales.orderId,
      organisationId: world.a.id,
      buyerUserId: world.outsider.userId,
      sellerName: "A",
      reference: `DOOR-${randomUUID().slice(0, 4).toUpperCase()}`,
      currency: "EUR",
      subtotalMinor: 100,
      totalMinor: 100,
      contact: { name: "Buyer", email: world.outsider.email, phone: null },
      delivery: { method: "pickup", name: "", note: null, priceMinor: 0 },
      holdExpiresAt: new Date(Date.now() + 600_000),
    });
  });
  fileId = (await seedFile(getDb(), world.a.id, "a.txt", { body: "A's bytes" })).id;
});

afterAll(async () => {
  await cleanStorage();
  await closeDb();
});

// ── Pages ────────────────────────────────────────────────────────────────────────────────

type Outcome = 404 | "redirect" | "past the door";

/**
 * What a page (or gate) did for the caller: the 404 of notFound(), a redirect, or it went on
 * past its door. In a test, rendering stops at the first next-intl server call (it needs
 * Next's react-server runtime): that error, and only that one, also means "past the door".
 */
async function outcome(fn: () => Promise<unknown>): Promise<Outcome> {
  try {
    await fn();
    return "past the door";
  } catch (error) {
    const digest = (error as { digest?: unknown } | null)?.digest;
    if (digest === "NEXT_HTTP_ERROR_FALLBACK;404") return 404;
    if (typeof digest === "string" && digest.startsWith("NEXT_REDIRECT;")) return "redirect";
    if (error instanceof Error && /is not supported in Client Components/.test(error.message)) {
      return "past the door";
    }
    throw error;
  }
}

function asCaller<T>(jar: CookieJar, fn: () => Promise<T>): Promise<T> {
  return inRequestScope(siteRequest("/backoffice", {}, jar), fn);
}

describe("gatePage", () => {
  it.each(permissionNames)("%s: all but it → 404; exactly it → the access", async (permission) => {
    const jar = await jarOf(probe);
    await grant(allBut(permission));
    expect(await asCaller(jar, () => outcome(() => gatePage(world.a.id, permission)))).toBe(404);
    await grant([permission]);
    const gate = await asCaller(jar, () => gatePage(world.a.id, permission));
    expect(gate.moduleOff).toBe(false);
    expect([...gate.access.permissions]).toEqual([permission]);
  });

  it("a module that is off: the enable screen for who may switch it on, 404 for the rest", async () => {
    const jar = await jarOf(probe);
    await disableStorageModule(getDb(), world.a.id);
    try {
      await grant(["storage.file.read"]);
      expect(
        await asCaller(jar, () =>
          outcome(() => gatePage(world.a.id, "storage.file.read", "storage")),
        ),
      ).toBe(404);
      await grant(["storage.file.read", "settings.module.write"]);
      const gate = await asCaller(jar, () => gatePage(world.a.id, "storage.file.read", "storage"));
      expect(gate).toMatchObject({ moduleOff: true, module: "storage" });
    } finally {
      await enableStorageModule(getDb(), world.a.id);
    }
  });

  it("non-members, suspended members and members of another organisation: 404", async () => {
    for (const member of [world.outsider, world.suspended, world.b.members.owner]) {
      const jar = await jarOf(member);
      expect(
        await asCaller(jar, () => outcome(() => gatePage(world.a.id, "people.employment.read"))),
      ).toBe(404);
    }
    expect(
      await asCaller(new Map(), () =>
        outcome(() => gatePage(world.a.id, "people.employment.read")),
      ),
    ).toBe(404);
  });
});

/** Every page and layout under /backoffice/organisation/[organisationId], as app/ has them. */
const ORG_DIR = path.join(process.cwd(), "app/[locale]/backoffice/organisation/[organisationId]");
function routeFiles(dir = ORG_DIR, prefix = ""): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (entry.isDirectory())
      return routeFiles(path.join(dir, entry.name), `${prefix}${entry.name}/`);
    return /^(page|layout)\.tsx$/.test(entry.name) ? [`${prefix}${entry.name}`] : [];
  });
}

interface PageDoor {
  /** Permissions the page asks for (all needed), or "member" for gateMember. */
  needs: readonly Permission[] | "member";
  module?: ModuleName;
  params?: () => Record<string, string>;
  /**
   * What a member without the permission gets when they hold another that opens a sibling
   * page: the settings page sends them to the first settings page they may open.
   */
  otherwise?: "redirect";
}

/** What each page asks of its caller. A new page must be added here (see the first test). */
const pageDoors: Record<string, PageDoor> = {
  "layout.tsx": { needs: "member" },
  "page.tsx": { needs: "member" },
  "dashboard/page.tsx": { needs: "member" },
  "people/page.tsx": { needs: ["people.employment.read"] },
  "people/create/page.tsx": { needs: ["people.invitation.write", "people.invitation.read"] },
  "people/[employmentId]/page.tsx": {
    needs: ["people.employment.read"],
    params: () => ({ employmentId: world.a.members.staff.employmentId }),
  },
  "people/invitations/page.tsx": { needs: ["people.invitation.read"] },
  "settings/page.tsx": { needs: ["settings.organisation.read"], otherwise: "redirect" },
  "settings/audit/page.tsx": { needs: ["settings.audit.read"] },
  "settings/contact/page.tsx": { needs: ["settings.organisation.read"] },
  "settings/contact/email/verify/page.tsx": { needs: "member" },
  "settings/faq/page.tsx": { needs: ["settings.organisation.read"] },
  "settings/invitations/page.tsx": { needs: ["people.invitation.read"] },
  "settings/module/page.tsx": { needs: ["settings.module.read"] },
  "settings/module/[moduleName]/page.tsx": {
    needs: ["settings.module.read"],
    params: () => ({ moduleName: "storage" }),
  },
  "settings/permissions/page.tsx": { needs: ["settings.role.read"] },
  "settings/roles/page.tsx": { needs: ["settings.role.read"] },
  "settings/schedule/page.tsx": { needs: ["settings.schedule.read"] },
  "settings/schedule/[scheduleId]/page.tsx": {
    needs: ["settings.schedule.read"],
    params: () => ({ scheduleId }),
  },
  "settings/schedule/create/page.tsx": { needs: ["settings.schedule.write"] },
  "storage/page.tsx": { needs: ["storage.file.read"], module: "storage" },
  "review/page.tsx": { needs: ["reviews.review.read"] },
  "commerce/page.tsx": { needs: ["commerce.product.read"], module: "commerce" },
  "commerce/brand/page.tsx": { needs: ["commerce.product.read"], module: "commerce" },
  "commerce/brand/create/page.tsx": { needs: ["commerce.brand.write"], module: "commerce" },
  "commerce/brand/[brandId]/page.tsx": {
    needs: ["commerce.product.read"],
    module: "commerce",
    params: () => ({ brandId: catalogue.brandId }),
  },
  "commerce/offer/page.tsx": { needs: ["commerce.product.read"], module: "commerce" },
  "commerce/offer/create/page.tsx": { needs: ["commerce.offer.write"], module: "commerce" },
  "commerce/offer/[offerId]/page.tsx": {
    needs: ["commerce.product.read"],
    module: "commerce",
    params: () => ({ offerId: catalogue.offerId }),
  },
  "commerce/discount/page.tsx": { needs: ["commerce.product.read"], module: "commerce" },
  "commerce/discount/create/page.tsx": { needs: ["commerce.discount.write"], module: "commerce" },
  "commerce/discount/[discountCodeId]/page.tsx": {
    needs: ["commerce.product.read"],
    module: "commerce",
    params: () => ({ discountCodeId: sales.discountCodeId }),
  },
  "commerce/settings/page.tsx": { needs: ["commerce.product.read"], module: "commerce" },
  "commerce/order/page.tsx": { needs: ["commerce.order.read"], module: "commerce" },
  "commerce/order/[orderId]/page.tsx": {
    needs: ["commerce.order.read"],
    module: "commerce",
    params: () => ({ orderId: sales.orderId }),
  },
  "payment/page.tsx": { needs: ["payment.charge.read"] },
  "payment/charge/page.tsx": { needs: ["payment.charge.read"] },
  "payment/refunds/page.tsx": { needs: ["payment.charge.read"] },
  "payment/balance/page.tsx": { needs: ["payment.charge.read"] },
  "billing/page.tsx": { needs: ["billing.account.read"] },
  "billing/charge/page.tsx": { needs: ["billing.account.read"] },
  "billing/payment-method/page.tsx": { needs: ["billing.account.read"] },
  "billing/create/page.tsx": { needs: ["billing.account.write"] },
  "billing/callback/page.tsx": { needs: ["billing.account.write"] },
  "settings/module/[moduleName]/[moduleTier]/purchase/page.tsx": {
    needs: ["billing.account.write"],
    params: () => ({ moduleName: "storage", moduleTier: "pro" }),
  },
  "commerce/product/page.tsx": { needs: ["commerce.product.read"], module: "commerce" },
  "commerce/product/create/page.tsx": { needs: ["commerce.product.write"], module: "commerce" },
  ...Object.fromEntries(
    [
      ["", ["commerce.product.read"]],
      ["/variants", ["commerce.product.read"]],
      ["/attributes", ["commerce.product.read"]],
      // The screens under a product read it (commerce.product.read) before they write.
      ["/attributes/create", ["commerce.product.write", "commerce.product.read"]],
      ["/attributes/[attributeName]", ["commerce.product.read"]],
      ["/externalIdentification", ["commerce.product.read"]],
      ["/externalIdentification/create", ["commerce.product.write", "commerce.product.read"]],
      ["/externalIdentification/[productExternalIdentificationId]", ["commerce.product.read"]],
      ["/preview", ["commerce.product.read"]],
    ].map(([path, needs]) => [
      `commerce/product/[productId]${path as string}/page.tsx`,
      {
        needs: needs as Permission[],
        module: "commerce" as const,
        params: () => ({
          productId: catalogue.productId,
          attributeName: catalogue.attributeName,
          productExternalIdentificationId: catalogue.externalId,
        }),
      },
    ]),
  ),
};

type PageComponent = (props: {
  params: Promise<Record<string, string>>;
  searchParams: Promise<Record<string, string>>;
  children?: unknown;
}) => Promise<unknown>;

async function visit(file: string, jar: CookieJar): Promise<Outcome> {
  const page = (await import(path.join(ORG_DIR, file))) as { default: PageComponent };
  const params = { organisationId: world.a.id, ...pageDoors[file]?.params?.() };
  return asCaller(jar, () =>
    outcome(() =>
      page.default({
        params: Promise.resolve(params),
        searchParams: Promise.resolve({ token: "x" }),
        children: null,
      }),
    ),
  );
}

describe("every back-office page asks for its permission", () => {
  it("the table names every page and layout of the organisation's back office", () => {
    expect(routeFiles().sort()).toEqual(Object.keys(pageDoors).sort());
  });

  const gated = Object.entries(pageDoors).flatMap(([file, door]) =>
    door.needs === "member"
      ? []
      : door.needs.map((permission) => ({ file, permission, otherwise: door.otherwise ?? 404 })),
  );
  it.each(gated)(
    "$file without $permission → $otherwise",
    async ({ file, permission, otherwise }) => {
      await grant(allBut(permission));
      expect(await visit(file, await jarOf(probe))).toBe(otherwise);
    },
  );

  it("the settings page: another settings page's permission → there; none of them → 404", async () => {
    await grant(["settings.audit.read"]);
    const jar = await jarOf(probe);
    const page = (await import(path.join(ORG_DIR, "settings/page.tsx"))) as {
      default: PageComponent;
    };
    const target = await asCaller(jar, async () => {
      try {
        await page.default({
          params: Promise.resolve({ organisationId: world.a.id }),
          searchParams: Promise.resolve({}),
        });
        return null;
      } catch (error) {
        return String((error as { digest?: unknown }).digest ?? "");
      }
    });
    expect(target).toContain(`/backoffice/organisation/${world.a.id}/settings/audit`);
    await grant(["people.employment.read", "reviews.review.read"]);
    expect(await visit("settings/page.tsx", await jarOf(probe))).toBe(404);
  });

  const pages = Object.keys(pageDoors);
  it.each(pages)("%s with exactly what it asks for → past the door", async (file) => {
    const door = pageDoors[file]!;
    await grant(door.needs === "member" ? [] : door.needs);
    expect(await visit(file, await jarOf(probe))).not.toBe(404);
  });

  it.each(pages)(
    "%s for a non-member, a suspended member, B's owner, no session → 404",
    async (file) => {
      for (const member of [world.outsider, world.suspended, world.b.members.owner]) {
        expect(await visit(file, await jarOf(member)), member.email).toBe(404);
      }
      expect(await visit(file, new Map())).toBe(404);
    },
  );
});

// ── Route handlers ───────────────────────────────────────────────────────────────────────

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);

interface RouteCase {
  name: string;
  needs: Permission;
  /** Extra permissions the handler's own work needs once past the door. */
  alsoNeeds?: Permission[];
  call(jar: CookieJar): Promise<Response>;
  /** The status of a permitted call. */
  ok: number;
}

const routes: RouteCase[] = [
  {
    name: "POST files (upload)",
    needs: "storage.file.write",
    alsoNeeds: ["storage.file.read"],
    ok: 201,
    call: (jar) =>
      callRoute(
        filesRoute.POST,
        siteRequest(
          `/api/organisations/${world.a.id}/files?name=${`up-${Date.now()}-${Math.random()}.txt`}`,
          { method: "POST", body: "uploaded", headers: { "content-type": "text/plain" } },
          jar,
        ),
        { organisationId: world.a.id },
      ),
  },
  {
    name: "GET files/{fileId} (download)",
    needs: "storage.file.read",
    ok: 200,
    call: (jar) =>
      callRoute(
        fileRoute.GET,
        siteRequest(`/api/organisations/${world.a.id}/files/${fileId}`, {}, jar),
        { organisationId: world.a.id, fileId },
      ),
  },
  {
    name: "POST logo",
    needs: "settings.organisation.write",
    alsoNeeds: ["storage.file.read", "storage.file.write", "storage.file.delete"],
    ok: 200,
    call: (jar) =>
      callRoute(
        logoRoute.POST,
        siteRequest(
          `/api/organisations/${world.a.id}/logo`,
          { method: "POST", body: PNG, headers: { "content-type": "image/png" } },
          jar,
        ),
        { organisationId: world.a.id },
      ),
  },
  {
    name: "DELETE logo",
    needs: "settings.organisation.write",
    alsoNeeds: ["storage.file.read", "storage.file.write", "storage.file.delete"],
    ok: 200,
    call: (jar) =>
      callRoute(
        logoRoute.DELETE,
        siteRequest(`/api/organisations/${world.a.id}/logo`, { method: "DELETE" }, jar),
        { organisationId: world.a.id },
      ),
  },
  {
    name: "GET products/export",
    needs: "commerce.product.read",
    ok: 200,
    call: (jar) =>
      callRoute(
        productsExportRoute.GET,
        siteRequest(`/api/organisations/${world.a.id}/products/export`, {}, jar),
        { organisationId: world.a.id },
      ),
  },
  {
    name: "POST products/import",
    needs: "commerce.product.write",
    // Reading the stored products it compares with (RLS) needs the read permission.
    alsoNeeds: ["commerce.product.read"],
    ok: 200,
    // The catalogue as it is (exported by the owner): a permitted import changes nothing, so
    // no cache tag is expired (this test's request scope has no incremental cache).
    call: async (jar) => {
      const csv = await exportProducts(world.a.members.owner.claims, world.a.id);
      const form = new FormData();
      form.append("file", new File([csv], "products.csv", { type: "text/csv" }));
      return callRoute(
        productsImportRoute.POST,
        siteRequest(
          `/api/organisations/${world.a.id}/products/import`,
          { method: "POST", body: form },
          jar,
        ),
        { organisationId: world.a.id },
      );
    },
  },
];

/** The door's own answer: 404, `{"error":"not_found"}`, not stored by any cache. */
async function expectDoorNotFound(response: Response, label: string): Promise<void> {
  expect(
    {
      status: response.status,
      body: await response.json(),
      cache: response.headers.get("cache-control"),
    },
    label,
  ).toEqual({ status: 404, body: { error: "not_found" }, cache: "no-store" });
}

describe("every organisation route handler asks for its permission", () => {
  it.each(routes)("$name: all but $needs → the door's 404", async (route) => {
    await grant(allBut(route.needs));
    await expectDoorNotFound(await route.call(await jarOf(probe)), route.name);
  });

  it.each(routes)("$name: with $needs → $ok", async (route) => {
    await grant([route.needs, ...(route.alsoNeeds ?? [])]);
    const response = await route.call(await jarOf(probe));
    expect(response.status).toBe(route.ok);
  });

  it.each(routes)("$name: non-member, suspended, B's owner, no session → 404", async (route) => {
    for (const member of [world.outsider, world.suspended, world.b.members.owner]) {
      await expectDoorNotFound(await route.call(await jarOf(member)), member.email);
    }
    await expectDoorNotFound(await route.call(new Map()), "no session");
  });

  it("the storage routes of a module that is off: 404 even for the owner", async () => {
    await disableStorageModule(getDb(), world.a.id);
    try {
      const owner = await jarOf(world.a.members.owner);
      for (const route of routes.filter((r) => r.needs.startsWith("storage."))) {
        await expectDoorNotFound(await route.call(owner), route.name);
      }
    } finally {
      await enableStorageModule(getDb(), world.a.id);
    }
  });
});
