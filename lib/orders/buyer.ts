import "server-only";
import { and, eq } from "drizzle-orm";
import { withSystemContext, type UserClaims } from "@/lib/db/context";
import type { Tx } from "@/lib/db/types";
import { AppError } from "@/lib/errors/app-error";
import { consumeRateLimit } from "@/lib/rate-limit/rate-limit";
import { cancelConfirmedOrder, recordEvents } from "./confirm";
import { canCancel, refundableMinor } from "./order-rules";
import { orderRefunds, orders } from "./schema";
import { runOrderTasks } from "./tasks";
import { endUnpaidOrder } from "./upkeep";

/**
 * The buyer's own order commands, run as the system after matching the buyer (buyers have no
 * write policy on orders): cancel while allowed, ask the shop for a refund.
 */
async function guard(claims: UserClaims): Promise<void> {
  const limit = await consumeRateLimit({
    key: `order:${claims.sub}`,
    limit: 30,
    windowSeconds: 60,
  });
  if (!limit.allowed) throw new AppError("rateLimited");
}

async function lockBuyersOrder(tx: Tx, claims: UserClaims, orderId: string) {
  const [order] = await tx
    .select()
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.buyerUserId, claims.sub)))
    .for("update");
  if (!order) throw new AppError("notFound");
  return order;
}

/**
 * Cancels the buyer's order: an unpaid one ends (its payment, if started, is cancelled); a
 * paid one nothing has been done with yet is cancelled and refunded in full.
 */
export async function cancelMyOrder(claims: UserClaims, orderId: string): Promise<void> {
  await guard(claims);
  await withSystemContext("orders: buyer cancels", async (tx) => {
    const order = await lockBuyersOrder(tx, claims, orderId);
    if (!canCancel(order, "buyer")) throw new AppError("orderState");
    if (order.status === "pending") {
      await endUnpaidOrder(tx, order, "cancelled", claims.sub);
      return;
    }
    const refunds = await tx
      .select({ amountMinor: orderRefunds.amountMinor, status: orderRefunds.status })
      .from(orderRefunds)
      .where(eq(orderRefunds.orderId, order.id));
    const left = refundableMinor(order, refunds);
    await cancelConfirmedOrder(tx, order, {
      actorUserId: claims.sub,
      reason: "requested_by_customer",
      leftMinor: left,
    });
  });
  await runOrderTasks().catch(() => 0);
}

/**
 * Asks the shop for a refund of a paid order, with the buyer's reason: a timeline entry the
 * seller sees on the order, where they refund in full or in part.
 */
export async function requestMyRefund(
  claims: UserClaims,
  orderId: string,
  reason: string,
): Promise<void> {
  await guard(claims);
  await withSystemContext("orders: buyer asks for a refund", async (tx) => {
    const order = await lockBuyersOrder(tx, claims, orderId);
    const refunds = await tx
      .select({ amountMinor: orderRefunds.amountMinor, status: orderRefunds.status })
      .from(orderRefunds)
      .where(eq(orderRefunds.orderId, order.id));
    if (refundableMinor(order, refunds) === 0) throw new AppError("orderState");
    await recordEvents(tx, order, [["refund_requested", { reason }]], claims.sub);
  });
}
