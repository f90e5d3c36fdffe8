import "server-only";
import { and, eq, isNull } from "drizzle-orm";
import type { Tx } from "@/lib/db/types";
import { orders } from "@/lib/orders/schema";
import { isUuid } from "@/lib/organisations/access";
import { registerPaymentEventHandler } from "@/lib/payments/event-handlers";
import { getPaymentProvider } from "@/lib/payments/get-provider";
import type { Payment, PaymentCard } from "@/lib/payments/provider";

/**
 * The card on a buyer's receipt (/profile/billing/charge, docs/billing.md "Payments made"):
 * when an order's payment succeeds, its card's brand and last four digits are copied onto the
 * order, in the event's transaction. Registered after the orders' handlers
 * (lib/payments/handlers.ts), so the order already names this payment. The sandbox's events
 * carry the card; Stripe's name it by id only, so its details come from the PaymentIntent with
 * its charge (as billing does for a setup's card). Without them the receipt shows no card.
 */
async function cardOf(payment: Payment): Promise<PaymentCard | null> {
  if (payment.card) return payment.card;
  if (payment.provider !== "stripe" || payment.provider !== getPaymentProvider().name) return null;
  try {
    const fresh = await getPaymentProvider().getPayment(payment.id);
    return fresh?.card ?? null;
  } catch (error) {
    // The receipt does without the card; the order's confirmation must not wait for it.
    console.warn("billing: the card of a payment could not be read", { error });
    return null;
  }
}

export async function recordPaymentCard(tx: Tx, payment: Payment): Promise<void> {
  const orderId = payment.metadata?.orderId;
  if (!isUuid(orderId)) return;
  const card = await cardOf(payment);
  if (!card || !/^[0-9]{4}$/.test(card.last4)) return;
  await tx
    .update(orders)
    .set({ cardBrand: card.brand.slice(0, 40), cardLast4: card.last4 })
    .where(and(eq(orders.id, orderId), eq(orders.paymentId, payment.id), isNull(orders.cardBrand)));
}

registerPaymentEventHandler("payment.succeeded", "billing.receipt-card", async (event, tx) => {
  if (event.data.kind !== "payment") return;
  await recordPaymentCard(tx, event.data.payment);
});
