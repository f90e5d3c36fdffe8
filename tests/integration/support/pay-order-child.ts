/**
 * A server process for tests/integration/orders-faults.test.ts: pays one placed order with
 * the sandbox's success card through the project's own code (paySandboxOrder: the payment at
 * the sandbox, then its signed event delivered to the webhook path in-process), on the
 * database named by DATABASE_URL. The test kills it while the event's delivery waits.
 * Run: node --import tsx --import ./scripts/outside-next.mjs tests/integration/support/pay-order-child.ts
 *      <orderId> <userId> <email>
 */
import { claimsFor } from "./organisations";
import { paySandboxOrder } from "@/lib/orders/pay";

const [orderId, userId, email] = process.argv.slice(2);
if (!orderId || !userId || !email)
  throw new Error("usage: pay-order-child <orderId> <userId> <email>");
console.info("child: paying");
const result = await paySandboxOrder(claimsFor(userId, email), orderId, {
  number: "4242424242424242",
  expMonth: 12,
  expYear: 2040,
  cvc: "123",
});
console.info(`child: ${JSON.stringify(result)}`);
process.exit(0);
