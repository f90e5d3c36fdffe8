import { and, eq, sql } from "drizzle-orm";
import { recordAudit } from "@/lib/audit/record";
import { lockOrganisationScope } from "@/lib/db/advisory-lock";
import { queryRows } from "@/lib/db/rows";
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
 * numbers gapless (a rollback undoes the raise).
 */
async function takeNumber(tx: Tx, organisationId: string, kind: InvoiceKind) {
  await lockOrganisationScope(tx, `invoices.${kind}`, organisationId);
  const [clock] = await queryRows<{ at_ms: string; year: number; time_zone: string }>(
    tx,
    sql`select (extract(epoch from s.at) * 1000)::bigint::text as at_ms,
               extract(year from s.at at time zone coalesce(o.time_zone, 'UTC'))::int as year,
               coalesce(o.time_zone, 'UTC') as time_zone
        from (select clock_timestamp() as at) s
        left join public.organisations o on o.id = ${organisationId}::uuid`,
  );
  const year = clock!.year;
  const [counter] = await queryRows<{ sequence: number }>(
    tx,
    sql`insert into public.invoice_counters as c (organisation_id, kind, series_year, last_sequence)
        values (${organisationId}::uuid, ${kind}, ${year}, 1)
        on conflict (organisation_id, kind, series_year)
        do update set last_sequence = c.last_sequence + 1
        returning c.last_sequence as sequence`,
  );
  const sequence = Number(counter!.sequence);
  const number = formatDocumentNumber(kind, year, sequence);
  const issuedAt = new Date(Number(clock!.at_ms));
  return {
    /** The document row's numbering columns. */
    columns: { kind, number, seriesYear: year, sequence, issuedAt },
    /** The snapshot's head. */
    head: {
      version: 1 as const,
      kind,
      number,
      issuedAt: issuedAt.toISOString(),
      timeZone: clock!.time_zone,
    },
  };
}

/** Issues the invoice of a paid order (or returns the one it has). */
export async function issueInvoice(tx: Tx, raw: IssueInvoiceInput): Promise<IssuedDocument> {
  const input = issueInvoiceSchema.parse(raw);
  await lockOrganisationScope(tx, "invoices.order", input.orderId);
  const [existing] = await tx
    .select(issuedColumns)
    .from(invoices)
    .where(
      and(
        eq(invoices.organisationId, input.organisationId),
        eq(invoices.orderId, input.orderId),
        eq(invoices.kind, "invoice"),
      ),
    )
    .limit(1);
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
  const [row] = await tx
    .insert(invoices)
    .values({
      ...taken.columns,
      organisationId: input.organisationId,
      orderId: input.orderId,
      buyerUserId: input.buyerUserId,
      currency: input.currency,
      ...amounts.totals,
      snapshot,
    })
    .returning(issuedColumns);
  await auditIssue(tx, row!);
  return row!;
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
  const [row] = await tx
    .insert(invoices)
    .values({
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
    })
    .returning(issuedColumns);
  await auditIssue(tx, row!, { invoice: invoice.number, refundId: input.refundId });
  return row!;
}
