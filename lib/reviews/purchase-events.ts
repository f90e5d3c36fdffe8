import "server-only";
import { and, eq, inArray } from "drizzle-orm";
import { revalidateTag } from "next/cache";
import type { Tx } from "@/lib/db/types";
import { listingTag } from "@/lib/listings/cache-tags";
import { orderLines, orderRefunds, orders } from "@/lib/orders/schema";
import { isUuid } from "@/lib/organisations/access";
import { registerPaymentEventHandler } from "@/lib/payments/event-handlers";
import { reviews } from "./schema";

/**
 * "Verified purchase" on cached product pages (docs/commerce.md "Verified purchase"). The flag
 * itself is kept by the database when an order changes state (migration 0033, in the same
 * transaction); these
 * handlers, registered after the orders' (lib/payments/handlers.ts), expire the public pages
 * of the listings on which the order's buyer has a review, as a review's own change does.
 * Next applies tag expiries at the end of the request (after the event's commit); outside a
 * request (the upkeep's reconciliation) there is nothing to expire with, and the cached
 * reviews follow within their hour.
 */
export async function reviewedListingsOfOrder(tx: Tx, orderId: string): Promise<string[]> {
  const [order] = await tx
    .select({ buyer: orders.buyerUserId, organisationId: orders.organisationId })
    .from(orders)
    .where(eq(orders.id, orderId));
  if (!order) return [];
  const lines = tx
    .select({ listingId: orderLines.listingId })
    .from(orderLines)
    .where(eq(orderLines.orderId, orderId));
  const rows = await tx
    .selectDistinct({ listingId: reviews.listingId })
    .from(reviews)
    .where(
      and(
        eq(reviews.authorUserId, order.buyer),
        eq(reviews.organisationId, order.organisationId),
        inArray(reviews.listingId, lines),
      ),
    );
  return rows.map((row) => row.listingId);
}

function expire(listingIds: string[]): void {
  for (const id of listingIds) {
    try {
      revalidateTag(listingTag(id), { expire: 0 });
    } catch {
      // Not in a request: nothing to expire with (see above).
    }
  }
}

registerPaymentEventHandler("payment.succeeded", "reviews.verified-purchase", async (event, tx) => {
  if (event.data.kind !== "payment") return;
  const orderId = event.data.payment.metadata?.orderId;
  if (isUuid(orderId)) expire(await reviewedListingsOfOrder(tx, orderId));
});

registerPaymentEventHandler("refund.succeeded", "reviews.verified-purchase", async (event, tx) => {
  if (event.data.kind !== "refund") return;
  const refund = event.data.refund;
  const ours = refund.metadata?.refundId;
  const [row] = await tx
    .select({ orderId: orderRefunds.orderId })
    .from(orderRefunds)
    .where(isUuid(ours) ? eq(orderRefunds.id, ours) : eq(orderRefunds.providerRefundId, refund.id));
  if (row) expire(await reviewedListingsOfOrder(tx, row.orderId));
});
