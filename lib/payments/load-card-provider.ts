import type { Stripe } from "@stripe/stripe-js";

/**
 * The browser's card form provider, for checkout and saved-card pages (docs/payments.md,
 * "Browser"). With the sandbox nothing is loaded: the sandbox's own card form posts to a
 * server action. With Stripe, Stripe.js is fetched from js.stripe.com only now (the `pure`
 * entry injects no script when imported, and the import itself is lazy), and only on pages
 * that call this; the Content-Security-Policy allows js.stripe.com only when Stripe is the
 * provider (lib/security/content-security-policy.ts).
 *
 * When Stripe.js cannot be used the spec's warnings are logged (§8, "Failed to load
 * Stripe.js" when the script does not load, "Stripe.js not available" when it loads but
 * brings no Stripe) and the answer is null: the page says card payment is unavailable.
 */
export type CardProviderConfig = {
  provider: "sandbox" | "stripe";
  publishableKey: string | null;
};

export type CardProvider = { kind: "sandbox" } | { kind: "stripe"; stripe: Stripe };

export const FAILED_TO_LOAD = "Failed to load Stripe.js";
export const NOT_AVAILABLE = "Stripe.js not available";

type Loader = (publishableKey: string) => Promise<Stripe | null>;

const defaultLoader: Loader = async (publishableKey) => {
  const { loadStripe } = await import("@stripe/stripe-js/pure");
  return loadStripe(publishableKey);
};

export async function loadCardProvider(
  config: CardProviderConfig,
  loader: Loader = defaultLoader,
): Promise<CardProvider | null> {
  if (config.provider === "sandbox") return { kind: "sandbox" };
  if (!config.publishableKey) {
    console.warn(NOT_AVAILABLE);
    return null;
  }
  let stripe: Stripe | null;
  try {
    stripe = await loader(config.publishableKey);
  } catch (error) {
    // @stripe/stripe-js rejects with "Stripe.js not available" when the script loaded
    // without defining Stripe, and with "Failed to load Stripe.js" (or a chunk error) otherwise.
    const message = error instanceof Error && error.message === NOT_AVAILABLE;
    console.warn(message ? NOT_AVAILABLE : FAILED_TO_LOAD);
    return null;
  }
  if (!stripe) {
    console.warn(NOT_AVAILABLE);
    return null;
  }
  return { kind: "stripe", stripe };
}
