// First: the request scope sets up what Next's server sets up before its stores exist.
import {
  callRoute,
  inRequestScope,
  pageOutcome,
  signInCookies,
  siteRequest,
} from "./support/request-scope";
import { randomUUID } from "node:crypto";
import { eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import MyInvoicePage from "@/app/[locale]/profile/invoice/[invoiceId]/page";
import { GET as buyerPdfRoute } from "@/app/api/invoices/[invoiceId]/pdf/route";
import { GET as sellerPdfRoute } from "@/app/api/organisations/[organisationId]/invoices/[invoiceId]/pdf/route";
import { auditEntries } from "@/lib/audit/schema";
import { closeDb, getDb } from "@/lib/db/client";
import { runAsSystem } from "@/lib/db/run-context";
import { resetEnvForTests } from "@/lib/env";
import { InvoiceError } from "@/lib/invoices/errors";
import { invoicePdf } from "@/lib/invoices/invoice-pdf";
import {
  getMyInvoice,
  INVOICE_PAGE_SIZE,
  listMyInvoices,
  listOrderInvoices,
} from "@/lib/invoices/invoices";
import { issueCreditNote, issueInvoice } from "@/lib/invoices/issue";
import { invoiceCounters, invoicePdfs, invoices } from "@/lib/invoices/schema";
import {
  createOrganisationWorld,
  createTestUser,
  type OrganisationWorld,
} from "./support/organisations";
import { invoiceInput, issueTestInvoice, pgError } from "./support/invoices";
import { insertTestOrder } from "./support/shop";

/**
 * Issuing on PostgreSQL (docs/invoices.md): gapless numbers under concurrency and rollbacks,
 * idempotence, the credit-note cap under a race, immutability at the database, the buyer's
 * reads, the stored-once PDF and both download routes as Next calls them.
 */
const db = () => getDb();
const system = <T>(fn: Parameters<typeof runAsSystem<T>>[2]) =>
  runAsSystem(db(), "test: invoices", fn);

class RollBack extends Error {}

let world: OrganisationWorld;
let buyer: Awaited<ReturnType<typeof createTestUser>>;
let stranger: Awaited<ReturnType<typeof createTestUser>>;

beforeAll(async () => {
  resetEnvForTests();
  world = await createOrganisationWorld(db());
  buyer = await createTestUser(db(), "buyer");
  stranger = await createTestUser(db(), "stranger");
}, 120_000);

afterAll(async () => {
  await closeDb();
});

describe("numbering", () => {
  it("gives 40 concurrent issues, some rolled back on purpose, exactly the numbers 1..n", async () => {
    const organisationId = world.b.id;
    const outcomes = await Promise.allSettled(
      Array.from({ length: 40 }, (_, i) =>
        system(async (tx) => {
          const issued = await issueTestInvoice(tx, invoiceInput(organisationId, buyer.userId));
          if (i % 4 === 1) throw new RollBack(issued.number);
          return issued;
        }),
      ),
    );
    const rolledBack = outcomes.filter(
      (o) => o.status === "rejected" && o.reason instanceof RollBack,
    );
    const committed = outcomes.flatMap((o) => (o.status === "fulfilled" ? [o.value] : []));
    expect(rolledBack).toHaveLength(10);
    expect(committed).toHaveLength(30);

    const rows = await system((tx) =>
      tx
        .select({ sequence: invoices.sequence, number: invoices.number, at: invoices.issuedAt })
        .from(invoices)
        .where(eq(invoices.organisationId, organisationId))
        .orderBy(invoices.sequence),
    );
    const year = rows[0]!.at.getUTCFullYear();
    expect(rows.map((r) => r.sequence)).toEqual(Array.from({ length: 30 }, (_, i) => i + 1));
    expect(rows.map((r) => r.number)).toEqual(
      rows.map((r) => `INV-${year}-${String(r.sequence).padStart(6, "0")}`),
    );
    // The issue time grows with the number (issuers of a series are serialised).
    const times = rows.map((r) => r.at.getTime());
    expect(times).toEqual([...times].sort((a, b) => a - b));
    const [counter] = await system((tx) =>
      tx.select().from(invoiceCounters).where(eq(invoiceCounters.organisationId, organisationId)),
    );
    expect(counter).toMatchObject({ kind: "invoice", seriesYear: year, lastSequence: 30 });
  }, 120_000);

  it("returns the order's invoice on a second issue, and numbers credit notes apart", async () => {
    const input = invoiceInput(world.a.id, buyer.userId);
    const first = await system((tx) => issueTestInvoice(tx, input));
    const again = await system((tx) => issueTestInvoice(tx, input));
    expect(again.id).toBe(first.id);
    const note = await system((tx) =>
      issueCreditNote(tx, {
        invoiceId: first.id,
        refundId: `re_${randomUUID()}`,
        amountMinor: 100,
      }),
    );
    expect(note.number).toMatch(/^CN-\d{4}-000001$/);
    expect(note.orderId).toBe(first.orderId);
    // Audited once each, as the system, named by the number (a repeated issue adds nothing).
    const entries = await system((tx) =>
      tx
        .select()
        .from(auditEntries)
        .where(inArray(auditEntries.resourceId, [first.id, note.id]))
        .orderBy(auditEntries.id),
    );
    expect(entries.map((e) => [e.action, e.resourceType, e.actorUserId])).toEqual([
      ["commerce.invoice.issue", "invoice", null],
      ["commerce.creditNote.issue", "creditNote", null],
    ]);
    expect(entries[1]?.after).toMatchObject({ name: note.number, invoice: first.number });
  });

  it("refuses bad input before writing anything", async () => {
    const bad = { ...invoiceInput(world.a.id, buyer.userId), currency: "eur" };
    await expect(system((tx) => issueInvoice(tx, bad))).rejects.toThrow();
    const extra = { ...invoiceInput(world.a.id, buyer.userId), admin: true };
    await expect(system((tx) => issueInvoice(tx, extra as never))).rejects.toThrow();
    const rows = await system((tx) =>
      tx.select().from(invoices).where(eq(invoices.orderId, bad.orderId)),
    );
    expect(rows).toEqual([]);
    // A document is of a real order of the same organisation: an unknown order, or another
    // organisation's, is refused by the foreign key.
    const unknown = invoiceInput(world.a.id, buyer.userId);
    expect(await pgError(system((tx) => issueInvoice(tx, unknown)))).toMatchObject({
      code: "23503",
    });
    const ofB = await system((tx) =>
      insertTestOrder(tx, { organisationId: world.b.id, buyerUserId: buyer.userId }),
    );
    const crossed = invoiceInput(world.a.id, buyer.userId, { orderId: ofB });
    expect(await pgError(system((tx) => issueInvoice(tx, crossed)))).toMatchObject({
      code: "23503",
    });
  });
});

describe("credit notes", () => {
  it("never take an invoice below zero, even when two are issued at once", async () => {
    const invoice = await system((tx) =>
      issueTestInvoice(tx, invoiceInput(world.a.id, buyer.userId, { unitPriceMinor: 10_000 })),
    );
    const credit = (amountMinor: number) =>
      system((tx) =>
        issueCreditNote(tx, { invoiceId: invoice.id, refundId: `re_${randomUUID()}`, amountMinor }),
      );
    const outcomes = await Promise.allSettled([credit(6000), credit(6000)]);
    expect(outcomes.filter((o) => o.status === "fulfilled")).toHaveLength(1);
    const refusal = outcomes.find((o) => o.status === "rejected") as PromiseRejectedResult;
    expect(refusal.reason).toBeInstanceOf(InvoiceError);
    expect((refusal.reason as InvoiceError).code).toBe("creditExceedsInvoice");

    await expect(credit(4001)).rejects.toMatchObject({ code: "creditExceedsInvoice" });
    await credit(4000); // exactly to zero
    const notes = await system((tx) => listOrderInvoices(tx, invoice.orderId));
    expect(notes.map((n) => n.kind)).toEqual(["invoice", "credit_note", "credit_note"]);
  });

  it("are refused by the database past the invoice even when inserted directly", async () => {
    const invoice = await system((tx) =>
      issueTestInvoice(tx, invoiceInput(world.a.id, buyer.userId, { unitPriceMinor: 500 })),
    );
    const [row] = await system((tx) =>
      tx.select().from(invoices).where(eq(invoices.id, invoice.id)),
    );
    const error = await pgError(
      system((tx) =>
        tx.insert(invoices).values({
          ...row!,
          id: randomUUID(),
          kind: "credit_note",
          number: "CN-X-1",
          sequence: 999,
          subtotalMinor: 501,
          totalMinor: 501,
          taxMinor: 0,
          creditedInvoiceId: invoice.id,
          refundId: "re_direct",
        }),
      ),
    );
    expect(error).toMatchObject({
      code: "23514",
      message: "credit notes would exceed the invoice",
    });
  });

  it("are returned again for the same refund, and refused for an unknown invoice", async () => {
    const invoice = await system((tx) =>
      issueTestInvoice(tx, invoiceInput(world.a.id, buyer.userId)),
    );
    const refundId = `re_${randomUUID()}`;
    const input = { invoiceId: invoice.id, refundId, amountMinor: 50, reason: "Late" };
    const first = await system((tx) => issueCreditNote(tx, input));
    const again = await system((tx) => issueCreditNote(tx, input));
    expect(again.id).toBe(first.id);
    await expect(
      system((tx) => issueCreditNote(tx, { ...input, invoiceId: randomUUID() })),
    ).rejects.toMatchObject({ code: "invoiceNotFound" });
  });
});

describe("immutability", () => {
  it("refuses UPDATE, DELETE and TRUNCATE of issued documents and stored PDFs, as the owner", async () => {
    const invoice = await system((tx) =>
      issueTestInvoice(tx, invoiceInput(world.a.id, buyer.userId)),
    );
    await invoicePdf({ kind: "buyer", claims: buyer.claims }, invoice.id);
    const statements = [
      sql`update public.invoices set total_minor = 1 where id = ${invoice.id}::uuid`,
      sql`update public.invoices set snapshot = '{}' where id = ${invoice.id}::uuid`,
      sql`delete from public.invoices where id = ${invoice.id}::uuid`,
      sql`truncate public.invoices cascade`,
      sql`update public.invoice_pdfs set content = '\\x00' where invoice_id = ${invoice.id}::uuid`,
      sql`delete from public.invoice_pdfs where invoice_id = ${invoice.id}::uuid`,
    ];
    for (const statement of statements) {
      const error = await pgError(system((tx) => tx.execute(statement)));
      expect(error).toMatchObject({
        code: "42501",
        message: "issued invoices and credit notes are immutable",
      });
    }
    const [row] = await system((tx) =>
      tx.select().from(invoices).where(eq(invoices.id, invoice.id)),
    );
    expect(row?.totalMinor).toBe(invoice.totalMinor);
  });
});

describe("reading", () => {
  it("lists the buyer's documents newest first, a page at a time, with the shop", async () => {
    const shopper = await createTestUser(db(), "pager");
    for (let i = 0; i < INVOICE_PAGE_SIZE + 3; i++) {
      await system((tx) => issueTestInvoice(tx, invoiceInput(world.a.id, shopper.userId)));
    }
    const first = await listMyInvoices(shopper.claims, 1);
    const second = await listMyInvoices(shopper.claims, 2);
    expect(first).toMatchObject({ page: 1, pages: 2, total: INVOICE_PAGE_SIZE + 3 });
    expect(first.items).toHaveLength(INVOICE_PAGE_SIZE);
    expect(second.items).toHaveLength(3);
    expect(first.items[0]).toMatchObject({
      kind: "invoice",
      shop: "Librería Peña",
      currency: "EUR",
    });
    const all = [...first.items, ...second.items].map((item) => item.issuedAt);
    expect(all).toEqual([...all].sort().reverse());
    expect((await listMyInvoices(shopper.claims, 99)).page).toBe(2);
    expect((await listMyInvoices(stranger.claims, 1)).items).toEqual([]);
  }, 60_000);

  it("gives the buyer a document with its credit notes, and nobody else", async () => {
    const invoice = await system((tx) =>
      issueTestInvoice(tx, invoiceInput(world.a.id, buyer.userId)),
    );
    const note = await system((tx) =>
      issueCreditNote(tx, {
        invoiceId: invoice.id,
        refundId: `re_${randomUUID()}`,
        amountMinor: 75,
      }),
    );
    const mine = await getMyInvoice(buyer.claims, invoice.id);
    expect(mine?.document.snapshot.number).toBe(invoice.number);
    expect(mine?.creditNotes.map((n) => n.number)).toEqual([note.number]);
    const theNote = await getMyInvoice(buyer.claims, note.id);
    expect(theNote?.creditedInvoice).toEqual({ id: invoice.id, number: invoice.number });
    // Another user, the seller's staff (not the buyer) on the profile side, a bad id.
    expect(await getMyInvoice(stranger.claims, invoice.id)).toBeNull();
    expect(await getMyInvoice(world.a.members.staff.claims, invoice.id)).toBeNull();
    expect(await getMyInvoice(buyer.claims, "not-a-uuid")).toBeNull();
  });
});

describe("the PDF", () => {
  it("is rendered once, stored, and served again byte for byte to buyer and seller", async () => {
    const invoice = await system((tx) =>
      issueTestInvoice(tx, invoiceInput(world.a.id, buyer.userId)),
    );
    const [first, concurrent] = await Promise.all([
      invoicePdf({ kind: "buyer", claims: buyer.claims }, invoice.id),
      invoicePdf({ kind: "buyer", claims: buyer.claims }, invoice.id),
    ]);
    const seller = await invoicePdf(
      { kind: "organisation", claims: world.a.members.viewer.claims, organisationId: world.a.id },
      invoice.id,
    );
    const stored = await system((tx) =>
      tx.select().from(invoicePdfs).where(eq(invoicePdfs.invoiceId, invoice.id)),
    );
    expect(stored).toHaveLength(1);
    const bytes = Buffer.from(stored[0]!.content);
    expect(bytes.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    for (const pdf of [first, concurrent, seller]) {
      expect(Buffer.from(pdf!.content).equals(bytes)).toBe(true);
    }
  });

  it("is nobody else's: another user, a member of another organisation, the wrong scope", async () => {
    const invoice = await system((tx) =>
      issueTestInvoice(tx, invoiceInput(world.a.id, buyer.userId)),
    );
    expect(await invoicePdf({ kind: "buyer", claims: stranger.claims }, invoice.id)).toBeNull();
    const ownerB = world.b.members.owner.claims;
    for (const organisationId of [world.a.id, world.b.id]) {
      expect(
        await invoicePdf({ kind: "organisation", claims: ownerB, organisationId }, invoice.id),
      ).toBeNull();
    }
    expect(await invoicePdf({ kind: "buyer", claims: buyer.claims }, "x")).toBeNull();
    const stored = await system((tx) =>
      tx.select().from(invoicePdfs).where(eq(invoicePdfs.invoiceId, invoice.id)),
    );
    expect(stored).toEqual([]);
  });
});

describe("download routes", () => {
  it("answer the buyer and the seller's members with the PDF, everyone else 404", async () => {
    const invoice = await system((tx) =>
      issueTestInvoice(tx, invoiceInput(world.a.id, buyer.userId)),
    );
    const buyerJar = await signInCookies(buyer);
    const strangerJar = await signInCookies(stranger);
    const path = `/api/invoices/${invoice.id}/pdf`;
    const ok = await callRoute(buyerPdfRoute, siteRequest(path, {}, buyerJar), {
      invoiceId: invoice.id,
    });
    expect(ok.status).toBe(200);
    expect(ok.headers.get("content-type")).toBe("application/pdf");
    expect(ok.headers.get("content-disposition")).toBe(
      `attachment; filename="${invoice.number}.pdf"`,
    );
    expect(
      Buffer.from(await ok.arrayBuffer())
        .subarray(0, 5)
        .toString("latin1"),
    ).toBe("%PDF-");
    for (const jar of [strangerJar, new Map<string, string>()]) {
      const refused = await callRoute(buyerPdfRoute, siteRequest(path, {}, jar), {
        invoiceId: invoice.id,
      });
      expect(refused.status).toBe(404);
    }

    const sellerPath = (org: string) => `/api/organisations/${org}/invoices/${invoice.id}/pdf`;
    const viewer = await signInCookies(world.a.members.viewer);
    const seller = await callRoute(
      sellerPdfRoute,
      siteRequest(sellerPath(world.a.id), {}, viewer),
      {
        organisationId: world.a.id,
        invoiceId: invoice.id,
      },
    );
    expect(seller.status).toBe(200);
    expect(seller.headers.get("content-type")).toBe("application/pdf");
    const ownerB = await signInCookies(world.b.members.owner);
    for (const [jar, org] of [
      [ownerB, world.a.id],
      [ownerB, world.b.id],
      [buyerJar, world.a.id],
    ] as const) {
      const refused = await callRoute(sellerPdfRoute, siteRequest(sellerPath(org), {}, jar), {
        organisationId: org,
        invoiceId: invoice.id,
      });
      expect(refused.status).toBe(404);
    }
  }, 60_000);
});

describe("the profile pages", () => {
  // Rendering the found document needs React's server build (next-intl's getTranslations);
  // the e2e spec renders it. What is checked here is the door: 404 before anything renders.
  it("answer 404 for another user's document, a malformed id and an unknown one", async () => {
    const invoice = await system((tx) =>
      issueTestInvoice(tx, invoiceInput(world.a.id, buyer.userId)),
    );
    const open = (jar: Map<string, string>, invoiceId = invoice.id) =>
      pageOutcome(() =>
        inRequestScope(siteRequest(`/profile/invoice/${invoiceId}`, {}, jar), () =>
          MyInvoicePage({ params: Promise.resolve({ invoiceId }) }),
        ),
      );
    const buyerJar = await signInCookies(buyer);
    expect(await open(await signInCookies(stranger))).toBe(404);
    expect(await open(await signInCookies(world.a.members.owner))).toBe(404);
    expect(await open(buyerJar, "not-a-uuid")).toBe(404);
    expect(await open(buyerJar, randomUUID())).toBe(404);
  }, 60_000);
});
