import "server-only";
import { and, eq, inArray, sql } from "drizzle-orm";
import { revalidateTag } from "next/cache";
import { statement } from "@/lib/db/statement";
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
/** One statement: the buyer's reviews, in the order's shop, of the listings it bought. */
const reviewedOfOrder = statement<{ orderId: string }, { listingId: string }[]>(
  "reviews: reviewed listings of an order",
  (db) =>
    db
      .selectDistinct({ listingId: reviews.listingId })
      .from(reviews)
      .innerJoin(
        orders,
        and(
          eq(orders.buyerUserId, reviews.authorUserId),
          eq(orders.organisationId, reviews.organisationId),
        ),
      )
      .where(
        and(
          eq(orders.id, sql.placeholder("orderId")),
          inArray(
            reviews.listingId,
            db
              .select({ listingId: orderLines.listingId })
              .from(orderLines)
              .where(eq(orderLines.orderId, sql.placeholder("orderId"))),
          ),
        ),
      ),
);

export async function reviewedListingsOfOrder(tx: Tx, orderId: string): Promise<string[]> {
  const rows = await reviewedOfOrder(tx, { orderId });
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
