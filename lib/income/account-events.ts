import "server-only";
import { registerPaymentEventHandler } from "@/lib/payments/event-handlers";
import { recordAccountStatus } from "./connect";

/**
 * Stripe Connect's `account.updated` (listed in lib/payments/handlers.ts), in the event's
 * transaction: the organisation's payout account keeps the status the event carries, unless a
 * later word is stored (docs/income.md, "Payouts").
 */
registerPaymentEventHandler("account.updated", "income.account-status", async (event, tx) => {
  if (event.data.kind !== "account") return;
  await recordAccountStatus(tx, event.provider, event.data.account, event.createdAt);
});
