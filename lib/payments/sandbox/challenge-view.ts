import "server-only";
import { getSandboxProvider } from "@/lib/payments/get-provider";

export type ChallengeView = {
  intentId: string;
  kind: "payment" | "setup";
  /** The payment's amount (null for a card being saved). */
  amount: { minor: number; currency: string } | null;
  /** The step waits for the buyer's answer. */
  waiting: boolean;
  approved: boolean;
};

const INTENT_ID = /^(pi|seti)_[a-z0-9]+$/;

/** What the sandbox challenge page shows; null (404) without the sandbox or for an unknown id. */
export async function getChallengeView(intentId: string): Promise<ChallengeView | null> {
  const sandbox = getSandboxProvider();
  if (!sandbox || !INTENT_ID.test(intentId)) return null;
  if (intentId.startsWith("seti_")) {
    const setup = await sandbox.getSetup(intentId);
    return setup
      ? {
          intentId,
          kind: "setup",
          amount: null,
          waiting: setup.status === "requires_action",
          approved: setup.status === "succeeded",
        }
      : null;
  }
  const payment = await sandbox.getPayment(intentId);
  return payment
    ? {
        intentId,
        kind: "payment",
        amount: { minor: payment.amountMinor, currency: payment.currency.toUpperCase() },
        waiting: payment.status === "requires_action",
        approved: payment.status === "succeeded",
      }
    : null;
}
