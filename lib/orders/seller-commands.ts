import "server-only";
import { and, eq } from "drizzle-orm";
import { z } from "zod";
import type { CommandConfig } from "@/lib/backoffice/doors";
import type { Tx } from "@/lib/db/types";
import { AppError } from "@/lib/errors/app-error";
import { currencyDigits, toMinorUnits } from "@/lib/commerce/money";
import { textRule } from "@/lib/validation/text";
import { cancelConfirmedOrder, recordEvents, returnOrderStock } from "./confirm";
import { canCancel, canRestock, nextFulfilmentSteps, refundableMinor } from "./order-rules";
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
    .select({
      amountMinor: orderRefunds.amountMinor,
      status: orderRefunds.status,
      restock: orderRefunds.restock,
    })
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
  /** "Put the items back in stock" (a checkbox: "on" when ticked). */
  restock: z.preprocess((v) => v === true || v === "on" || v === "true", z.boolean()),
});

/**
 * A full or partial refund (payment.refund.write): never more than what is left of the
 * payment, checked on the locked order, so two staff refunding at once cannot exceed it. The
 * refund is sent to the provider after the commit. With `restock` (which also needs
 * commerce.product.write) the order's units go back in stock in this transaction, once per
 * order and only if the order took them (`canRestock`); otherwise nothing is done.
 */
export const refundOrderCommand = {
  permission: "payment.refund.write",
  module: "commerce",
  schema: refundSchema,
  async run({ tx, access, input, audit }) {
    const order = await lockOrder(tx, access.organisation.id, input.orderId);
    const refunds = await refundsOf(tx, order.id);
    const left = refundableMinor(order, refunds);
    if (left === 0) throw new AppError("orderState");
    const amount = toMinorUnits(input.amount, currencyDigits(order.currency));
    if (amount === null || amount <= 0) throw new AppError("amountInvalid", "amount");
    if (amount > left) throw new AppError("refundExceeds", "amount");
    let units = 0;
    if (input.restock) {
      if (!access.can("commerce.product.write")) throw new AppError("restockForbidden", "restock");
      if (!canRestock(order, refunds)) throw new AppError("restockUnavailable", "restock");
      units = await returnOrderStock(tx, order);
      // Nothing tracked to put back: a refund that says it restocked would mislead.
      if (units === 0) throw new AppError("restockUnavailable", "restock");
    }
    const [refund] = await tx
      .insert(orderRefunds)
      .values({
        orderId: order.id,
        organisationId: order.organisationId,
        amountMinor: amount,
        reason: input.reason,
        note: input.note,
        requestedBy: access.userId,
        restock: input.restock,
      })
      .returning({ id: orderRefunds.id });
    const events: Parameters<typeof recordEvents>[2] = [
      ["refund_requested", { amountMinor: amount }],
    ];
    if (units > 0) events.push(["restocked", { units }]);
    await recordEvents(tx, order, events, access.userId);
    await audit({
      action: "payment.refund.create",
      resourceType: "order",
      resourceId: order.id,
      after: {
        amountMinor: amount,
        reason: input.reason,
        refundId: refund?.id ?? "",
        restockedUnits: units,
      },
    });
    return { orderId: order.id };
  },
} satisfies CommandConfig<typeof refundSchema, { orderId: string }>;

const cancelSchema = z.object(orderRef);

/**
 * The seller cancels (commerce.order.write; a paid order also needs payment.refund.write, as
 * its payment goes back in full; and commerce.product.write, as the order has not been shipped
 * (canCancel) and its units are put back on stock, under the member's own RLS).
 */
export const cancelOrderCommand = {
  permission: "commerce.order.write",
  module: "commerce",
  schema: cancelSchema,
  async run({ tx, access, input, audit }) {
    const order = await lockOrder(tx, access.organisation.id, input.orderId);
    if (!canCancel(order, "seller")) throw new AppError("orderState");
    const left = refundableMinor(order, await refundsOf(tx, order.id));
    if (left > 0 && !access.can("payment.refund.write")) throw new AppError("notFound");
    if (!access.can("commerce.product.write")) throw new AppError("notFound");
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
