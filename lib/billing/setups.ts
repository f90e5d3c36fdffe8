import "server-only";
import { withSystemContext } from "@/lib/db/context";
import { getPaymentProvider, getSandboxProvider } from "@/lib/payments/get-provider";
import type { Setup } from "@/lib/payments/provider";
import type { CardInput } from "@/lib/payments/test-cards";
import { ensureBillingCustomer, findBillingCustomer } from "./customers";
import { recordSetupMethod } from "./methods";
import { ownerKey, type BillingOwnerRef } from "./owner";

/**
 * Saving a card (docs/billing.md): a setup at the provider for the owner's customer, then
 * the card form (the sandbox's, posted to a server action; Stripe's Payment Element in the
 * browser), an authentication step when the card asks for one, and the return to the
 * callback page. The card reaches the mirror from the setup.succeeded webhook or the
 * callback, whichever comes first (recordSetupMethod is idempotent).
 */
export type SetupResult =
  | { outcome: "saved" }
  | { outcome: "authenticate"; url: string }
  | { outcome: "failed"; failureCode: string };

/**
 * The setup of one card form (`token`: the form's one-time key, so a second post of one form
 * is the same setup). `returnPath`: the same-site callback the challenge returns to.
 */
export async function startSetup(
  owner: BillingOwnerRef,
  token: string,
  returnPath: string,
): Promise<Setup> {
  const customer = await ensureBillingCustomer(owner);
  return getPaymentProvider().createSetup({
    customerId: customer.customerId,
    idempotencyKey: `billing-setup:${ownerKey(owner)}:${token}`,
    returnUrl: returnPath,
    metadata: { owner: ownerKey(owner) },
  });
}

export async function recordSetup(setup: Setup): Promise<void> {
  await withSystemContext("billing: setup callback", (tx) => recordSetupMethod(tx, setup));
}

function resultOf(setup: Setup): SetupResult {
  if (setup.status === "succeeded") return { outcome: "saved" };
  if (setup.status === "requires_action" && setup.nextActionUrl) {
    return { outcome: "authenticate", url: setup.nextActionUrl };
  }
  return { outcome: "failed", failureCode: setup.failureCode ?? "card_declined" };
}

/** The sandbox's card form: confirms the setup with the test card. */
export async function saveSandboxCard(
  owner: BillingOwnerRef,
  token: string,
  returnPath: string,
  card: CardInput,
): Promise<SetupResult> {
  const sandbox = getSandboxProvider();
  if (!sandbox) throw new Error("billing: the sandbox card form needs the sandbox provider");
  const setup = await startSetup(owner, token, returnPath);
  if (setup.status === "succeeded") return { outcome: "saved" };
  const confirmed = await sandbox.confirmSetup(setup.id, card);
  if (confirmed.status === "succeeded") await recordSetup(confirmed);
  return resultOf(confirmed);
}

/**
 * The callback page (the return from an authentication step, or Stripe.js's return_url):
 * reads the setup at the provider, refuses one of another owner, and mirrors its card.
 * Null for an unknown setup or one that is not the owner's.
 */
export async function completeSetupReturn(
  owner: BillingOwnerRef,
  setupId: string,
): Promise<SetupResult | null> {
  const [customer, setup] = await Promise.all([
    withSystemContext("billing: callback customer", (tx) => findBillingCustomer(tx, owner)),
    getPaymentProvider().getSetup(setupId),
  ]);
  if (!customer || !setup || setup.customerId !== customer.customerId) return null;
  if (setup.status === "succeeded") await recordSetup(setup);
  return resultOf(setup);
}
