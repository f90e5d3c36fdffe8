import "server-only";
/**
 * The modules that handle payment events. Each import registers its handlers
 * (registerPaymentEventHandler) when loaded; lib/payments/webhook.ts imports this file, so
 * every event, from the route or from the sandbox's in-process delivery, finds them.
 * Add a line per module.
 */
import "@/lib/orders/payment-events";
import "@/lib/billing/events";
// After the orders' handlers: the order is confirmed, the refund succeeded, the order names
// its payment and has its new state (docs/income.md, docs/billing.md, docs/commerce.md).
import "@/lib/income/ledger";
import "@/lib/income/account-events";
import "@/lib/billing/receipt-events";
import "@/lib/reviews/purchase-events";
