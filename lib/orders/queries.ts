import "server-only";
import { and, asc, count, desc, eq, inArray, type SQL } from "drizzle-orm";
import { withUserContext, type UserClaims } from "@/lib/db/context";
import type { Tx } from "@/lib/db/types";
import { listOrderInvoices, type InvoiceListItem } from "@/lib/invoices/invoices";
import type { OrderStatus } from "./order-types";
import { orderEvents, orderLines, orderRefunds, orders } from "./schema";

/**
 * Reading orders, always under the reader's RLS: the buyer sees their own, a member with
 * commerce.order.read their organisation's. Lists are paginated on the server.
 */
export const ORDERS_PAGE_SIZE = 20;

export type OrderRow = typeof orders.$inferSelect;
export type OrderLineRow = typeof orderLines.$inferSelect;
export type OrderEventRow = typeof orderEvents.$inferSelect;
export type OrderRefundRow = typeof orderRefunds.$inferSelect;

export interface OrderListItem {
  order: OrderRow;
  itemCount: number;
}

export interface OrderPage {
  items: OrderListItem[];
  total: number;
  page: number;
  pageCount: number;
}

async function listPage(tx: Tx, where: SQL | undefined, page: number): Promise<OrderPage> {
  const [{ total } = { total: 0 }] = await tx.select({ total: count() }).from(orders).where(where);
  const pageCount = Math.max(1, Math.ceil(Number(total) / ORDERS_PAGE_SIZE));
  const current = Math.min(Math.max(1, page), pageCount);
  const rows = await tx
    .select({ order: orders })
    .from(orders)
    .where(where)
    .orderBy(desc(orders.placedAt), desc(orders.id))
    .limit(ORDERS_PAGE_SIZE)
    .offset((current - 1) * ORDERS_PAGE_SIZE);
  const ids = rows.map((row) => row.order.id);
  const counts = ids.length
    ? await tx
        .select({ orderId: orderLines.orderId, n: count() })
        .from(orderLines)
        .where(inArray(orderLines.orderId, ids))
        .groupBy(orderLines.orderId)
    : [];
  const byOrder = new Map(counts.map((row) => [row.orderId, Number(row.n)]));
  return {
    items: rows.map((row) => ({ ...row, itemCount: byOrder.get(row.order.id) ?? 0 })),
    total: Number(total),
    page: current,
    pageCount,
  };
}

export async function listMyOrders(
  claims: UserClaims,
  options: { status: OrderStatus | null; page: number },
): Promise<OrderPage> {
  return withUserContext(claims, (tx) =>
    listPage(
      tx,
      and(
        eq(orders.buyerUserId, claims.sub),
        options.status ? eq(orders.status, options.status) : undefined,
      ),
      options.page,
    ),
  );
}

export async function listOrganisationOrders(
  tx: Tx,
  organisationId: string,
  options: { status: OrderStatus | null; page: number },
): Promise<OrderPage> {
  return listPage(
    tx,
    and(
      eq(orders.organisationId, organisationId),
      options.status ? eq(orders.status, options.status) : undefined,
    ),
    options.page,
  );
}

export interface OrderDetail {
  order: OrderRow;
  lines: OrderLineRow[];
  events: OrderEventRow[];
  refunds: OrderRefundRow[];
  /** Its invoice and credit notes (lib/invoices), oldest first. */
  invoices: InvoiceListItem[];
}

/** One order with its lines, timeline and refunds, or null when the reader may not see it. */
export async function readOrderDetail(tx: Tx, where: SQL): Promise<OrderDetail | null> {
  const [row] = await tx.select({ order: orders }).from(orders).where(where);
  if (!row) return null;
  const id = row.order.id;
  const [lines, events, refunds, invoices] = await Promise.all([
    tx
      .select()
      .from(orderLines)
      .where(eq(orderLines.orderId, id))
      .orderBy(asc(orderLines.position)),
    tx.select().from(orderEvents).where(eq(orderEvents.orderId, id)).orderBy(asc(orderEvents.at)),
    tx
      .select()
      .from(orderRefunds)
      .where(eq(orderRefunds.orderId, id))
      .orderBy(asc(orderRefunds.createdAt)),
    listOrderInvoices(tx, id),
  ]);
  return { ...row, lines, events, refunds, invoices };
}

export async function getMyOrder(claims: UserClaims, orderId: string): Promise<OrderDetail | null> {
  return withUserContext(claims, (tx) =>
    readOrderDetail(tx, and(eq(orders.id, orderId), eq(orders.buyerUserId, claims.sub)) as SQL),
  );
}

/** The seller's list (members with commerce.order.read: RLS, and the organisation's id). */
export async function listSellerOrders(
  claims: UserClaims,
  organisationId: string,
  options: { status: OrderStatus | null; page: number },
): Promise<OrderPage> {
  return withUserContext(claims, (tx) => listOrganisationOrders(tx, organisationId, options));
}

export async function getSellerOrder(
  claims: UserClaims,
  organisationId: string,
  orderId: string,
): Promise<OrderDetail | null> {
  return withUserContext(claims, (tx) =>
    readOrderDetail(
      tx,
      and(eq(orders.id, orderId), eq(orders.organisationId, organisationId)) as SQL,
    ),
  );
}
