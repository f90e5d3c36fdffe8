import "server-only";
import { registerPaymentEventHandler } from "@/lib/payments/event-handlers";
import { getPaymentProvider } from "@/lib/payments/get-provider";
import type { PaymentEvent } from "@/lib/payments/provider";
import type { Tx } from "@/lib/db/types";
import { isUuid } from "@/lib/organisations/access";
import { recordSetupMethod } from "./methods";
import { settleCharge } from "./settle";

/**
 * Billing's payment-event handlers (listed in lib/payments/handlers.ts), each in the event's
 * transaction: a succeeded setup mirrors its card; a platform charge's payment (metadata
 * `billingChargeId`) settles it, exactly once (lib/billing/settle.ts).
 */
async function settlePayment(event: PaymentEvent, tx: Tx): Promise<void> {
  if (event.data.kind !== "payment") return;
  const payment = event.data.payment;
  const chargeId = payment.metadata.billingChargeId;
  if (!isUuid(chargeId)) return;
  await settleCharge(tx, chargeId, {
    succeeded: event.type === "payment.succeeded",
    paymentId: payment.id,
    failureCode: payment.failureCode,
    amountMinor: payment.amountMinor,
    currency: payment.currency,
  });
}

registerPaymentEventHandler("payment.succeeded", "billing.settle-charge", settlePayment);
registerPaymentEventHandler("payment.failed", "billing.settle-charge", settlePayment);
registerPaymentEventHandler("setup.succeeded", "billing.record-method", async (event, tx) => {
  if (event.data.kind !== "setup") return;
  let setup = event.data.setup;
  // Stripe's event names the card by id only: its details come from the SetupIntent.
  if (!setup.paymentMethod && setup.provider === getPaymentProvider().name) {
    setup = (await getPaymentProvider().getSetup(setup.id)) ?? setup;
  }
  await recordSetupMethod(tx, setup);
});
