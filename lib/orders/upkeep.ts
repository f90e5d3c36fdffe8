import "server-only";
import { and, asc, eq, isNotNull, lt, sql } from "drizzle-orm";
import { withSystemContext } from "@/lib/db/context";
import type { Tx } from "@/lib/db/types";
import { offers } from "@/lib/offers/schema";
import { discountCodes, discountRedemptions } from "@/lib/selling-terms/schema";
import { getPaymentProvider } from "@/lib/payments/get-provider";
import { confirmPaidOrder, recordEvents } from "./confirm";
import { orderLines, orders, orderTasks } from "./schema";
import { runOrderTasks } from "./tasks";

type OrderRow = typeof orders.$inferSelect;

/** Gives back the offer usage an order counted when it was placed. */
async function releaseOffers(tx: Tx, orderId: string): Promise<void> {
  const used = await tx
    .select({
      offerId: orderLines.offerId,
      quantity: sql<number>`sum(${orderLines.quantity})::int`,
    })
    .from(orderLines)
    .where(and(eq(orderLines.orderId, orderId), isNotNull(orderLines.offerId)))
    .groupBy(orderLines.offerId)
    .orderBy(orderLines.offerId);
  for (const row of used) {
    if (!row.offerId) continue;
    await tx
      .update(offers)
      .set({ used: sql`greatest(0, ${offers.used} - ${Number(row.quantity)})` })
      .where(eq(offers.id, row.offerId));
  }
}

/** Gives back the discount code use an order counted when it was placed. */
async function releaseDiscount(tx: Tx, orderId: string): Promise<void> {
  const released = await tx
    .delete(discountRedemptions)
    .where(eq(discountRedemptions.orderId, orderId))
    .returning({ codeId: discountRedemptions.discountCodeId });
  for (const { codeId } of released) {
    await tx
      .update(discountCodes)
      .set({ usedCount: sql`greatest(0, ${discountCodes.usedCount} - 1)` })
      .where(eq(discountCodes.id, codeId));
  }
}

/**
 * Ends an unpaid pending order (its hold passed, or the buyer cancelled it), as the system:
 * the offer usage and the discount code's use go back, and the provider's payment, if one was
 * started, is cancelled after the commit. The caller holds the order's row lock. A payment that still succeeds later is
 * handled by its event (confirmed if the units are still there, else refunded).
 */
export async function endUnpaidOrder(
  tx: Tx,
  order: OrderRow,
  status: "expired" | "cancelled",
  actorUserId: string | null,
): Promise<void> {
  await tx.update(orders).set({ status }).where(eq(orders.id, order.id));
  await releaseOffers(tx, order.id);
  await releaseDiscount(tx, order.id);
  await recordEvents(tx, order, [[status, {}]], actorUserId);
  if (order.paymentId) {
    await tx
      .insert(orderTasks)
      .values({ orderId: order.id, organisationId: order.organisationId, kind: "cancel_payment" });
  }
}

/**
 * Before expiring, asks the provider about a started payment: one that succeeded while its
 * event is still on the way (a server stopped in between) confirms the order now, through the
 * same function as the event; the event, when it comes, then changes nothing.
 */
export async function reconcileOrder(order: OrderRow): Promise<void> {
  if (!order.paymentId || order.paymentId.startsWith("free:")) return;
  const payment = await getPaymentProvider().getPayment(order.paymentId);
  if (payment?.status !== "succeeded") return;
  await withSystemContext("orders: reconcile", async (tx) => {
    const [locked] = await tx.select().from(orders).where(eq(orders.id, order.id)).for("update");
    if (locked) await confirmPaidOrder(tx, locked, payment);
  });
}

/**
 * The periodic upkeep (every minute on each instance, lib/orders/startup.ts): reconciles and
 * then expires pending orders whose hold passed, and runs the due tasks. Correctness never
 * waits on it: an expired hold stops counting by itself (holds.ts); this tidies the states.
 */
export async function runOrderUpkeep(limit = 100): Promise<{ expired: number; tasks: number }> {
  const overdue = await withSystemContext("orders: overdue", (tx) =>
    tx
      .select()
      .from(orders)
      .where(and(eq(orders.status, "pending"), lt(orders.holdExpiresAt, sql`now()`)))
      .orderBy(asc(orders.holdExpiresAt))
      .limit(limit),
  );
  let expired = 0;
  for (const order of overdue) {
    try {
      await reconcileOrder(order);
    } catch (error) {
      console.error("orders: reconcile failed", { id: order.id, error });
      continue;
    }
    expired += await withSystemContext("orders: expire", async (tx) => {
      const [locked] = await tx
        .select()
        .from(orders)
        .where(and(eq(orders.id, order.id), eq(orders.status, "pending")))
        .for("update");
      if (!locked || locked.holdExpiresAt.getTime() > Date.now()) return 0;
      await endUnpaidOrder(tx, locked, "expired", null);
      return 1;
    });
  }
  const tasks = await runOrderTasks();
  return { expired, tasks };
}
