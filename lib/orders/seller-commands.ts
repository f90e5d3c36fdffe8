import "server-only";
import { and, eq } from "drizzle-orm";
import { z } from "zod";
import type { CommandConfig } from "@/lib/backoffice/doors";
import type { Tx } from "@/lib/db/types";
import { AppError } from "@/lib/errors/app-error";
import { currencyDigits, toMinorUnits } from "@/lib/commerce/money";
import { textRule } from "@/lib/validation/text";
import { cancelConfirmedOrder, recordEvents } from "./confirm";
import { canCancel, nextFulfilmentSteps, refundableMinor } from "./order-rules";
import { fulfilmentStatuses, refundReasons } from "./order-types";
import { orderRefunds, orders, orderTasks } from "./schema";

/**
 * The seller's order commands (back office, under RLS: orders_update_permitted,
 * order_refunds_insert_permitted), each audited and each on the order's locked row.
 */
const orderRef = { orderId: z.string().trim().uuid() };

async function lockOrder(tx: Tx, organisationId: string, orderId: string) {
  const [order] = await tx
    .select()
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.organisationId, organisationId)))
    .for("update");
  if (!order) throw new AppError("notFound");
  return order;
}

const fulfilSchema = z.object({
  ...orderRef,
  step: z.enum(
    fulfilmentStatuses.filter((step) => step !== "unfulfilled") as [
      "preparing",
      ...("ready" | "shipped" | "delivered")[],
    ],
  ),
});

export const fulfilOrderCommand = {
  permission: "commerce.order.write",
  module: "commerce",
  schema: fulfilSchema,
  async run({ tx, access, input, audit }) {
    const order = await lockOrder(tx, access.organisation.id, input.orderId);
    if (!nextFulfilmentSteps(order).includes(input.step)) throw new AppError("orderState");
    const completed = input.step === "delivered";
    await tx
      .update(orders)
      .set({ fulfilmentStatus: input.step, ...(completed ? { status: "completed" as const } : {}) })
      .where(eq(orders.id, order.id));
    const kinds: Parameters<typeof recordEvents>[2] = [[input.step, {}]];
    if (completed) kinds.push(["completed", {}]);
    await recordEvents(tx, order, kinds, access.userId);
    if (input.step === "shipped") {
      await tx.insert(orderTasks).values({
        orderId: order.id,
        organisationId: order.organisationId,
        kind: "mail",
        payload: { mail: "shipped" },
      });
    }
    await audit({
      action: "commerce.order.fulfil",
      resourceType: "order",
      resourceId: order.id,
      before: { fulfilmentStatus: order.fulfilmentStatus },
      after: { fulfilmentStatus: input.step },
    });
    return { orderId: order.id };
  },
} satisfies CommandConfig<typeof fulfilSchema, { orderId: string }>;

async function refundsOf(tx: Tx, orderId: string) {
  return tx
    .select({ amountMinor: orderRefunds.amountMinor, status: orderRefunds.status })
    .from(orderRefunds)
    .where(eq(orderRefunds.orderId, orderId));
}

const refundSchema = z.object({
  ...orderRef,
  /** In the order's currency, as typed: "12.50". */
  amount: z.string().trim().min(1).max(20),
  reason: z.enum(
    refundReasons.filter((reason) => reason !== "stock_unavailable") as [
      "requested_by_customer",
      ...("cancelled" | "damaged" | "not_delivered" | "other")[],
    ],
  ),
  note: z
    .string()
    .check(textRule({ multiline: true }))
    .trim()
    .max(500)
    .optional()
    .transform((value) => value || null),
});

/**
 * A full or partial refund (commerce.order.refund): never more than what is left of the
 * payment, checked on the locked order, so two staff refunding at once cannot exceed it. The
 * refund is sent to the provider after the commit.
 */
export const refundOrderCommand = {
  permission: "commerce.order.refund",
  module: "commerce",
  schema: refundSchema,
  async run({ tx, access, input, audit }) {
    const order = await lockOrder(tx, access.organisation.id, input.orderId);
    const left = refundableMinor(order, await refundsOf(tx, order.id));
    if (left === 0) throw new AppError("orderState");
    const amount = toMinorUnits(input.amount, currencyDigits(order.currency));
    if (amount === null || amount <= 0) throw new AppError("amountInvalid", "amount");
    if (amount > left) throw new AppError("refundExceeds", "amount");
    const [refund] = await tx
      .insert(orderRefunds)
      .values({
        orderId: order.id,
        organisationId: order.organisationId,
        amountMinor: amount,
        reason: input.reason,
        note: input.note,
        requestedBy: access.userId,
      })
      .returning({ id: orderRefunds.id });
    await recordEvents(tx, order, [["refund_requested", { amountMinor: amount }]], access.userId);
    await audit({
      action: "commerce.order.refund",
      resourceType: "order",
      resourceId: order.id,
      after: { amountMinor: amount, reason: input.reason, refundId: refund?.id ?? "" },
    });
    return { orderId: order.id };
  },
} satisfies CommandConfig<typeof refundSchema, { orderId: string }>;

const cancelSchema = z.object(orderRef);

/**
 * The seller cancels (commerce.order.write; a paid order also needs commerce.order.refund, as
 * its payment goes back in full). The order has not been shipped (canCancel), so its units are
 * put back on stock.
 */
export const cancelOrderCommand = {
  permission: "commerce.order.write",
  module: "commerce",
  schema: cancelSchema,
  async run({ tx, access, input, audit }) {
    const order = await lockOrder(tx, access.organisation.id, input.orderId);
    if (!canCancel(order, "seller")) throw new AppError("orderState");
    const left = refundableMinor(order, await refundsOf(tx, order.id));
    if (left > 0 && !access.can("commerce.order.refund")) throw new AppError("notFound");
    await cancelConfirmedOrder(tx, order, {
      actorUserId: access.userId,
      reason: "cancelled",
      leftMinor: left,
    });
    await audit({
      action: "commerce.order.cancel",
      resourceType: "order",
      resourceId: order.id,
      before: { status: order.status },
      after: { status: "cancelled", refundMinor: left },
    });
    return { orderId: order.id };
  },
} satisfies CommandConfig<typeof cancelSchema, { orderId: string }>;
