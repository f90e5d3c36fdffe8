import { randomUUID } from "node:crypto";
import { eq, sql, type SQL } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditEntries } from "@/lib/audit/schema";
import type { Database } from "@/lib/db/connect";
import { queryRows } from "@/lib/db/rows";
import { runAsAnon, runAsSystem, runAsUser, type UserClaims } from "@/lib/db/run-context";
import type { Tx } from "@/lib/db/types";
import { organisationFiles } from "@/lib/files/schema";
import {
  invitations,
  organisationContactEmails,
  organisationFaqs,
  organisationModules,
  organisations,
} from "@/lib/organisations/schema";
import { scheduleExceptions, schedules } from "@/lib/schedules/schema";
import {
  brands,
  productAttributes,
  productExternalIds,
  products,
  productVariants,
} from "@/lib/commerce/schema";
import { listingImages, listings } from "@/lib/listings/schema";
import { offers } from "@/lib/offers/schema";
import { cartLines, carts } from "@/lib/cart/schema";
import { orderEvents, orderLines, orderRefunds, orders, orderTasks } from "@/lib/orders/schema";
import {
  deliveryRates,
  discountCodes,
  discountRedemptions,
  sellingTerms,
  taxRates,
} from "@/lib/selling-terms/schema";
import { reviewPhotos, reviews } from "@/lib/reviews/schema";
import { invoicePdfs } from "@/lib/invoices/schema";
import { invoiceInput, issueTestInvoice } from "./support/invoices";
import {
  billingCharges,
  billingCustomers,
  billingPaymentMethods,
  billingSubscriptions,
} from "@/lib/billing/schema";
import { drivers, OPEN_TIMEOUT } from "./support/databases";
import {
  addMember,
  createCustomRole,
  createOrganisationWorld,
  createTestUser,
  type OrganisationWorld,
} from "./support/organisations";

/**
 * The database backstop at the SQL level, as `anon` and `authenticated` (docs/data-layer.md,
 * "What the database refuses"). Table-driven: the tenant tables are read from the catalogue
 * (every table with an `organisation_id` column, and `organisations` itself), so a table
 * added later is covered by the same rules, and the world test below fails until it has rows
 * of both organisations. Every attempt runs in a transaction that is rolled back, whatever
 * it did, so one loosened policy cannot disturb the next check.
 */

type Actor = UserClaims | "anon";
/** What an attempt came to: rows it touched or saw, or the kind of refusal. */
type Outcome = { rows: number } | { refused: string };

class RolledBack extends Error {
  constructor(readonly rows: number) {
    super("rolled back");
  }
}

/** privilege: no table/function grant; rls: a policy's WITH CHECK; guard: our triggers. */
function classify(code: string, message: string): string {
  if (code === "42501" && /^permission denied for (table|function)/.test(message)) {
    return "privilege";
  }
  if (code === "42501" && /row-level security/.test(message)) return "rls";
  if (
    code === "42501" &&
    /invitee may|append-only|not permitted to record|needs a signed-in caller|review columns cannot change/.test(
      message,
    )
  ) {
    return "guard";
  }
  return `${code} ${message}`;
}

const rows = (n: number): Outcome => ({ rows: n });
const refused = (kind: string): Outcome => ({ refused: kind });

/** Tables with an `organisation_id` whose rows belong to a consumer (RLS on auth.uid()). */
const consumerTables = ["public.carts", "public.cart_lines"];

/**
 * Tenant tables anyone reads by design (a shop's tax and shipping terms, docs/selling-terms.md;
 * the fixtures' delivery rates are active): reading them is expected, writing them is not.
 */
const publicTables = ["public.delivery_rates", "public.selling_terms", "public.tax_rates"];
const seen = (t: { name: string }) => rows(publicTables.includes(t.name) ? 1 : 0);

type TenantTable = {
  /** schema-qualified, quoted: safe to put in SQL as is. */
  name: string;
  key: "organisation_id" | "id";
  /** Columns an insert may name (identity columns generated always are left out). */
  columns: string;
  privileges: Record<"anon" | "authenticated", Record<"insert" | "update" | "delete", boolean>>;
  updatePolicy: boolean;
};

describe.each(drivers)("the database backstop on $name", (driver) => {
  let database: Database;
  let world: OrganisationWorld;
  let tables: TenantTable[];
  let invitee: { userId: string; email: string; claims: UserClaims };
  let staffA: UserClaims;
  const ids = {
    invitation: randomUUID(),
    expiredInvitation: randomUUID(),
    contactA: randomUUID(),
  };

  /** Runs `fn` as the actor in a transaction that is always rolled back. */
  async function attempt(actor: Actor, fn: (tx: Tx) => Promise<number>): Promise<Outcome> {
    const body = async (tx: Tx) => {
      throw new RolledBack(await fn(tx));
    };
    try {
      await (actor === "anon" ? runAsAnon(database.db, body) : runAsUser(database.db, actor, body));
    } catch (error) {
      if (error instanceof RolledBack) return rows(error.rows);
      const cause = ((error as { cause?: unknown }).cause ?? error) as {
        code?: string;
        message?: string;
      };
      if (!cause.code) throw error;
      return refused(classify(cause.code, cause.message ?? ""));
    }
    throw new Error("unreachable");
  }

  /** Counts the rows a statement returns (`returning 1` for writes). */
  async function count(tx: Tx, statement: SQL): Promise<number> {
    const [row] = await queryRows<{ n: number }>(
      tx,
      sql`with touched as (${statement}) select count(*)::int as n from touched`,
    );
    return row?.n ?? 0;
  }

  const run = (actor: Actor, statement: SQL) => attempt(actor, (tx) => count(tx, statement));

  const statements = {
    select: (t: TenantTable, org: string) =>
      sql`select 1 from ${sql.raw(t.name)} where ${sql.raw(t.key)} = ${org}::uuid`,
    update: (t: TenantTable, org: string) =>
      sql`update ${sql.raw(t.name)} set ${sql.raw(t.key)} = ${sql.raw(t.key)} where ${sql.raw(t.key)} = ${org}::uuid returning 1`,
    delete: (t: TenantTable, org: string) =>
      sql`delete from ${sql.raw(t.name)} where ${sql.raw(t.key)} = ${org}::uuid returning 1`,
    /** A copy of one of the organisation's rows, read beforehand by the owner. */
    insert: (t: TenantTable, row: unknown) =>
      sql`insert into ${sql.raw(t.name)} (${sql.raw(t.columns)})
          select ${sql.raw(t.columns)} from jsonb_populate_record(null::${sql.raw(t.name)}, ${JSON.stringify(row)}::jsonb)
          returning 1`,
    move: (t: TenantTable, from: string, to: string) =>
      sql`update ${sql.raw(t.name)} set organisation_id = ${to}::uuid where organisation_id = ${from}::uuid returning 1`,
  };

  async function sampleRow(t: TenantTable, org: string): Promise<unknown> {
    const [row] = await runAsSystem(database.db, "test: sample", (tx) =>
      queryRows<{ row: unknown }>(
        tx,
        sql`select to_jsonb(t) as row from ${sql.raw(t.name)} t where ${sql.raw(t.key)} = ${org}::uuid limit 1`,
      ),
    );
    return row?.row;
  }

  /** What a write by someone who may not write there comes to, by the table's grants. */
  function writeRefusal(
    t: TenantTable,
    role: "anon" | "authenticated",
    op: "insert" | "update" | "delete",
  ) {
    if (!t.privileges[role][op]) return refused("privilege");
    return op === "insert" ? refused("rls") : rows(0);
  }

  beforeAll(async () => {
    database = await driver.open();
    const db = database.db;
    world = await createOrganisationWorld(db);
    invitee = await createTestUser(db, "invitee");
    const shopper = await createTestUser(db, "shopper");
    staffA = world.a.members.staff.claims;
    await createCustomRole(db, world.b.id, "Custom B", ["settings.faq.write"]);
    const inviterA = world.a.members.owner.userId;
    const inviterB = world.b.members.owner.userId;
    await runAsSystem(db, "test: fixtures", async (tx) => {
      const week = new Date(Date.now() + 7 * 24 * 3600 * 1000);
      await tx.insert(invitations).values([
        {
          id: ids.invitation,
          organisationId: world.a.id,
          email: invitee.email,
          roleId: world.a.roleIds.viewer,
          invitedBy: inviterA,
          expiresAt: week,
        },
        {
          organisationId: world.a.id,
          email: `other-${randomUUID().slice(0, 8)}@example.test`,
          roleId: world.a.roleIds.staff,
          invitedBy: inviterA,
          expiresAt: week,
        },
        {
          id: ids.expiredInvitation,
          organisationId: world.b.id,
          email: invitee.email,
          roleId: world.b.roleIds.viewer,
          invitedBy: inviterB,
          expiresAt: new Date(Date.now() - 3600 * 1000),
        },
      ]);
      for (const org of [world.a, world.b]) {
        const scheduleId = randomUUID();
        await tx.insert(organisationModules).values({ organisationId: org.id, module: "storage" });
        await tx.insert(organisationContactEmails).values({
          id: org === world.a ? ids.contactA : randomUUID(),
          organisationId: org.id,
          email: `contact-${org.slug}@example.test`,
          verifiedAt: new Date(),
        });
        await tx
          .insert(organisationFaqs)
          .values({ organisationId: org.id, question: "Open?", answer: "Yes.", position: 1 });
        await tx
          .insert(organisationFiles)
          .values({ organisationId: org.id, kind: "folder", name: "Folder" });
        const imageFileId = randomUUID();
        await tx.insert(organisationFiles).values({
          id: imageFileId,
          organisationId: org.id,
          kind: "file",
          name: "cover.webp",
          size: 10,
          contentType: "image/webp",
          storageKey: `org/${org.id}/${imageFileId}`,
          isPublic: true,
        });
        await tx
          .insert(schedules)
          .values({ id: scheduleId, organisationId: org.id, name: "Main", timeZone: "UTC" });
        await tx
          .insert(scheduleExceptions)
          .values({ organisationId: org.id, scheduleId, date: "2030-01-01" });
        // The catalogue: drafts only (published listings are public by design).
        const listingId = randomUUID();
        const brandId = randomUUID();
        await tx.insert(brands).values({ id: brandId, organisationId: org.id, name: "Brand" });
        await tx.insert(listings).values({
          id: listingId,
          organisationId: org.id,
          kind: "product",
          slug: "draft",
          title: "Draft",
          category: "books",
          currency: "USD",
        });
        await tx.insert(products).values({ listingId, organisationId: org.id, brandId });
        await tx.insert(listingImages).values({
          organisationId: org.id,
          listingId,
          fileId: imageFileId,
          position: 0,
          width: 10,
          height: 10,
        });
        const [variantRow] = await tx
          .insert(productVariants)
          .values({ organisationId: org.id, productId: listingId, priceMinor: 100, stock: 1 })
          .returning({ id: productVariants.id });
        // A shopper's cart at the organisation (a consumer's rows, not the organisation's).
        const cartId = randomUUID();
        await tx
          .insert(carts)
          .values({ id: cartId, userId: shopper.userId, organisationId: org.id, currency: "USD" });
        await tx.insert(cartLines).values({
          cartId,
          organisationId: org.id,
          userId: shopper.userId,
          sellableKind: "product_variant",
          sellableId: variantRow!.id,
          listingId,
          title: "Draft",
          quantity: 1,
          unitPriceMinor: 100,
          currency: "USD",
        });
        // An order the shopper placed with the organisation: the buyer's and the organisation's
        // (members with commerce.order.read), never another organisation's.
        const orderId = randomUUID();
        await tx.insert(orders).values({
          id: orderId,
          organisationId: org.id,
          buyerUserId: shopper.userId,
          sellerName: org.name,
          reference: `T${org.slug.slice(-3)}-${randomUUID().slice(0, 4)}`.toUpperCase(),
          currency: "USD",
          subtotalMinor: 100,
          totalMinor: 100,
          contact: { name: "Shopper", email: shopper.email, phone: null },
          delivery: { method: "pickup", name: "Pickup", note: null, priceMinor: 0 },
          holdExpiresAt: new Date(Date.now() + 600_000),
        });
        await tx.insert(orderLines).values({
          orderId,
          organisationId: org.id,
          position: 0,
          sellableKind: "product_variant",
          sellableId: variantRow!.id,
          listingId,
          title: "Draft",
          quantity: 1,
          unitPriceMinor: 100,
          totalMinor: 100,
        });
        await tx.insert(orderEvents).values({ orderId, organisationId: org.id, kind: "placed" });
        await tx.insert(orderRefunds).values({
          orderId,
          organisationId: org.id,
          amountMinor: 50,
          reason: "other",
          status: "succeeded",
        });
        await tx.insert(orderTasks).values({ orderId, organisationId: org.id, kind: "mail" });
        // The shopper's invoice from the organisation (its counter row too) and its stored PDF.
        const invoice = await issueTestInvoice(
          tx,
          invoiceInput(org.id, shopper.userId, { orderId }),
        );
        await tx
          .insert(invoicePdfs)
          .values({ invoiceId: invoice.id, organisationId: org.id, content: Buffer.from("%PDF-") });
        // An offer on the draft (running by the clock, but its listing is not published).
        await tx.insert(offers).values({
          organisationId: org.id,
          listingId,
          title: "Offer",
          kind: "percentage",
          value: 10,
          startsAt: new Date(Date.now() - 3_600_000),
          endsAt: new Date(Date.now() + 3_600_000),
        });
        await tx.insert(productAttributes).values({
          organisationId: org.id,
          productId: listingId,
          name: "Pages",
          type: "number",
          value: 100,
        });
        await tx.insert(productExternalIds).values({
          organisationId: org.id,
          productId: listingId,
          type: "mpn",
          value: `MPN-${org.slug}`,
          matchKey: `mpn:mpn-${org.slug}`,
        });
        // A review of the draft, by the organisation's owner (who has a profile).
        const reviewId = randomUUID();
        await tx.insert(reviews).values({
          id: reviewId,
          organisationId: org.id,
          listingId,
          authorUserId: org.members.owner.userId,
          rating: 4,
          body: "Fixture",
        });
        await tx.insert(reviewPhotos).values({
          organisationId: org.id,
          reviewId,
          storageKey: `reviews/${reviewId}/photo`,
          contentType: "image/webp",
          size: 10,
          width: 10,
          height: 10,
          position: 0,
        });
        await tx.insert(auditEntries).values({
          organisationId: org.id,
          actorUserId: org.members.owner.userId,
          action: "settings.faq.create",
          resourceType: "faq",
        });
        // Selling terms: one row of each table (the discount code and its redemption secret).
        await tx.insert(sellingTerms).values({ organisationId: org.id });
        await tx
          .insert(taxRates)
          .values({ organisationId: org.id, taxClass: "standard", basisPoints: 2100 });
        await tx
          .insert(deliveryRates)
          .values({ organisationId: org.id, name: "Standard", priceMinor: 500, currency: "USD" });
        const discountCodeId = randomUUID();
        await tx.insert(discountCodes).values({
          id: discountCodeId,
          organisationId: org.id,
          code: `CODE-${org.slug}`.slice(0, 32),
          kind: "percent",
          basisPoints: 1000,
          currency: "USD",
        });
        await tx.insert(discountRedemptions).values({
          organisationId: org.id,
          discountCodeId,
          orderId,
          userId: shopper.userId,
          amountMinor: 10,
        });
        // Billing: the organisation's customer, card, paid tier and a charge (lib/billing).
        const [customer] = await tx
          .insert(billingCustomers)
          .values({ organisationId: org.id, provider: "sandbox", customerId: `cus_${org.slug}` })
          .returning({ id: billingCustomers.id });
        await tx.insert(billingPaymentMethods).values({
          billingCustomerId: customer!.id,
          organisationId: org.id,
          provider: "sandbox",
          paymentMethodId: `pm_${org.slug}`,
          brand: "visa",
          last4: "4242",
          expMonth: 12,
          expYear: 2034,
          isDefault: true,
        });
        const period = { start: new Date(), end: new Date(Date.now() + 30 * 86_400_000) };
        await tx.insert(billingSubscriptions).values({
          organisationId: org.id,
          module: "storage",
          tier: "pro",
          status: "active",
          priceMinor: 900,
          currency: "EUR",
          currentPeriodStart: period.start,
          currentPeriodEnd: period.end,
        });
        await tx.insert(billingCharges).values({
          organisationId: org.id,
          kind: "purchase",
          module: "storage",
          tier: "pro",
          amountMinor: 900,
          currency: "EUR",
          status: "succeeded",
          provider: "sandbox",
          paymentId: `pi_${org.slug}`,
          periodStart: period.start,
          periodEnd: period.end,
          createdBy: org.members.owner.userId,
        });
      }
    });
    tables = await queryRows<TenantTable>(
      db,
      sql`select format('%I.%I', n.nspname, c.relname) as name,
            case when c.relname = 'organisations' and n.nspname = 'public' then 'id'
                 else 'organisation_id' end as key,
            (select string_agg(quote_ident(a.attname), ', ' order by a.attnum)
             from pg_attribute a
             where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
               and a.attidentity <> 'a' and a.attgenerated = '') as columns,
            jsonb_build_object(
              'anon', jsonb_build_object(
                'insert', has_table_privilege('anon', c.oid, 'INSERT'),
                'update', has_table_privilege('anon', c.oid, 'UPDATE'),
                'delete', has_table_privilege('anon', c.oid, 'DELETE')),
              'authenticated', jsonb_build_object(
                'insert', has_table_privilege('authenticated', c.oid, 'INSERT'),
                'update', has_table_privilege('authenticated', c.oid, 'UPDATE'),
                'delete', has_table_privilege('authenticated', c.oid, 'DELETE'))) as privileges,
            exists (select 1 from pg_policies p
                    where p.schemaname = n.nspname and p.tablename = c.relname
                      and p.cmd in ('UPDATE', 'ALL')
                      and p.roles && array['authenticated', 'public']::name[]) as "updatePolicy"
          from pg_class c join pg_namespace n on n.oid = c.relnamespace
          where c.relkind in ('r', 'p')
            and n.nspname not in ('pg_catalog', 'information_schema', 'drizzle')
            and n.nspname not like 'pg\\_%'
            and ((n.nspname = 'public' and c.relname = 'organisations')
                 or exists (select 1 from pg_attribute a
                            where a.attrelid = c.oid and a.attname = 'organisation_id'
                              and not a.attisdropped))
          order by 1`,
    );
  }, OPEN_TIMEOUT);

  afterAll(async () => {
    await database?.close();
  });

  it("the world has rows of both organisations in every tenant table of the catalogue", async () => {
    expect(tables.map((t) => t.name)).toEqual(
      expect.arrayContaining([
        "public.organisations",
        "public.invitations",
        "public.organisation_contact_emails",
        "public.audit_entries",
      ]),
    );
    const missing: string[] = [];
    for (const t of tables) {
      for (const org of [world.a.id, world.b.id]) {
        if (!(await sampleRow(t, org))) missing.push(`${t.name} in ${org}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it("anon reads no tenant row but the public ones, and writes none", async () => {
    const actual: Record<string, Outcome> = {};
    const expected: Record<string, Outcome> = {};
    for (const t of tables) {
      const org = world.a.id;
      actual[`${t.name} select`] = await run("anon", statements.select(t, org));
      expected[`${t.name} select`] = seen(t);
      for (const op of ["update", "delete"] as const) {
        actual[`${t.name} ${op}`] = await run("anon", statements[op](t, org));
        expected[`${t.name} ${op}`] = writeRefusal(t, "anon", op);
      }
      actual[`${t.name} insert`] = await run("anon", statements.insert(t, await sampleRow(t, org)));
      expected[`${t.name} insert`] = writeRefusal(t, "anon", "insert");
    }
    expect(actual).toEqual(expected);
  });

  it("a member of another organisation reads none of its rows but the public ones, and writes none", async () => {
    const outsider = world.b.members.owner.claims;
    const actual: Record<string, Outcome> = {};
    const expected: Record<string, Outcome> = {};
    for (const t of tables) {
      const org = world.a.id;
      actual[`${t.name} select`] = await run(outsider, statements.select(t, org));
      expected[`${t.name} select`] = seen(t);
      for (const op of ["update", "delete"] as const) {
        actual[`${t.name} ${op}`] = await run(outsider, statements[op](t, org));
        expected[`${t.name} ${op}`] = writeRefusal(t, "authenticated", op);
      }
      actual[`${t.name} insert`] = await run(
        outsider,
        statements.insert(t, await sampleRow(t, org)),
      );
      expected[`${t.name} insert`] = writeRefusal(t, "authenticated", "insert");
    }
    expect(actual).toEqual(expected);
  });

  it("an owner cannot move their organisation's rows into another organisation", async () => {
    const owner = world.a.members.owner.claims;
    const actual: Record<string, Outcome> = {};
    const expected: Record<string, Outcome> = {};
    for (const t of tables.filter((table) => table.key === "organisation_id")) {
      actual[t.name] = await run(owner, statements.move(t, world.a.id, world.b.id));
      // A review's organisation is frozen by its trigger (reviews_write_guard), before RLS.
      // A shopper's cart lines are theirs, not the organisation's: its owner sees none to move.
      expected[t.name] = !t.privileges.authenticated.update
        ? refused("privilege")
        : t.name === "public.reviews"
          ? refused("guard")
          : t.updatePolicy && !consumerTables.includes(t.name)
            ? refused("rls")
            : rows(0);
    }
    expect(actual).toEqual(expected);
  });

  it("a viewer, and a suspended administrator, change nothing in their own organisation", async () => {
    const actual: Record<string, Outcome> = {};
    const expected: Record<string, Outcome> = {};
    const who = { viewer: world.a.members.viewer.claims, suspended: world.suspended.claims };
    for (const [label, claims] of Object.entries(who)) {
      for (const t of tables) {
        const org = world.a.id;
        for (const op of ["update", "delete"] as const) {
          actual[`${label} ${t.name} ${op}`] = await run(claims, statements[op](t, org));
          expected[`${label} ${t.name} ${op}`] = writeRefusal(t, "authenticated", op);
        }
        actual[`${label} ${t.name} insert`] = await run(
          claims,
          statements.insert(t, await sampleRow(t, org)),
        );
        expected[`${label} ${t.name} insert`] = writeRefusal(t, "authenticated", "insert");
      }
    }
    expect(actual).toEqual(expected);
  });

  it("staff and managers write only the tables their role's permissions name", async () => {
    // Staff and managers hold commerce.product.write (the product tables) and
    // commerce.offer.write (offers), managers also commerce.brand.write (brands).
    // Both hold commerce.discount.write (discount codes), managers commerce.settings.write
    // (selling terms, tax and delivery rates); redemptions are written by checkout only.
    const staffCatalogue = [
      "public.discount_codes",
      "public.listing_images",
      "public.listings",
      "public.offers",
      "public.product_attributes",
      "public.product_external_ids",
      "public.product_variants",
      "public.products",
    ];
    const managerTerms = ["public.delivery_rates", "public.selling_terms", "public.tax_rates"];
    // From the permission catalogue (lib/*/permissions.ts): staff hold storage.file.write;
    // managers settings.faq.write, settings.schedule.write and storage.file.write|delete. Any
    // other tenant table, including one added later, must refuse them.
    const writable: Record<
      "staff" | "manager",
      Record<"insert" | "update" | "delete", string[]>
    > = {
      // Reviews: staff and managers answer them (reviews.review.reply), so the row's update
      // policy lets them in; reviews_write_guard narrows it to the reply columns.
      // Orders: staff and managers move them along (commerce.order.write) and queue the
      // follow-up work of a change (order_tasks); events and refunds need the actor's own id.
      staff: {
        insert: ["public.organisation_files", ...staffCatalogue, "public.order_tasks"],
        update: ["public.organisation_files", ...staffCatalogue, "public.reviews", "public.orders"],
        delete: [...staffCatalogue],
      },
      manager: {
        insert: [
          ...managerTerms,
          "public.organisation_faqs",
          "public.schedules",
          "public.schedule_exceptions",
          "public.organisation_files",
          "public.brands",
          ...staffCatalogue,
          "public.order_tasks",
        ],
        update: [
          ...managerTerms,
          "public.organisation_faqs",
          "public.schedules",
          "public.schedule_exceptions",
          "public.organisation_files",
          "public.brands",
          ...staffCatalogue,
          "public.reviews",
          "public.orders",
        ],
        delete: [
          ...managerTerms,
          "public.organisation_faqs",
          "public.schedules",
          "public.schedule_exceptions",
          "public.organisation_files",
          "public.brands",
          ...staffCatalogue,
        ],
      },
    };
    const summary = (o: Outcome) =>
      "rows" in o ? (o.rows > 0 ? "allowed" : "no rows") : `refused: ${o.refused}`;
    const actual: Record<string, string> = {};
    const expected: Record<string, string> = {};
    for (const key of ["staff", "manager"] as const) {
      const claims = world.a.members[key].claims;
      for (const t of tables) {
        const org = world.a.id;
        for (const op of ["update", "delete"] as const) {
          const label = `${key} ${t.name} ${op}`;
          actual[label] = summary(await run(claims, statements[op](t, org)));
          expected[label] = writable[key][op].includes(t.name)
            ? "allowed"
            : summary(writeRefusal(t, "authenticated", op));
        }
        // An allowed insert of a copy would collide with the original; only refusals here.
        if (!writable[key].insert.includes(t.name)) {
          const label = `${key} ${t.name} insert`;
          actual[label] = summary(await run(claims, statements.insert(t, await sampleRow(t, org))));
          expected[label] = summary(writeRefusal(t, "authenticated", "insert"));
        }
      }
    }
    expect(actual).toEqual(expected);
  });

  it("a suspended member sees no tenant row but their own employment and the public ones", async () => {
    const actual: Record<string, boolean> = {};
    for (const t of tables) {
      const outcome = await run(world.suspended.claims, statements.select(t, world.a.id));
      actual[t.name] = "rows" in outcome && outcome.rows > 0;
    }
    expect(actual).toEqual(
      Object.fromEntries(
        tables.map((t) => [
          t.name,
          t.name === "public.employments" || publicTables.includes(t.name),
        ]),
      ),
    );
  });

  it("a viewer cannot delete their organisation's contact emails", async () => {
    const viewer = world.a.members.viewer.claims;
    expect(
      await run(
        viewer,
        sql`delete from public.organisation_contact_emails where organisation_id = ${world.a.id}::uuid returning 1`,
      ),
    ).toEqual(rows(0));
    expect(
      await run(
        viewer,
        sql`delete from public.organisation_contact_emails where id = ${ids.contactA}::uuid returning 1`,
      ),
    ).toEqual(rows(0));
    // The same statement deletes for an owner (then rolled back): the row is there to delete.
    expect(
      await run(
        world.a.members.owner.claims,
        sql`delete from public.organisation_contact_emails where id = ${ids.contactA}::uuid returning 1`,
      ),
    ).toEqual(rows(1));
  });

  describe("an invitee", () => {
    it("reads only the organisation, its roles, their own invitation and the public tables, and writes nothing else", async () => {
      const readable = new Set([
        "public.organisations",
        "public.roles",
        "public.invitations",
        ...publicTables,
      ]);
      const actual: Record<string, Outcome | boolean> = {};
      const expected: Record<string, Outcome | boolean> = {};
      for (const t of tables) {
        const org = world.a.id;
        const seen = await run(invitee.claims, statements.select(t, org));
        actual[`${t.name} select`] = "rows" in seen && seen.rows > 0;
        expected[`${t.name} select`] = readable.has(t.name);
        for (const op of ["update", "delete"] as const) {
          actual[`${t.name} ${op}`] = await run(invitee.claims, statements[op](t, org));
          // Touching their pending invitation without answering it is refused outright.
          expected[`${t.name} ${op}`] =
            t.name === "public.invitations" && op === "update"
              ? refused("guard")
              : writeRefusal(t, "authenticated", op);
        }
        actual[`${t.name} insert`] = await run(
          invitee.claims,
          statements.insert(t, await sampleRow(t, org)),
        );
        expected[`${t.name} insert`] = writeRefusal(t, "authenticated", "insert");
      }
      expect(actual).toEqual(expected);
      const [own] = await runAsUser(database.db, invitee.claims, (tx) =>
        tx
          .select({ id: invitations.id })
          .from(invitations)
          .where(eq(invitations.organisationId, world.a.id)),
      );
      expect(own?.id).toBe(ids.invitation);
    });

    it("changes no column of their invitation but the answer, not even while accepting", async () => {
      const columns = await queryRows<{ name: string; type: string }>(
        database.db,
        sql`select a.attname::text as name, format_type(a.atttypid, a.atttypmod) as type
            from pg_attribute a
            where a.attrelid = 'public.invitations'::regclass and a.attnum > 0
              and not a.attisdropped
            order by a.attnum`,
      );
      const answer = new Set(["status", "responded_at", "responded_by"]);
      const valueFor: Record<string, SQL> = {
        organisation_id: sql`${world.b.id}::uuid`,
        role_id: sql`${world.a.roleIds.owner}::uuid`,
        email: sql`${`someone-else-${randomUUID().slice(0, 8)}@example.test`}`,
      };
      const byType: Record<string, SQL> = {
        uuid: sql`${randomUUID()}::uuid`,
        text: sql`'changed'`,
        integer: sql`99`,
        "timestamp with time zone": sql`'2100-01-01T00:00:00Z'::timestamptz`,
      };
      const actual: Record<string, Outcome> = {};
      for (const column of columns.filter((c) => !answer.has(c.name))) {
        const value = valueFor[column.name] ?? byType[column.type];
        if (!value) throw new Error(`No test value for ${column.name} (${column.type}).`);
        actual[column.name] = await run(
          invitee.claims,
          sql`update public.invitations
              set status = 'accepted', responded_by = auth.uid(), ${sql.identifier(column.name)} = ${value}
              where id = ${ids.invitation}::uuid returning 1`,
        );
      }
      expect(Object.keys(actual)).toEqual(
        expect.arrayContaining(["organisation_id", "role_id", "invited_by", "expires_at"]),
      );
      expect(actual).toEqual(
        Object.fromEntries(Object.keys(actual).map((c) => [c, refused("guard")])),
      );
    });

    it("answers only with accepted or declined, as themselves, before expiry", async () => {
      const answer = (status: string, respondedBy: SQL, id = ids.invitation) =>
        run(
          invitee.claims,
          sql`update public.invitations set status = ${status}, responded_by = ${respondedBy}
              where id = ${id}::uuid returning 1`,
        );
      expect(await answer("revoked", sql`auth.uid()`)).toEqual(refused("guard"));
      expect(await answer("pending", sql`auth.uid()`)).toEqual(refused("guard"));
      expect(await answer("accepted", sql`${world.a.members.owner.userId}::uuid`)).toEqual(
        refused("guard"),
      );
      expect(await answer("accepted", sql`auth.uid()`, ids.expiredInvitation)).toEqual(
        refused("guard"),
      );
      expect(await answer("declined", sql`auth.uid()`)).toEqual(rows(1));
      // The answer's time is the database's, whatever the caller sends.
      expect(
        await attempt(invitee.claims, async (tx) => {
          await tx
            .update(invitations)
            .set({ status: "accepted", respondedBy: invitee.userId, respondedAt: new Date(0) })
            .where(eq(invitations.id, ids.invitation));
          return count(
            tx,
            sql`select 1 from public.invitations where id = ${ids.invitation}::uuid and responded_at = now()`,
          );
        }),
      ).toEqual(rows(1));
    });

    it("joins only with the role they were invited to", async () => {
      const join = (roleId: string) =>
        run(
          invitee.claims,
          sql`insert into public.employments (organisation_id, user_id, role_id)
              values (${world.a.id}::uuid, auth.uid(), ${roleId}::uuid) returning 1`,
        );
      expect(await join(world.a.roleIds.owner)).toEqual(refused("rls"));
      expect(await join(world.a.roleIds.viewer)).toEqual(rows(1));
    });
  });

  describe("audit entries", () => {
    const record = (org: string, action: string, resourceType = "faq", resourceId?: string) =>
      sql`select app.record_audit(${org}::uuid, ${action}, ${resourceType}, ${resourceId ?? null}, null, ${JSON.stringify({ n: 1 })}::jsonb) as id`;

    it("cannot be inserted, updated or deleted directly by a signed-in user, even an owner", async () => {
      const owner = world.a.members.owner.claims;
      const table = tables.find((t) => t.name === "public.audit_entries")!;
      expect(
        await run(owner, statements.insert(table, await sampleRow(table, world.a.id))),
      ).toEqual(refused("privilege"));
      expect(await run(owner, statements.update(table, world.a.id))).toEqual(refused("privilege"));
      expect(await run(owner, statements.delete(table, world.a.id))).toEqual(refused("privilege"));
    });

    it("are never updated or deleted, not even by the owner role; an organisation's deletion takes them along", async () => {
      const refusedToOwner = async (statement: SQL) => {
        try {
          await runAsSystem(database.db, "test: tamper", (tx) => tx.execute(statement));
          return "done";
        } catch (error) {
          const cause = (error as { cause?: { code?: string; message?: string } }).cause;
          return classify(cause?.code ?? "?", cause?.message ?? "");
        }
      };
      expect(
        await refusedToOwner(
          sql`update public.audit_entries set action = 'x.y.z' where organisation_id = ${world.a.id}::uuid`,
        ),
      ).toBe("guard");
      expect(
        await refusedToOwner(
          sql`delete from public.audit_entries where organisation_id = ${world.a.id}::uuid`,
        ),
      ).toBe("guard");
      const doomed = randomUUID();
      const left = await runAsSystem(database.db, "test: cascade", async (tx) => {
        await tx
          .insert(organisations)
          .values({ id: doomed, name: "Doomed", slug: `doomed-${doomed}` });
        await tx.insert(auditEntries).values({
          organisationId: doomed,
          actorUserId: null,
          action: "settings.organisation.create",
          resourceType: "organisation",
        });
        await tx.delete(organisations).where(eq(organisations.id, doomed));
        return tx.select().from(auditEntries).where(eq(auditEntries.organisationId, doomed));
      });
      expect(left).toEqual([]);
    });

    it("are written through app.record_audit with the caller as actor and the database's time", async () => {
      const owner = world.a.members.owner;
      const entry = await attempt(owner.claims, async (tx) => {
        const [written] = await queryRows<{ id: number }>(
          tx,
          record(world.a.id, "settings.faq.create"),
        );
        return count(
          tx,
          sql`select 1 from public.audit_entries
              where id = ${written!.id} and actor_user_id = ${owner.userId}::uuid
                and created_at = now() and organisation_id = ${world.a.id}::uuid
                and after = '{"n": 1}'::jsonb`,
        );
      });
      expect(entry).toEqual(rows(1));
    });

    it("app.record_audit refuses whoever may not write in the action's module there", async () => {
      const write = (actor: Actor, org: string, action: string) =>
        run(actor, sql`${record(org, action)}`);
      const a = world.a.id;
      expect(await write(world.a.members.viewer.claims, a, "settings.faq.create")).toEqual(
        refused("guard"),
      );
      expect(await write(world.suspended.claims, a, "settings.faq.create")).toEqual(
        refused("guard"),
      );
      expect(await write(world.a.members.owner.claims, world.b.id, "settings.faq.create")).toEqual(
        refused("guard"),
      );
      expect(await write(world.outsider.claims, a, "settings.faq.create")).toEqual(
        refused("guard"),
      );
      expect(await write(staffA, a, "settings.faq.create")).toEqual(refused("guard"));
      expect(await write(staffA, a, "people.invitation.revoke")).toEqual(refused("guard"));
      expect(await write(staffA, a, "storage.file.upload")).toEqual(rows(1));
      expect(await write(invitee.claims, a, "settings.faq.create")).toEqual(refused("guard"));
      expect(await write("anon", a, "settings.faq.create")).toEqual(refused("privilege"));
      expect(await write(world.a.members.owner.claims, a, "drop table x")).toMatchObject({
        refused: expect.stringMatching(/^22023 /),
      });
    });

    it("app.record_audit takes an invitee's answer only once it is written, in the same transaction", async () => {
      const answerThenRecord = (status: "accepted" | "declined" | null, action: string) =>
        attempt(invitee.claims, async (tx) => {
          if (status) {
            await tx
              .update(invitations)
              .set({ status, respondedBy: invitee.userId })
              .where(eq(invitations.id, ids.invitation));
          }
          return count(tx, record(world.a.id, action, "invitation", ids.invitation));
        });
      expect(await answerThenRecord(null, "people.invitation.accept")).toEqual(refused("guard"));
      expect(await answerThenRecord(null, "people.invitation.decline")).toEqual(refused("guard"));
      expect(await answerThenRecord("accepted", "people.invitation.decline")).toEqual(
        refused("guard"),
      );
      expect(await answerThenRecord("declined", "people.invitation.decline")).toEqual(rows(1));
      expect(await answerThenRecord("accepted", "people.invitation.accept")).toEqual(rows(1));
    });

    it("app.record_audit refuses an administrator whose employment has ended", async () => {
      const leaver = await addMember(
        database.db,
        world.a.id,
        world.a.roleIds.admin,
        "a-leaver",
        "ended",
      );
      expect(await run(leaver.claims, record(world.a.id, "settings.faq.create"))).toEqual(
        refused("guard"),
      );
    });
  });
});
