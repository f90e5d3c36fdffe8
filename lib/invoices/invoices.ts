import "server-only";
import { and, asc, count, desc, eq, or, type SQL, sql } from "drizzle-orm";
import { z } from "zod";
import { withUserContext, type UserClaims } from "@/lib/db/context";
import type { Queryable } from "@/lib/db/types";
import { invoices, type InvoiceKind } from "./schema";
import type { DocumentSnapshot } from "./snapshot";

/**
 * Reading documents (docs/invoices.md). The buyer's reads run in their user context, so RLS
 * decides, and every WHERE names the buyer again; `listOrderInvoices` runs in the caller's
 * transaction (the order pages'), where RLS decides for a user context.
 */
export const INVOICE_PAGE_SIZE = 20;

/** Ids come from URLs: anything but a uuid is no document (and never reaches SQL). */
export const isDocumentId = (value: string) => z.uuid().safeParse(value).success;

export interface InvoiceListItem {
  id: string;
  kind: InvoiceKind;
  number: string;
  issuedAt: string;
  shop: string;
  /** The seller's time zone at issue, for the date. */
  timeZone: string;
  currency: string;
  totalMinor: number;
}

export interface InvoicePage {
  items: InvoiceListItem[];
  page: number;
  pages: number;
  total: number;
}

export interface InvoiceDocument {
  id: string;
  kind: InvoiceKind;
  number: string;
  organisationId: string;
  orderId: string;
  snapshot: DocumentSnapshot;
}

export interface InvoiceWithRelated {
  document: InvoiceDocument;
  /** An invoice's credit notes, oldest first. */
  creditNotes: InvoiceListItem[];
  /** A credit note's invoice. */
  creditedInvoice: { id: string; number: string } | null;
}

const listColumns = {
  id: invoices.id,
  kind: invoices.kind,
  number: invoices.number,
  issuedAt: sql<string>`to_json(${invoices.issuedAt})#>>'{}'`,
  shop: sql<string>`${invoices.snapshot}->'seller'->>'name'`,
  timeZone: sql<string>`coalesce(${invoices.snapshot}->>'timeZone', 'UTC')`,
  currency: invoices.currency,
  totalMinor: invoices.totalMinor,
};

const documentColumns = {
  id: invoices.id,
  kind: invoices.kind,
  number: invoices.number,
  organisationId: invoices.organisationId,
  orderId: invoices.orderId,
  creditedInvoiceId: invoices.creditedInvoiceId,
  snapshot: invoices.snapshot,
};

/** The caller's documents, newest first, a page of INVOICE_PAGE_SIZE. */
export async function listMyInvoices(claims: UserClaims, page: number): Promise<InvoicePage> {
  return withUserContext(claims, async (tx) => {
    const mine = eq(invoices.buyerUserId, claims.sub);
    const [counted] = await tx.select({ n: count() }).from(invoices).where(mine);
    const total = counted?.n ?? 0;
    const pages = Math.max(1, Math.ceil(total / INVOICE_PAGE_SIZE));
    const current = Math.min(Math.max(1, Math.trunc(page)), pages);
    const items = await tx
      .select(listColumns)
      .from(invoices)
      .where(mine)
      .orderBy(desc(invoices.issuedAt), desc(invoices.id))
      .limit(INVOICE_PAGE_SIZE)
      .offset((current - 1) * INVOICE_PAGE_SIZE);
    return { items, page: current, pages, total };
  });
}

/** A document with its credit notes (or its invoice), read in `tx` under `scope`. */
export async function readDocument(
  tx: Queryable,
  invoiceId: string,
  scope: SQL | undefined,
): Promise<InvoiceWithRelated | null> {
  const [row] = await tx
    .select(documentColumns)
    .from(invoices)
    .where(and(eq(invoices.id, invoiceId), scope))
    .limit(1);
  if (!row) return null;
  const { creditedInvoiceId, ...document } = row;
  const related = await tx
    .select({ ...listColumns, creditedInvoiceId: invoices.creditedInvoiceId })
    .from(invoices)
    .where(
      and(
        scope,
        or(
          eq(invoices.creditedInvoiceId, row.id),
          creditedInvoiceId ? eq(invoices.id, creditedInvoiceId) : sql`false`,
        ),
      ),
    )
    .orderBy(asc(invoices.issuedAt));
  const creditedInvoice = related.find((r) => r.id === creditedInvoiceId);
  return {
    document,
    creditNotes: related
      .filter((r) => r.creditedInvoiceId === row.id)
      .map(({ creditedInvoiceId: _, ...item }) => item),
    creditedInvoice: creditedInvoice
      ? { id: creditedInvoice.id, number: creditedInvoice.number }
      : null,
  };
}

/** One of the caller's own documents (as the buyer), or null. */
export async function getMyInvoice(
  claims: UserClaims,
  invoiceId: string,
): Promise<InvoiceWithRelated | null> {
  if (!isDocumentId(invoiceId)) return null;
  return withUserContext(claims, (tx) =>
    readDocument(tx, invoiceId, eq(invoices.buyerUserId, claims.sub)),
  );
}

/** An order's documents (its invoice and credit notes), oldest first, for the order pages. */
export async function listOrderInvoices(
  tx: Queryable,
  orderId: string,
): Promise<InvoiceListItem[]> {
  return tx
    .select(listColumns)
    .from(invoices)
    .where(eq(invoices.orderId, orderId))
    .orderBy(asc(invoices.issuedAt), asc(invoices.id));
}
