import "server-only";
import { createHmac } from "node:crypto";
import { getApiKeys } from "@/lib/auth/service/keys";
import { getDb } from "@/lib/db/client";
import { env, type Env } from "@/lib/env";
import type { PaymentProvider } from "./provider";
import { SandboxPaymentProvider } from "./sandbox/sandbox-provider";
import { StripePaymentProvider } from "./stripe/stripe-provider";
import { receivePaymentWebhook } from "./webhook";

/**
 * The provider the settings choose (PAYMENTS_PROVIDER): the sandbox by default, Stripe with
 * its keys. One instance per settings object (tests that change settings get a new one).
 */
let cached: { settings: Env; provider: PaymentProvider } | undefined;

export function getPaymentProvider(): PaymentProvider {
  const settings = env();
  if (cached?.settings !== settings) {
    cached = { settings, provider: createProvider(settings) };
  }
  return cached.provider;
}

/** The sandbox provider when it is the configured one (its card form and challenge), else null. */
export function getSandboxProvider(): SandboxPaymentProvider | null {
  const provider = getPaymentProvider();
  return provider instanceof SandboxPaymentProvider ? provider : null;
}

function createProvider(settings: Env): PaymentProvider {
  if (settings.PAYMENTS_PROVIDER === "stripe") {
    return new StripePaymentProvider({
      secretKey: settings.STRIPE_SECRET_KEY!,
      webhookSecret: settings.STRIPE_WEBHOOK_SECRET!,
      connectWebhookSecret: settings.STRIPE_CONNECT_WEBHOOK_SECRET?.trim() || undefined,
      publishableKey: settings.STRIPE_PUBLISHABLE_KEY!,
      apiUrl: settings.STRIPE_API_URL,
    });
  }
  const sandbox: SandboxPaymentProvider = new SandboxPaymentProvider({
    db: getDb,
    webhookSecret: sandboxWebhookSecret,
    // In-process delivery to the webhook's own function with the signed raw body
    // (docs/payments.md, "Sandbox events": why not an HTTP request to ourselves).
    deliver: async (rawBody, signature, inTransaction) => {
      await receivePaymentWebhook({
        db: getDb(),
        provider: sandbox,
        rawBody,
        signature,
        inTransaction,
      });
      return true;
    },
  });
  return sandbox;
}

/**
 * The sandbox's webhook secret: derived from the service-role key of the built-in auth
 * (itself signed by the app's signing key, kept in the database), so every instance of one
 * site agrees on it without a setting, and nobody without the server's secrets can sign.
 */
export async function sandboxWebhookSecret(): Promise<string> {
  const { serviceRoleKey } = await getApiKeys();
  const derived = createHmac("sha256", "livemarket:payments:sandbox-webhook")
    .update(serviceRoleKey)
    .digest("hex");
  return `whsec_sandbox_${derived}`;
}
