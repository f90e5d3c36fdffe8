import { sql } from "drizzle-orm";
import {
  bigint,
  type AnyPgColumn,
  check,
  customType,
  foreignKey,
  index,
  integer,
  jsonb,
  pgPolicy,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { authenticatedRole } from "drizzle-orm/supabase";
import { orders } from "@/lib/orders/schema";
import { organisations } from "@/lib/organisations/schema";
import type { DocumentSnapshot } from "./snapshot";
import { hasPermissionIn } from "@/lib/db/policies";

/**
 * Invoices and credit notes (issue 12 §3, docs/invoices.md). One table for both kinds: they
 * share every column but the credit note's reference to the invoice it credits, its refund
 * and reason, and are listed together on the buyer's page.
 *
 * - Issued only from system contexts (the order's payment and refund): `authenticated` and
 *   `anon` hold no INSERT, UPDATE or DELETE on these tables (migration 0029).
 * - Immutable: the trigger `invoices_immutable` refuses every UPDATE and DELETE, the owner's
 *   included, but the cascade of the organisation's deletion.
 * - Read by the buyer (`buyer_user_id = auth.uid()`) and by members with commerce.order.read.
 * - `(organisation_id, order_id)` refers to the order: a document is always of a real order of
 *   the same organisation.
 */
export const invoiceKinds = ["invoice", "credit_note"] as const;
export type InvoiceKind = (typeof invoiceKinds)[number];

const money = (name: string) => bigint(name, { mode: "number" });

export const invoices = pgTable(
  "invoices",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    organisationId: uuid("organisation_id")
      .notNull()
      .references(() => organisations.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: invoiceKinds }).notNull(),
    orderId: uuid("order_id").notNull(),
    buyerUserId: uuid("buyer_user_id").notNull(),
    number: text("number").notNull(),
    seriesYear: integer("series_year").notNull(),
    sequence: integer("sequence").notNull(),
    currency: text("currency").notNull(),
    subtotalMinor: money("subtotal_minor").notNull(),
    discountMinor: money("discount_minor").notNull(),
    deliveryMinor: money("delivery_minor").notNull(),
    taxMinor: money("tax_minor").notNull(),
    totalMinor: money("total_minor").notNull(),
    snapshot: jsonb("snapshot").$type<DocumentSnapshot>().notNull(),
    /** Credit notes: the invoice credited, the refund that caused it and its reason. */
    creditedInvoiceId: uuid("credited_invoice_id").references((): AnyPgColumn => invoices.id),
    refundId: text("refund_id"),
    reason: text("reason"),
    issuedAt: timestamp("issued_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    foreignKey({
      name: "invoices_order_fk",
      columns: [t.organisationId, t.orderId],
      foreignColumns: [orders.organisationId, orders.id],
    }).onDelete("restrict"),
    unique("invoices_number_unique").on(t.organisationId, t.kind, t.seriesYear, t.sequence),
    unique("invoices_organisation_number_unique").on(t.organisationId, t.number),
    // One invoice per order; one credit note per refund (a second call returns the first).
    uniqueIndex("invoices_one_per_order")
      .on(t.orderId)
      .where(sql`${t.kind} = 'invoice'`),
    uniqueIndex("invoices_one_per_refund")
      .on(t.organisationId, t.refundId)
      .where(sql`${t.kind} = 'credit_note'`),
    index("invoices_buyer_issued_idx").on(t.buyerUserId, t.issuedAt),
    index("invoices_organisation_issued_idx").on(t.organisationId, t.issuedAt),
    index("invoices_order_idx").on(t.orderId),
    index("invoices_organisation_order_idx").on(t.organisationId, t.orderId),
    index("invoices_credited_idx").on(t.creditedInvoiceId),
    check("invoices_currency", sql`${t.currency} ~ '^[A-Z]{3}$'`),
    check("invoices_sequence", sql`${t.sequence} >= 1 and ${t.seriesYear} between 2000 and 9999`),
    check(
      "invoices_amounts",
      sql`${t.subtotalMinor} >= 0 and ${t.discountMinor} >= 0 and ${t.deliveryMinor} >= 0
        and ${t.taxMinor} >= 0 and ${t.totalMinor} >= 0 and ${t.taxMinor} <= ${t.totalMinor}
        and ${t.totalMinor} = ${t.subtotalMinor} - ${t.discountMinor} + ${t.deliveryMinor}`,
    ),
    check(
      "invoices_credit_note_fields",
      sql`(${t.kind} = 'invoice' and ${t.creditedInvoiceId} is null and ${t.refundId} is null
          and ${t.reason} is null)
        or (${t.kind} = 'credit_note' and ${t.creditedInvoiceId} is not null
          and ${t.refundId} is not null and char_length(${t.refundId}) between 1 and 200
          and ${t.totalMinor} > 0 and char_length(coalesce(${t.reason}, '')) <= 500)`,
    ),
    pgPolicy("invoices_select_buyer_or_permitted", {
      for: "select",
      to: authenticatedRole,
      using: sql`${t.buyerUserId} = (select auth.uid())
        or ${hasPermissionIn(t.organisationId, "commerce.order.read")}`,
    }),
  ],
).enableRLS();

/**
 * The numbering counters: one row per organisation, kind and year, whose `last_sequence` is
 * raised in the issuing transaction (a row lock, not a sequence: a rollback gives the number
 * back, so the committed numbers have no gaps). System only: RLS on, no policy.
 */
export const invoiceCounters = pgTable(
  "invoice_counters",
  {
    organisationId: uuid("organisation_id")
      .notNull()
      .references(() => organisations.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: invoiceKinds }).notNull(),
    seriesYear: integer("series_year").notNull(),
    lastSequence: integer("last_sequence").notNull(),
  },
  (t) => [
    primaryKey({
      name: "invoice_counters_pkey",
      columns: [t.organisationId, t.kind, t.seriesYear],
    }),
    check("invoice_counters_last", sql`${t.lastSequence} >= 1`),
  ],
).enableRLS();

const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => "bytea",
});

/**
 * The PDF of a document, stored the first time it is generated; later downloads serve these
 * bytes. Immutable like the document. Readable by whoever may read the document (the policy
 * reads `invoices`, whose own policy applies); written from system contexts only.
 */
export const invoicePdfs = pgTable(
  "invoice_pdfs",
  {
    invoiceId: uuid("invoice_id")
      .primaryKey()
      .references(() => invoices.id, { onDelete: "cascade" }),
    organisationId: uuid("organisation_id")
      .notNull()
      .references(() => organisations.id, { onDelete: "cascade" }),
    content: bytea("content").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("invoice_pdfs_organisation_idx").on(t.organisationId),
    check("invoice_pdfs_size", sql`octet_length(${t.content}) between 5 and 5242880`),
    pgPolicy("invoice_pdfs_select_readable", {
      for: "select",
      to: authenticatedRole,
      using: sql`exists (select 1 from public.invoices i where i.id = ${t.invoiceId})`,
    }),
  ],
).enableRLS();
