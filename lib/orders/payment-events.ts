import "server-only";
import { eq } from "drizzle-orm";
import type { Tx } from "@/lib/db/types";
import { registerPaymentEventHandler } from "@/lib/payments/event-handlers";
import type { Refund } from "@/lib/payments/provider";
import { confirmPaidOrder, lockOrderOfPayment, recordEvents } from "./confirm";
import { creditRefund } from "./order-invoices";
import { orderRefunds, orders, orderTasks } from "./schema";

/**
 * What payment events do to orders, each in the event's own transaction (exactly once:
 * lib/payments/webhook.ts). Listed in lib/payments/handlers.ts so the webhook always has them.
 */
registerPaymentEventHandler("payment.succeeded", "orders.confirm", async (event, tx) => {
  if (event.data.kind !== "payment") return;
  const order = await lockOrderOfPayment(tx, event.data.payment);
  if (order) await confirmPaidOrder(tx, order, event.data.payment);
});

registerPaymentEventHandler("payment.failed", "orders.payment-failed", async (event, tx) => {
  if (event.data.kind !== "payment") return;
  const payment = event.data.payment;
  const order = await lockOrderOfPayment(tx, payment);
  if (!order || (order.paymentStatus !== "unpaid" && order.paymentStatus !== "failed")) return;
  await tx.update(orders).set({ paymentStatus: "failed" }).where(eq(orders.id, order.id));
  await recordEvents(tx, order, [["payment_failed", { code: payment.failureCode ?? "unknown" }]]);
});

registerPaymentEventHandler(
  "payment.requires_action",
  "orders.payment-requires-action",
  async (event, tx) => {
    if (event.data.kind !== "payment") return;
    const order = await lockOrderOfPayment(tx, event.data.payment);
    if (order) await recordEvents(tx, order, [["payment_requires_action", {}]]);
  },
);

/** The refund row an event is about: by our id in its metadata, else the provider's id. */
async function lockRefund(tx: Tx, refund: Refund) {
  const ours = refund.metadata?.refundId;
  const where =
    ours && /^[0-9a-f-]{36}$/i.test(ours)
      ? eq(orderRefunds.id, ours)
      : eq(orderRefunds.providerRefundId, refund.id);
  const [row] = await tx.select().from(orderRefunds).where(where).for("update");
  return row ?? null;
}

registerPaymentEventHandler("refund.succeeded", "orders.refunded", async (event, tx) => {
  if (event.data.kind !== "refund") return;
  const refund = await lockRefund(tx, event.data.refund);
  if (!refund || refund.status === "succeeded") return;
  const [order] = await tx.select().from(orders).where(eq(orders.id, refund.orderId)).for("update");
  if (!order) return;
  await tx
    .update(orderRefunds)
    .set({ status: "succeeded", providerRefundId: event.data.refund.id })
    .where(eq(orderRefunds.id, refund.id));
  const refunded = order.refundedMinor + refund.amountMinor;
  await tx
    .update(orders)
    .set({
      refundedMinor: refunded,
      paymentStatus: refunded >= order.totalMinor ? "refunded" : "partially_refunded",
    })
    .where(eq(orders.id, order.id));
  await recordEvents(tx, order, [["refunded", { amountMinor: refund.amountMinor }]]);
  await creditRefund(tx, refund, event.data.refund.id);
  await tx.insert(orderTasks).values({
    orderId: order.id,
    organisationId: order.organisationId,
    kind: "mail",
    payload: { mail: "refunded", refundId: refund.id },
  });
});

registerPaymentEventHandler("refund.failed", "orders.refund-failed", async (event, tx) => {
  if (event.data.kind !== "refund") return;
  const refund = await lockRefund(tx, event.data.refund);
  if (!refund || refund.status === "failed" || refund.status === "succeeded") return;
  await tx
    .update(orderRefunds)
    .set({ status: "failed", providerRefundId: event.data.refund.id, failureCode: "failed" })
    .where(eq(orderRefunds.id, refund.id));
  await recordEvents(tx, { id: refund.orderId, organisationId: refund.organisationId }, [
    ["refund_failed", { amountMinor: refund.amountMinor }],
  ]);
});
