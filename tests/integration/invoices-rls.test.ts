import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "@/lib/db/connect";
import { queryRows } from "@/lib/db/rows";
import { runAsAnon, runAsSystem, runAsUser, type UserClaims } from "@/lib/db/run-context";
import type { Tx } from "@/lib/db/types";
import { issueCreditNote, type IssuedDocument } from "@/lib/invoices/issue";
import { drivers, OPEN_TIMEOUT } from "./support/databases";
import { invoiceInput, issueTestInvoice, pgError } from "./support/invoices";
import {
  createOrganisationWorld,
  createTestUser,
  type OrganisationWorld,
} from "./support/organisations";

/**
 * The invoices' policies at the SQL level, on both drivers (docs/invoices.md, "Who reads"):
 * the buyer reads their own documents and stored PDFs; members of the seller with
 * commerce.order.read read the organisation's; a member without it, a member of another
 * organisation, another user and a visitor read none; nobody but a system context writes.
 */
describe.each(drivers)("invoice policies on $name", (driver) => {
  let database: Database;
  let world: OrganisationWorld;
  let buyer: { userId: string; claims: UserClaims };
  let stranger: { userId: string; claims: UserClaims };
  let docs: { a: IssuedDocument; aNote: IssuedDocument; b: IssuedDocument };

  beforeAll(async () => {
    database = await driver.open();
    world = await createOrganisationWorld(database.db);
    buyer = await createTestUser(database.db, "rls-buyer");
    stranger = await createTestUser(database.db, "rls-stranger");
    docs = await runAsSystem(database.db, "test: invoices", async (tx) => {
      const a = await issueTestInvoice(tx, invoiceInput(world.a.id, buyer.userId));
      const aNote = await issueCreditNote(tx, {
        invoiceId: a.id,
        refundId: "re_1",
        amountMinor: 10,
      });
      const b = await issueTestInvoice(tx, invoiceInput(world.b.id, stranger.userId));
      for (const doc of [a, b]) {
        await tx.execute(sql`insert into public.invoice_pdfs (invoice_id, organisation_id, content)
          values (${doc.id}::uuid, ${doc.organisationId}::uuid, '\\x255044462d'::bytea)`);
      }
      return { a, aNote, b };
    });
  }, OPEN_TIMEOUT);

  afterAll(async () => {
    await database?.close();
  });

  const as = <T>(actor: UserClaims | "anon", fn: (tx: Tx) => Promise<T>) =>
    actor === "anon" ? runAsAnon(database.db, fn) : runAsUser(database.db, actor, fn);

  async function visible(actor: UserClaims | "anon") {
    return as(actor, async (tx) => {
      const documents = await queryRows<{ id: string }>(
        tx,
        sql`select id from public.invoices order by number`,
      );
      const pdfs = await queryRows<{ id: string }>(
        tx,
        sql`select invoice_id as id from public.invoice_pdfs`,
      );
      const counters = await queryRows<{ n: number }>(
        tx,
        sql`select count(*)::int as n from public.invoice_counters`,
      );
      return {
        documents: documents.map((r) => r.id).sort(),
        pdfs: pdfs.map((r) => r.id).sort(),
        counters: counters[0]!.n,
      };
    });
  }

  it("the buyer reads their own documents and PDFs, nothing of other buyers", async () => {
    expect(await visible(buyer.claims)).toEqual({
      documents: [docs.a.id, docs.aNote.id].sort(),
      pdfs: [docs.a.id],
      counters: 0,
    });
  });

  it("members with commerce.order.read read their organisation's, and only theirs", async () => {
    for (const member of [world.a.members.owner, world.a.members.viewer, world.a.members.staff]) {
      expect(await visible(member.claims)).toEqual({
        documents: [docs.a.id, docs.aNote.id].sort(),
        pdfs: [docs.a.id],
        counters: 0,
      });
    }
    expect((await visible(world.b.members.owner.claims)).documents).toEqual([docs.b.id]);
  });

  it("a member without the permission, a suspended one, an outsider and anon read none", async () => {
    const none = { documents: [], pdfs: [], counters: 0 };
    expect(await visible(world.custom.claims)).toEqual(none);
    expect(await visible(world.suspended.claims)).toEqual(none);
    expect(await visible(world.outsider.claims)).toEqual(none);
    expect(await visible("anon")).toEqual(none);
  });

  it("nobody writes as a user, not even the buyer or the owner", async () => {
    const attempts = [
      sql`insert into public.invoices select * from public.invoices where id = ${docs.a.id}::uuid`,
      sql`update public.invoices set total_minor = 0 where id = ${docs.a.id}::uuid`,
      sql`delete from public.invoices where id = ${docs.a.id}::uuid`,
      sql`update public.invoice_counters set last_sequence = 1`,
      sql`delete from public.invoice_pdfs where invoice_id = ${docs.a.id}::uuid`,
    ];
    for (const actor of [buyer.claims, world.a.members.owner.claims, "anon"] as const) {
      for (const statement of attempts) {
        const error = await pgError(as(actor, (tx) => tx.execute(statement)));
        expect(error.code).toBe("42501");
        expect(error.message).toMatch(/^permission denied for table/);
      }
    }
  });
});
