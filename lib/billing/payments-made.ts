import "server-only";
import { and, asc, count, desc, eq, isNotNull } from "drizzle-orm";
import { withUserContext, type UserClaims } from "@/lib/db/context";
import { listOrderInvoices, type InvoiceListItem } from "@/lib/invoices/invoices";
import type { OrderPaymentStatus, OrderStatus } from "@/lib/orders/order-types";
import { orderRefunds, orders } from "@/lib/orders/schema";
import { isUuid } from "@/lib/organisations/access";

/**
 * The buyer's payments made (issue 12 §2; docs/billing.md "Payments made"): every order of
 * theirs whose payment succeeded at some point (`orders.paid_at`, set by the database the
 * first time the order is paid), newest payment first, and one payment's receipt. Read under
 * the buyer's RLS (orders_select_buyer), with the buyer named in the query as well.
 */
export const PAYMENTS_PAGE_SIZE = 20;

export interface PaymentMade {
  orderId: string;
  reference: string;
  sellerName: string;
  paidAt: Date;
  currency: string;
  totalMinor: number;
  refundedMinor: number;
  paymentStatus: OrderPaymentStatus;
  orderStatus: OrderStatus;
}

export interface PaymentsMadePage {
  items: PaymentMade[];
  total: number;
  page: number;
  pageCount: number;
}

const columns = {
  orderId: orders.id,
  reference: orders.reference,
  sellerName: orders.sellerName,
  paidAt: orders.paidAt,
  currency: orders.currency,
  totalMinor: orders.totalMinor,
  refundedMinor: orders.refundedMinor,
  paymentStatus: orders.paymentStatus,
  orderStatus: orders.status,
};

const paidBy = (userId: string) => and(eq(orders.buyerUserId, userId), isNotNull(orders.paidAt));

export async function listPaymentsMade(
  claims: UserClaims,
  page: number,
): Promise<PaymentsMadePage> {
  return withUserContext(claims, async (tx) => {
    const where = paidBy(claims.sub);
    const [{ total } = { total: 0 }] = await tx
      .select({ total: count() })
      .from(orders)
      .where(where);
    const pageCount = Math.max(1, Math.ceil(Number(total) / PAYMENTS_PAGE_SIZE));
    const current = Math.min(Math.max(1, page), pageCount);
    const rows = await tx
      .select(columns)
      .from(orders)
      .where(where)
      .orderBy(desc(orders.paidAt), desc(orders.id))
      .limit(PAYMENTS_PAGE_SIZE)
      .offset((current - 1) * PAYMENTS_PAGE_SIZE);
    return {
      items: rows.map((row) => ({ ...row, paidAt: row.paidAt! })),
      total: Number(total),
      page: current,
      pageCount,
    };
  });
}

export interface PaymentRefund {
  id: string;
  amountMinor: number;
  status: (typeof orderRefunds.$inferSelect)["status"];
  reason: (typeof orderRefunds.$inferSelect)["reason"];
  createdAt: Date;
  updatedAt: Date;
}

export interface PaymentReceipt extends PaymentMade {
  cardBrand: string | null;
  cardLast4: string | null;
  paymentProvider: string | null;
  paymentId: string | null;
  refunds: PaymentRefund[];
  /** The order's invoice and credit notes, oldest first. */
  documents: InvoiceListItem[];
}

/** One payment of the caller's (by its order's id), or null: unknown, unpaid or another's. */
export async function getPaymentReceipt(
  claims: UserClaims,
  orderId: string,
): Promise<PaymentReceipt | null> {
  if (!isUuid(orderId)) return null;
  return withUserContext(claims, async (tx) => {
    const [row] = await tx
      .select({
        ...columns,
        cardBrand: orders.cardBrand,
        cardLast4: orders.cardLast4,
        paymentProvider: orders.paymentProvider,
        paymentId: orders.paymentId,
      })
      .from(orders)
      .where(and(eq(orders.id, orderId), paidBy(claims.sub)));
    if (!row) return null;
    const [refunds, documents] = await Promise.all([
      tx
        .select({
          id: orderRefunds.id,
          amountMinor: orderRefunds.amountMinor,
          status: orderRefunds.status,
          reason: orderRefunds.reason,
          createdAt: orderRefunds.createdAt,
          updatedAt: orderRefunds.updatedAt,
        })
        .from(orderRefunds)
        .where(eq(orderRefunds.orderId, orderId))
        .orderBy(asc(orderRefunds.createdAt), asc(orderRefunds.id)),
      listOrderInvoices(tx, orderId),
    ]);
    return { ...row, paidAt: row.paidAt!, refunds, documents };
  });
}
