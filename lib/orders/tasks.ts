import "server-only";
import { and, asc, eq, inArray, isNull, lte, sql } from "drizzle-orm";
import { withSystemStatement } from "@/lib/db/context";
import { statement } from "@/lib/db/statement";
import { getPaymentProvider } from "@/lib/payments/get-provider";
import { PaymentProviderError } from "@/lib/payments/provider";
import { sendOrderMail } from "./mails";
import { orderRefunds, orders, orderTasks } from "./schema";

type TaskRow = typeof orderTasks.$inferSelect;

/**
 * Claims due tasks (skipping those another instance runs) and pushes each back a little, in
 * one statement: retried later with a growing pause (30 s, 1 min, 2 min … up to an hour)
 * unless marked done.
 */
const claimDueTasks = statement<{ limit: number }, TaskRow[]>("orders: claim tasks", (db) =>
  db
    .update(orderTasks)
    .set({
      attempts: sql`${orderTasks.attempts} + 1`,
      runAfter: sql`now() + make_interval(secs => least(3600, 30 * power(2, ${orderTasks.attempts})))`,
    })
    .where(
      inArray(
        orderTasks.id,
        db
          .select({ id: orderTasks.id })
          .from(orderTasks)
          .where(and(isNull(orderTasks.doneAt), lte(orderTasks.runAfter, sql`now()`)))
          .orderBy(asc(orderTasks.runAfter))
          .limit(sql.placeholder("limit"))
          .for("update", { skipLocked: true }),
      ),
    )
    .returning(),
);

const taskDone = statement<{ id: string }, unknown>("orders: task done", (db) =>
  db
    .update(orderTasks)
    .set({ doneAt: sql`now()`, lastError: null })
    .where(eq(orderTasks.id, sql.placeholder("id"))),
);

async function claimDue(limit: number): Promise<TaskRow[]> {
  return withSystemStatement("orders: claim tasks", (db) => claimDueTasks(db, { limit }));
}

const refundsToSend = statement<
  { limit: number },
  { refund: typeof orderRefunds.$inferSelect; paymentId: string | null }[]
>("orders: refunds to send", (db) =>
  db
    .select({ refund: orderRefunds, paymentId: orders.paymentId })
    .from(orderRefunds)
    .innerJoin(orders, eq(orders.id, orderRefunds.orderId))
    .where(and(eq(orderRefunds.status, "requested"), lte(orderRefunds.sendAfter, sql`now()`)))
    .orderBy(asc(orderRefunds.sendAfter))
    .limit(sql.placeholder("limit")),
);

/**
 * Sends the refunds decided but not yet sent (`requested`) whose turn has come, oldest first;
 * one that fails waits a growing pause, so it never holds back the others. The refund's id is
 * the provider's idempotency key, so two instances, or a retry after a crash, send it once.
 * No lock is held during the call: the sandbox delivers the refund's event in-process, and its
 * handler locks the refund row.
 */
async function sendRequestedRefunds(limit: number): Promise<number> {
  const requested = await withSystemStatement("orders: refunds to send", (db) =>
    refundsToSend(db, { limit }),
  );
  let sent = 0;
  for (const { refund, paymentId } of requested) {
    try {
      if (!paymentId) throw new Error("the order has no payment to refund");
      const sentRefund = await getPaymentProvider().createRefund({
        paymentId,
        amountMinor: refund.amountMinor,
        reason: refund.reason === "requested_by_customer" ? "requested_by_customer" : undefined,
        idempotencyKey: `order-refund:${refund.id}`,
        metadata: { orderId: refund.orderId, refundId: refund.id },
      });
      // Its event may have been handled already (the sandbox delivers in-process).
      await withSystemStatement("orders: refund sent", (db) =>
        db
          .update(orderRefunds)
          .set({ providerRefundId: sentRefund.id, status: "pending" })
          .where(and(eq(orderRefunds.id, refund.id), eq(orderRefunds.status, "requested"))),
      );
      sent += 1;
    } catch (error) {
      console.error("orders: refund not sent", { id: refund.id, error });
      // Tried again later (30 s, 1 min, 2 min … up to an hour), after the ones due before.
      await withSystemStatement("orders: refund not sent", (db) =>
        db
          .update(orderRefunds)
          .set({
            sendAttempts: sql`${orderRefunds.sendAttempts} + 1`,
            sendAfter: sql`now() + make_interval(secs => least(3600, 30 * power(2, ${orderRefunds.sendAttempts})))`,
            sendError: error instanceof Error ? error.message.slice(0, 500) : "failed",
          })
          .where(and(eq(orderRefunds.id, refund.id), eq(orderRefunds.status, "requested"))),
      );
    }
  }
  return sent;
}

/** Cancels the provider's payment of an order that ended unpaid (expired or cancelled). */
async function cancelPayment(task: TaskRow): Promise<void> {
  const [order] = await withSystemStatement("orders: payment to cancel", (db) =>
    db
      .select({ paymentId: orders.paymentId, status: orders.status, paid: orders.paymentStatus })
      .from(orders)
      .where(eq(orders.id, task.orderId)),
  );
  if (!order?.paymentId || order.paymentId.startsWith("free:")) return;
  if (
    !["expired", "cancelled"].includes(order.status) ||
    !["unpaid", "failed"].includes(order.paid)
  ) {
    return;
  }
  try {
    await getPaymentProvider().cancelPayment(order.paymentId);
  } catch (error) {
    // A payment that succeeded or was cancelled meanwhile cannot be cancelled: nothing to do
    // (a late success is handled by its event).
    if (!(error instanceof PaymentProviderError && error.code === "invalid_state")) throw error;
  }
}

async function run(task: TaskRow): Promise<void> {
  if (task.kind === "cancel_payment") await cancelPayment(task);
  else await sendOrderMail(task.orderId, task.payload, task.id);
}

/**
 * Sends requested refunds and runs the order tasks that are due (payments to cancel,
 * emails), which committed changes left. Called after the changes that write tasks and by the periodic
 * upkeep. A task that throws stays for a later attempt. Answers how many were done.
 */
export async function runOrderTasks(limit = 20): Promise<number> {
  let done = await sendRequestedRefunds(limit);
  const due = await claimDue(limit);
  for (const task of due) {
    try {
      await run(task);
      await withSystemStatement("orders: task done", (db) => taskDone(db, { id: task.id }));
      done += 1;
    } catch (error) {
      console.error("orders: task failed", { id: task.id, kind: task.kind, error });
      await withSystemStatement("orders: task failed", (db) =>
        db
          .update(orderTasks)
          .set({ lastError: error instanceof Error ? error.message.slice(0, 500) : "failed" })
          .where(eq(orderTasks.id, task.id)),
      );
    }
  }
  return done;
}
