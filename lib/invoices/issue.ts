import { randomUUID } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { recordAudit } from "@/lib/audit/record";
import { lockOrganisationScope } from "@/lib/db/advisory-lock";
import { queryRows } from "@/lib/db/rows";
import { statement } from "@/lib/db/statement";
import type { Tx } from "@/lib/db/types";
import { InvoiceError } from "./errors";
import {
  issueCreditNoteSchema,
  issueInvoiceSchema,
  type IssueCreditNoteInput,
  type IssueInvoiceInput,
} from "./invoice-schema";
import { documentLabels } from "./labels";
import { formatDocumentNumber } from "./numbering";
import { invoices, type InvoiceKind } from "./schema";
import type { DocumentSnapshot } from "./snapshot";
import { computeCreditAmounts, computeInvoiceAmounts } from "./totals";

/**
 * Issuing (docs/invoices.md). Both functions run inside the caller's transaction, which must
 * be a system context (users hold no INSERT on the tables): the order's payment issues the
 * invoice, its refund the credit note. Whatever rolls the transaction back gives the number
 * back. Both are idempotent: a second call for the same order, or the same refund, returns
 * the document already issued.
 */
export interface IssuedDocument {
  id: string;
  kind: InvoiceKind;
  number: string;
  organisationId: string;
  orderId: string;
  currency: string;
  totalMinor: number;
  issuedAt: Date;
}

const issuedColumns = {
  id: invoices.id,
  kind: invoices.kind,
  number: invoices.number,
  organisationId: invoices.organisationId,
  orderId: invoices.orderId,
  currency: invoices.currency,
  totalMinor: invoices.totalMinor,
  issuedAt: invoices.issuedAt,
};

/** The audit entry of an issue (a system write: no actor; named by the document's number). */
async function auditIssue(tx: Tx, doc: IssuedDocument, extra: Record<string, unknown> = {}) {
  const invoice = doc.kind === "invoice";
  await recordAudit(tx, {
    organisationId: doc.organisationId,
    actorUserId: null,
    action: invoice ? "commerce.invoice.issue" : "commerce.creditNote.issue",
    resourceType: invoice ? "invoice" : "creditNote",
    resourceId: doc.id,
    after: {
      name: doc.number,
      orderId: doc.orderId,
      totalMinor: doc.totalMinor,
      currency: doc.currency,
      ...extra,
    },
  });
}

/**
 * The next number of the organisation's series of `kind` for the current year, in its time
 * zone. The advisory lock serialises the issuers of one series, so the issue time read after
 * it grows with the number; the counter row, raised in this transaction, is what makes the
 * numbers gapless (a rollback undoes the raise). Every issuer of the shop waits for this lock
 * until its commit, so it is one round trip: the lock and the counter's statement (which
 * reads the clock, after the lock, and raises the counter of that clock's year) go together.
 */
async function takeNumber(tx: Tx, organisationId: string, kind: InvoiceKind) {
  const [, [counter]] = await Promise.all([
    lockOrganisationScope(tx, `invoices.${kind}`, organisationId),
    queryRows<{ sequence: number; year: number; at_ms: string; time_zone: string }>(
      tx,
      sql`with clock as (
            select clock_timestamp() as at, coalesce(o.time_zone, 'UTC') as time_zone
            from (select 1) one left join public.organisations o on o.id = ${organisationId}::uuid
          )
          insert into public.invoice_counters as c (organisation_id, kind, series_year, last_sequence)
          select ${organisationId}::uuid, ${kind}, extract(year from clock.at at time zone clock.time_zone)::int, 1
          from clock
          on conflict (organisation_id, kind, series_year)
          do update set last_sequence = c.last_sequence + 1
          returning c.last_sequence as sequence, c.series_year as year,
                    (select (extract(epoch from at) * 1000)::bigint::text from clock) as at_ms,
                    (select time_zone from clock) as time_zone`,
    ),
  ]);
  const year = Number(counter!.year);
  const sequence = Number(counter!.sequence);
  const number = formatDocumentNumber(kind, year, sequence);
  const issuedAt = new Date(Number(counter!.at_ms));
  return {
    /** The document row's numbering columns. */
    columns: { kind, number, seriesYear: year, sequence, issuedAt },
    /** The snapshot's head. */
    head: {
      version: 1 as const,
      kind,
      number,
      issuedAt: issuedAt.toISOString(),
      timeZone: counter!.time_zone,
    },
  };
}

/**
 * Inserts a numbered document and its audit entry in one round trip (the series lock is held
 * until the commit): the id is made here, so the entry does not wait for the row.
 */
async function insertDocument(
  tx: Tx,
  values: Omit<typeof invoices.$inferInsert, "id">,
  audit: Record<string, unknown> = {},
): Promise<IssuedDocument> {
  const id = randomUUID();
  const [[row]] = await Promise.all([
    tx
      .insert(invoices)
      .values({ ...values, id })
      .returning(issuedColumns),
    auditIssue(
      tx,
      {
        id,
        kind: values.kind,
        number: values.number,
        organisationId: values.organisationId,
        orderId: values.orderId,
        currency: values.currency,
        totalMinor: values.totalMinor,
        issuedAt: values.issuedAt ?? new Date(),
      },
      audit,
    ),
  ]);
  return row!;
}

const orderInvoice = statement<{ organisationId: string; orderId: string }, IssuedDocument[]>(
  "invoices: the order's invoice",
  (db) =>
    db
      .select(issuedColumns)
      .from(invoices)
      .where(
        and(
          eq(invoices.organisationId, sql.placeholder("organisationId")),
          eq(invoices.orderId, sql.placeholder("orderId")),
          eq(invoices.kind, "invoice"),
        ),
      )
      .limit(1),
);

/** Issues the invoice of a paid order (or returns the one it has). */
export async function issueInvoice(tx: Tx, raw: IssueInvoiceInput): Promise<IssuedDocument> {
  const input = issueInvoiceSchema.parse(raw);
  // The order's lock, then whether it has its invoice: one round trip.
  const [, [existing]] = await Promise.all([
    lockOrganisationScope(tx, "invoices.order", input.orderId),
    orderInvoice(tx, { organisationId: input.organisationId, orderId: input.orderId }),
  ]);
  if (existing) return existing;

  const amounts = computeInvoiceAmounts(input);
  const taken = await takeNumber(tx, input.organisationId, "invoice");
  const snapshot: DocumentSnapshot = {
    ...taken.head,
    locale: input.locale,
    currency: input.currency,
    seller: input.seller,
    buyer: input.buyer,
    ...amounts,
  };
  return insertDocument(tx, {
    ...taken.columns,
    organisationId: input.organisationId,
    orderId: input.orderId,
    buyerUserId: input.buyerUserId,
    currency: input.currency,
    ...amounts.totals,
    snapshot,
  });
}

/**
 * Issues the credit note of a refund against an invoice (or returns the one the refund has).
 * The invoice row is locked first, so two refunds of one invoice are checked one after the
 * other: the credit notes never add up to more than the invoice (`creditExceedsInvoice`).
 * The database checks the same again (trigger `invoices_credit_cap`, migration 0029).
 */
export async function issueCreditNote(tx: Tx, raw: IssueCreditNoteInput): Promise<IssuedDocument> {
  const input = issueCreditNoteSchema.parse(raw);
  const [invoice] = await tx
    .select()
    .from(invoices)
    .where(and(eq(invoices.id, input.invoiceId), eq(invoices.kind, "invoice")))
    .for("update");
  if (!invoice) throw new InvoiceError("invoiceNotFound");

  const [existing] = await tx
    .select(issuedColumns)
    .from(invoices)
    .where(
      and(
        eq(invoices.organisationId, invoice.organisationId),
        eq(invoices.kind, "credit_note"),
        eq(invoices.refundId, input.refundId),
      ),
    )
    .limit(1);
  if (existing) return existing;

  const [credited] = await tx
    .select({ total: sql<string>`coalesce(sum(${invoices.totalMinor}), 0)::text` })
    .from(invoices)
    .where(eq(invoices.creditedInvoiceId, invoice.id));
  if (Number(credited?.total ?? 0) + input.amountMinor > invoice.totalMinor) {
    throw new InvoiceError("creditExceedsInvoice");
  }

  const source = invoice.snapshot;
  const amounts = computeCreditAmounts(input.amountMinor, source.taxes);
  const t = await documentLabels(source.locale);
  const taken = await takeNumber(tx, invoice.organisationId, "credit_note");
  const snapshot: DocumentSnapshot = {
    ...taken.head,
    locale: source.locale,
    currency: invoice.currency,
    seller: source.seller,
    buyer: source.buyer,
    lines: amounts.taxes.map((tax) => ({
      description: t("creditLine", { number: invoice.number }),
      quantity: 1,
      unitPriceMinor: tax.grossMinor,
      taxRateBps: tax.rateBps,
      taxMinor: tax.taxMinor,
      totalMinor: tax.grossMinor,
    })),
    taxes: amounts.taxes,
    totals: amounts.totals,
    credit: { invoiceNumber: invoice.number, reason: input.reason || null },
  };
  return insertDocument(
    tx,
    {
      ...taken.columns,
      organisationId: invoice.organisationId,
      orderId: invoice.orderId,
      buyerUserId: invoice.buyerUserId,
      currency: invoice.currency,
      ...amounts.totals,
      snapshot,
      creditedInvoiceId: invoice.id,
      refundId: input.refundId,
      reason: input.reason || null,
    },
    { invoice: invoice.number, refundId: input.refundId },
  );
}
