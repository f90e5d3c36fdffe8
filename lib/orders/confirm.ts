import "server-only";
import { and, asc, eq, sql } from "drizzle-orm";
import type { SellableKind } from "@/lib/cart/sellable-kinds";
import { lockSellables, moveStock, stockOf } from "@/lib/cart/sellables";
import { beforeCommit } from "@/lib/db/run-context";
import { statement, statementFamily } from "@/lib/db/statement";
import type { Tx } from "@/lib/db/types";
import type { Payment } from "@/lib/payments/provider";
import { holdsExcept } from "./holds";
import { invoiceOrder } from "./order-invoices";
import { orderEvents, orderLines, orderRefunds, orders, orderTasks } from "./schema";

type OrderRow = typeof orders.$inferSelect;
type LineRow = Pick<
  typeof orderLines.$inferSelect,
  "sellableKind" | "sellableId" | "quantity" | "tracked"
>;

/** The order a payment is for, locked for the change; null when the payment is not an order's. */
export async function lockOrderOfPayment(tx: Tx, payment: Payment): Promise<OrderRow | null> {
  const orderId = payment.metadata?.orderId;
  if (!orderId || !/^[0-9a-f-]{36}$/i.test(orderId)) return null;
  const [order] = await lockedOrder(tx, { orderId });
  return order ?? null;
}

const lockedOrder = statement<{ orderId: string }, OrderRow[]>("orders: lock", (db) =>
  db
    .select()
    .from(orders)
    .where(eq(orders.id, sql.placeholder("orderId")))
    .for("update"),
);

const orderLinesOf = statement<{ orderId: string }, LineRow[]>("orders: lines", (db) =>
  db
    .select({
      sellableKind: orderLines.sellableKind,
      sellableId: orderLines.sellableId,
      quantity: orderLines.quantity,
      tracked: orderLines.tracked,
    })
    .from(orderLines)
    .where(eq(orderLines.orderId, sql.placeholder("orderId")))
    .orderBy(asc(orderLines.position)),
);

function linesOf(tx: Tx, orderId: string): Promise<LineRow[]> {
  return orderLinesOf(tx, { orderId });
}

/**
 * Locks the order's units and answers whether its tracked lines can all be taken now. A
 * pending order whose hold has not passed needs only the stock itself (its hold kept others
 * off, but the seller may have lowered the stock since); otherwise (the hold passed, or the
 * order expired) its units count as anyone's: stock minus everyone else's holds.
 */
async function canTake(tx: Tx, order: OrderRow, lines: LineRow[]): Promise<boolean> {
  const tracked = lines.filter((line) => line.tracked);
  const kinds = [...new Set(tracked.map((line) => line.sellableKind))];
  // The locks and the read of the order's own hold go in one round trip (the order row is
  // locked already: its hold cannot change meanwhile).
  const [[{ holding } = { holding: false }]] = await Promise.all([
    tx
      .select({
        holding: sql<boolean>`${orders.status} = 'pending' and ${orders.holdExpiresAt} > now()`,
      })
      .from(orders)
      .where(eq(orders.id, order.id)),
    ...kinds.map((kind) =>
      lockSellables(
        tx,
        kind,
        tracked.filter((line) => line.sellableKind === kind).map((line) => line.sellableId),
      ),
    ),
  ]);
  for (const kind of kinds) {
    const mine = tracked.filter((line) => line.sellableKind === kind);
    const ids = mine.map((line) => line.sellableId);
    const [held, stock] = await Promise.all([
      holding ? new Map<string, number>() : holdsExcept(tx, kind, ids, { orderId: order.id }),
      stockOf(tx, kind, ids),
    ]);
    const wanted = new Map<string, number>();
    for (const line of mine)
      wanted.set(line.sellableId, (wanted.get(line.sellableId) ?? 0) + line.quantity);
    for (const [id, quantity] of wanted) {
      if ((stock.get(id) ?? 0) - (held.get(id) ?? 0) < quantity) return false;
    }
  }
  return true;
}

/** Moves the tracked lines' units: taken on confirmation, returned by returnOrderStock. */
async function moveOrderStock(
  tx: Tx,
  lines: LineRow[],
  direction: "take" | "return",
): Promise<void> {
  const byKind = new Map<SellableKind, Map<string, number>>();
  for (const line of lines.filter((l) => l.tracked)) {
    const items = byKind.get(line.sellableKind) ?? new Map<string, number>();
    items.set(line.sellableId, (items.get(line.sellableId) ?? 0) + line.quantity);
    byKind.set(line.sellableKind, items);
  }
  for (const [kind, items] of byKind) {
    await moveStock(
      tx,
      kind,
      [...items].map(([id, quantity]) => ({ id, quantity })),
      direction,
    );
  }
}

const confirmOrder = statement<{ id: string; paymentId: string; paymentProvider: string }, unknown>(
  "orders: confirm",
  (db) =>
    db
      .update(orders)
      .set({
        paymentStatus: "paid",
        // (update's set takes no placeholder in its types; in SQL it does)
        paymentId: sql`${sql.placeholder("paymentId")}`,
        paymentProvider: sql`${sql.placeholder("paymentProvider")}`,
        status: "confirmed",
        confirmedAt: sql`now()`,
        updatedAt: sql`now()`,
      })
      .where(eq(orders.id, sql.placeholder("id"))),
);

const confirmationMail = statement<{ orderId: string; organisationId: string }, unknown>(
  "orders: confirmation mail task",
  (db) =>
    db.insert(orderTasks).values({
      orderId: sql.placeholder("orderId"),
      organisationId: sql.placeholder("organisationId"),
      kind: "mail",
      payload: { mail: "confirmed" },
    }),
);

/**
 * `payment.succeeded` for an order (in the webhook's transaction, so once): the stock is taken
 * and the order confirmed; or, when the hold had passed and the units are gone meanwhile, the
 * order expires and the whole payment goes back (a refund task, sent after the commit).
 * A second success of the same payment, or of an order paid already, changes nothing.
 */
export async function confirmPaidOrder(tx: Tx, order: OrderRow, payment: Payment): Promise<void> {
  if (order.paymentStatus !== "unpaid" && order.paymentStatus !== "failed") return;
  if (
    payment.amountMinor !== order.totalMinor ||
    payment.currency !== order.currency.toLowerCase()
  ) {
    throw new Error(`orders: payment ${payment.id} does not match order ${order.id}`);
  }
  const lines = await linesOf(tx, order.id);
  const paid = {
    paymentStatus: "paid" as const,
    paymentId: payment.id,
    paymentProvider: payment.provider,
  };
  if (order.status === "cancelled" || !(await canTake(tx, order, lines))) {
    await tx
      .update(orders)
      .set({ ...paid, status: order.status === "cancelled" ? "cancelled" : "expired" })
      .where(eq(orders.id, order.id));
    await recordEvents(tx, order, [
      ["paid", { amountMinor: payment.amountMinor }],
      ["auto_refunded", { amountMinor: payment.amountMinor }],
    ]);
    await requestRefund(tx, order, {
      amountMinor: payment.amountMinor,
      reason: order.status === "cancelled" ? "cancelled" : "stock_unavailable",
      requestedBy: null,
      note: null,
    });
    return;
  }
  await moveOrderStock(tx, lines, "take");
  // The invoice last, just before the commit: its number takes the organisation's series
  // lock, which every paid order of the shop queues for; held from there to the commit only
  // (docs/bench.md "Checkout"), not through the other handlers of the event.
  if (order.totalMinor > 0) beforeCommit(tx, (tx) => invoiceOrder(tx, order));
  // Independent writes, sent together rather than one round trip each (docs/bench.md
  // "Checkout"); the transaction keeps all or none of them.
  await Promise.all([
    confirmOrder(tx, { id: order.id, paymentId: payment.id, paymentProvider: payment.provider }),
    recordEvents(tx, order, [
      ["paid", { amountMinor: payment.amountMinor }],
      ["confirmed", {}],
    ]),
    confirmationMail(tx, { orderId: order.id, organisationId: order.organisationId }),
  ]);
}

/**
 * Puts the units a confirmed order took back in stock (its tracked lines, through the sellable
 * source, under the same advisory locks as placing), once per order: an order whose units a
 * refund put back already (`order_refunds.restock`) gives nothing back again. The caller holds
 * the order's lock, has checked that the order took its stock, and writes the `restocked`
 * timeline entry beside its own. Answers the units put back (0: none tracked, or back already).
 */
export async function returnOrderStock(tx: Tx, order: Pick<OrderRow, "id">): Promise<number> {
  const [back] = await tx
    .select({ id: orderRefunds.id })
    .from(orderRefunds)
    .where(and(eq(orderRefunds.orderId, order.id), eq(orderRefunds.restock, true)))
    .limit(1);
  if (back) return 0;
  const tracked = (await linesOf(tx, order.id)).filter((line) => line.tracked);
  for (const kind of new Set(tracked.map((line) => line.sellableKind))) {
    const ids = tracked.filter((line) => line.sellableKind === kind).map((l) => l.sellableId);
    await lockSellables(tx, kind, ids);
  }
  await moveOrderStock(tx, tracked, "return");
  return tracked.reduce((sum, line) => sum + line.quantity, 0);
}

/**
 * Cancels a confirmed order that has not left the shop (the caller holds the order's lock and
 * checked `canCancel`): its units go back on the shelf (unless a refund put them back
 * already), and what is left of its payment goes back (a refund sent after the commit).
 */
export async function cancelConfirmedOrder(
  tx: Tx,
  order: OrderRow,
  input: { actorUserId: string; reason: "cancelled" | "requested_by_customer"; leftMinor: number },
): Promise<void> {
  const units = await returnOrderStock(tx, order);
  await tx.update(orders).set({ status: "cancelled" }).where(eq(orders.id, order.id));
  await recordEvents(
    tx,
    order,
    units > 0
      ? [
          ["cancelled", {}],
          ["restocked", { units }],
        ]
      : [["cancelled", {}]],
    input.actorUserId,
  );
  if (input.leftMinor > 0) {
    await requestRefund(tx, order, {
      amountMinor: input.leftMinor,
      reason: input.reason,
      requestedBy: input.actorUserId,
      note: null,
    });
  }
}

/** The timeline's insert of n events of one change (built once per n). */
const insertEvents = statementFamily<number, Record<string, unknown>, unknown>(
  "orders: events",
  (db, count) =>
    db.insert(orderEvents).values(
      Array.from({ length: count }, (_, index) => ({
        orderId: sql.placeholder("orderId"),
        organisationId: sql.placeholder("organisationId"),
        kind: sql.placeholder(`kind${index}`),
        actorUserId: sql.placeholder("actorUserId"),
        detail: sql.placeholder(`detail${index}`),
        // Events of one change keep their order on the timeline.
        at: sql`now() + make_interval(secs => ${index / 1000})`,
      })),
    ),
);

export async function recordEvents(
  tx: Tx,
  order: Pick<OrderRow, "id" | "organisationId">,
  events: [typeof orderEvents.$inferInsert.kind, Record<string, string | number>][],
  actorUserId: string | null = null,
): Promise<void> {
  const values: Record<string, unknown> = {
    orderId: order.id,
    organisationId: order.organisationId,
    actorUserId,
  };
  events.forEach(([kind, detail], index) => {
    values[`kind${index}`] = kind;
    values[`detail${index}`] = detail;
  });
  await insertEvents(events.length)(tx, values);
}

/**
 * Records a refund to send (the caller holds the order's lock and has checked the amount
 * against what is left): the provider is called after the commit (tasks.ts).
 */
export async function requestRefund(
  tx: Tx,
  order: Pick<OrderRow, "id" | "organisationId">,
  input: {
    amountMinor: number;
    reason: typeof orderRefunds.$inferInsert.reason;
    requestedBy: string | null;
    note: string | null;
  },
): Promise<string> {
  const [refund] = await tx
    .insert(orderRefunds)
    .values({ orderId: order.id, organisationId: order.organisationId, ...input })
    .returning({ id: orderRefunds.id });
  if (!refund) throw new Error("orders: refund insert returned nothing");
  return refund.id;
}
