import { randomUUID } from "node:crypto";
import type { Server } from "node:http";
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runCommand } from "@/lib/backoffice/doors";
import { payPendingCharge, startTierPurchaseCommand } from "@/lib/billing/purchase";
import { completeSetupReturn, startSetup } from "@/lib/billing/setups";
import { closeDb, getDb } from "@/lib/db/client";
import { resetEnvForTests } from "@/lib/env";
import { startWebhookBridge } from "./support/webhook-bridge";
import { startStripeApiServer, type StripeApiServer } from "@/tests/support/stripe-api-server";
import { billingRows } from "./support/billing";
import { enableCommerce } from "./support/commerce";
import { createOrganisationWorld, type OrganisationWorld } from "./support/organisations";

/**
 * Billing once against the local Stripe API server (the stripe provider through the official
 * SDK): a card saved through a SetupIntent (mirrored by the webhook and the callback, once),
 * a paid tier bought with it and settled by Stripe's webhook through the real route, and a
 * card that saves but declines charges changing nothing.
 */
const SECRET_KEY = "sk_test_local";
const WEBHOOK_SECRET = "whsec_local_test";
const saved = { ...process.env };
let api: StripeApiServer;
let bridge: Server;
let browser: Stripe;
let world: OrganisationWorld;
const db = () => getDb();

beforeAll(async () => {
  // The webhook endpoint: the route handler behind a plain HTTP server.
  const webhook = await startWebhookBridge();
  bridge = webhook.server;
  api = await startStripeApiServer({
    secretKey: SECRET_KEY,
    webhookSecret: WEBHOOK_SECRET,
    webhookUrl: webhook.url,
  });
  process.env.PAYMENTS_PROVIDER = "stripe";
  process.env.STRIPE_SECRET_KEY = SECRET_KEY;
  process.env.STRIPE_WEBHOOK_SECRET = WEBHOOK_SECRET;
  process.env.STRIPE_PUBLISHABLE_KEY = "pk_test_local";
  process.env.STRIPE_API_URL = api.url;
  resetEnvForTests();
  const url = new URL(api.url);
  browser = new Stripe(SECRET_KEY, {
    host: url.hostname,
    port: url.port,
    protocol: "http",
    maxNetworkRetries: 0,
  });
  world = await createOrganisationWorld(db());
});

afterAll(async () => {
  await api.close();
  await new Promise((resolve) => bridge.close(resolve));
  process.env = saved;
  resetEnvForTests();
  await closeDb();
});

async function saveCard(organisationId: string, token: string) {
  const owner = { kind: "organisation" as const, organisationId };
  const count = async () => (await billingRows(db(), organisationId)).methods.length;
  const before = await count();
  const setup = await startSetup(owner, randomUUID(), "/backoffice");
  await browser.setupIntents.confirm(setup.id, { payment_method: token });
  await api.flushWebhooks();
  // The setup_intent.succeeded webhook mirrored the card; the callback adds nothing.
  expect(await count()).toBe(before + 1);
  expect(await completeSetupReturn(owner, setup.id)).toEqual({ outcome: "saved" });
  expect(await count()).toBe(before + 1);
  return setup.id;
}

describe("billing with the stripe provider", () => {
  it("saves a card, buys a paid tier with it, and a declining card changes nothing", async () => {
    const { a } = world;
    await enableCommerce(db(), a.id, "free");
    const setupId = await saveCard(a.id, "pm_card_visa");
    // The webhook mirrored it already; the callback again is a no-op.
    expect(
      await completeSetupReturn({ kind: "organisation", organisationId: a.id }, setupId),
    ).toEqual({ outcome: "saved" });
    let rows = await billingRows(db(), a.id);
    expect(rows.methods.map((m) => [m.provider, m.brand, m.last4, m.isDefault])).toEqual([
      ["stripe", "visa", "4242", true],
    ]);
    const claims = a.members.owner.claims;
    const buy = async (tier: string, methodId: string) => {
      const state = await runCommand(
        claims,
        a.id,
        { module: "commerce", tier, methodId },
        startTierPurchaseCommand,
      );
      if (state.status !== "done") throw new Error(JSON.stringify(state));
      const payment = await payPendingCharge(state.data, "test");
      await api.flushWebhooks();
      return payment;
    };
    expect((await buy("pro", rows.methods[0]!.id)).status).toBe("succeeded");
    rows = await billingRows(db(), a.id);
    expect(rows.charges.map((c) => [c.provider, c.status, c.amountMinor])).toEqual([
      ["stripe", "succeeded", 2900],
    ]);
    expect(rows.modules.find((m) => m.module === "commerce")?.tier).toBe("pro");

    await saveCard(a.id, "pm_card_chargeDeclinedInsufficientFunds");
    rows = await billingRows(db(), a.id);
    const poor = rows.methods.find((m) => m.last4 !== "4242")!;
    expect((await buy("enterprise", poor.id)).failureCode).toBe("insufficient_funds");
    rows = await billingRows(db(), a.id);
    expect(rows.charges.map((c) => [c.tier, c.status])).toEqual([
      ["pro", "succeeded"],
      ["enterprise", "failed"],
    ]);
    expect(rows.modules.find((m) => m.module === "commerce")?.tier).toBe("pro");
  });
});
