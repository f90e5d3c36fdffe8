import { randomUUID } from "node:crypto";
import type { Server } from "node:http";
import { eq } from "drizzle-orm";
import Stripe from "stripe";
import { POST } from "@/app/api/payments/webhook/route";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { closeDb, getDb } from "@/lib/db/client";
import { runAsSystem } from "@/lib/db/run-context";
import { resetEnvForTests } from "@/lib/env";
import { registerPaymentEventHandler } from "@/lib/payments/event-handlers";
import { getPaymentProvider } from "@/lib/payments/get-provider";
import type { PaymentEvent, PaymentProvider } from "@/lib/payments/provider";
import { paymentEvents } from "@/lib/payments/schema";
import { startWebhookBridge } from "./support/webhook-bridge";
import { startStripeApiServer, type StripeApiServer } from "@/tests/support/stripe-api-server";

/**
 * The stripe provider through the official SDK against the local Stripe API server, and
 * the server's webhooks (signed by the SDK's test helper) through the real route handler.
 */
const SECRET_KEY = "sk_test_local";
const WEBHOOK_SECRET = "whsec_local_test";
const saved = { ...process.env };

let api: StripeApiServer;
let bridge: Server;
let provider: PaymentProvider;
/** Stands in for Stripe.js in the browser: confirms with a test card token. */
let browser: Stripe;
const seen: PaymentEvent[] = [];
let remove: () => void = () => undefined;

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
  provider = getPaymentProvider();
  const url = new URL(api.url);
  browser = new Stripe(SECRET_KEY, {
    host: url.hostname,
    port: url.port,
    protocol: "http",
    maxNetworkRetries: 0,
  });
  remove = registerPaymentEventHandler("*", "test.payments-stripe.1", async (event) => {
    seen.push(event);
  });
});

afterEach(async () => {
  await api.flushWebhooks();
});

afterAll(async () => {
  remove();
  await api.close();
  await new Promise((resolve) => bridge.close(resolve));
  process.env = saved;
  resetEnvForTests();
  await closeDb();
});

const key = () => randomUUID();
const typesOf = (id: string) =>
  seen
    .filter((event) => {
      const data = event.data;
      return (
        (data.kind === "payment" && data.payment.id === id) ||
        (data.kind === "setup" && data.setup.id === id) ||
        (data.kind === "refund" && data.refund.id === id)
      );
    })
    .map((event) => event.type);

describe("the stripe provider against the local Stripe API", () => {
  it("is the configured provider", () => {
    expect(provider.name).toBe("stripe");
    expect(provider.publicConfig()).toEqual({
      provider: "stripe",
      publishableKey: "pk_test_local",
    });
  });

  it("creates, confirms, retrieves and refunds a payment; webhooks arrive once each", async () => {
    const idempotencyKey = key();
    const input = {
      amountMinor: 2000,
      currency: "EUR",
      idempotencyKey,
      metadata: { checkoutId: "chk_42" },
    };
    const created = await provider.createPayment(input);
    expect(created).toMatchObject({
      provider: "stripe",
      status: "requires_payment_method",
      amountMinor: 2000,
      currency: "eur",
      amountRefundedMinor: 0,
      metadata: { checkoutId: "chk_42" },
      failureCode: null,
    });
    expect(created.id).toMatch(/^pi_/);
    expect(created.clientSecret).toMatch(new RegExp(`^${created.id}_secret_`));
    // Same key, same parameters: the same payment; other parameters: refused.
    expect((await provider.createPayment({ ...input })).id).toBe(created.id);
    await expect(provider.createPayment({ ...input, amountMinor: 2001 })).rejects.toMatchObject({
      code: "idempotency_conflict",
    });

    await browser.paymentIntents.confirm(created.id, { payment_method: "pm_card_visa" });
    expect(await provider.getPayment(created.id)).toMatchObject({
      status: "succeeded",
      amountRefundedMinor: 0,
      // The card that paid, from the charge (the receipt's card: docs/billing.md).
      card: { brand: "visa", last4: "4242" },
    });

    const refundKey = key();
    const refund = await provider.createRefund({
      paymentId: created.id,
      amountMinor: 500,
      reason: "requested_by_customer",
      idempotencyKey: refundKey,
      metadata: { note: "late" },
    });
    expect(refund).toMatchObject({
      provider: "stripe",
      paymentId: created.id,
      amountMinor: 500,
      currency: "eur",
      status: "succeeded",
      reason: "requested_by_customer",
      metadata: { note: "late" },
    });
    const again = await provider.createRefund({
      paymentId: created.id,
      amountMinor: 500,
      reason: "requested_by_customer",
      idempotencyKey: refundKey,
      metadata: { note: "late" },
    });
    expect(again.id).toBe(refund.id);
    expect(await provider.getPayment(created.id)).toMatchObject({ amountRefundedMinor: 500 });
    await expect(
      provider.createRefund({ paymentId: created.id, amountMinor: 1501, idempotencyKey: key() }),
    ).rejects.toMatchObject({ code: "refund_exceeds_payment" });
    expect(await provider.getRefund(refund.id)).toMatchObject({ amountMinor: 500 });
    const rest = await provider.createRefund({ paymentId: created.id, idempotencyKey: key() });
    expect(rest).toMatchObject({ amountMinor: 1500, status: "succeeded" });
    expect(await provider.getPayment(created.id)).toMatchObject({ amountRefundedMinor: 2000 });
    await expect(
      provider.createRefund({ paymentId: created.id, amountMinor: 1, idempotencyKey: key() }),
    ).rejects.toMatchObject({ code: "refund_exceeds_payment" });
    expect(await provider.getPayment("pi_unknown")).toBeNull();

    await api.flushWebhooks();
    expect(typesOf(created.id)).toEqual(["payment.created", "payment.succeeded"]);
    expect(typesOf(refund.id)).toEqual(["refund.succeeded"]);
    expect(api.deliveries.every((delivery) => delivery.status === 200)).toBe(true);
    const rows = await runAsSystem(getDb(), "test", (tx) =>
      tx.select().from(paymentEvents).where(eq(paymentEvents.objectId, created.id)),
    );
    expect(rows.map((row) => [row.provider, row.providerType]).sort()).toEqual([
      ["stripe", "payment_intent.created"],
      ["stripe", "payment_intent.succeeded"],
    ]);
  });

  it("delivers the same webhook twice with one effect, and refuses a tampered one", async () => {
    const created = await provider.createPayment({
      amountMinor: 700,
      currency: "usd",
      idempotencyKey: key(),
    });
    await api.flushWebhooks();
    const delivery = api.deliveries.find(
      (d) => d.type === "payment_intent.created" && api.eventBody(d.id)?.includes(created.id),
    )!;
    expect(delivery.status).toBe(200);
    expect(await api.redeliver(delivery.id)).toBe(200);
    expect(typesOf(created.id)).toEqual(["payment.created"]);

    const body = api.eventBody(delivery.id)!.replace('"amount": 700', '"amount": 1');
    const forged = await POST(
      new Request("http://127.0.0.1/api/payments/webhook", {
        method: "POST",
        body,
        headers: {
          "stripe-signature": new Stripe(SECRET_KEY).webhooks.generateTestHeaderString({
            payload: api.eventBody(delivery.id)!,
            secret: WEBHOOK_SECRET,
          }),
        },
      }),
    );
    expect(forged.status).toBe(400);
    const rows = await runAsSystem(getDb(), "test", (tx) =>
      tx.select().from(paymentEvents).where(eq(paymentEvents.objectId, created.id)),
    );
    expect(rows).toHaveLength(1);
  });

  it.each([
    ["pm_card_chargeDeclined", "card_declined"],
    ["pm_card_chargeDeclinedInsufficientFunds", "insufficient_funds"],
    ["pm_card_chargeDeclinedExpiredCard", "expired_card"],
  ])("reads a decline (%s) as %s", async (token, code) => {
    const created = await provider.createPayment({
      amountMinor: 900,
      currency: "eur",
      idempotencyKey: key(),
    });
    await expect(
      browser.paymentIntents.confirm(created.id, { payment_method: token }),
    ).rejects.toBeInstanceOf(Stripe.errors.StripeCardError);
    expect(await provider.getPayment(created.id)).toMatchObject({
      status: "requires_payment_method",
      failureCode: code,
    });
    await api.flushWebhooks();
    expect(typesOf(created.id)).toEqual(["payment.created", "payment.failed"]);
  });

  it("passes an authentication step through next_action, then succeeds", async () => {
    const created = await provider.createPayment({
      amountMinor: 1500,
      currency: "eur",
      idempotencyKey: key(),
    });
    await browser.paymentIntents.confirm(created.id, {
      payment_method: "pm_card_authenticationRequired",
      return_url: "https://shop.example/commerce/cart/1",
    });
    const pending = await provider.getPayment(created.id);
    expect(pending).toMatchObject({ status: "requires_action" });
    expect(pending?.nextActionUrl).toBe(`${api.url}/_test/authenticate/${created.id}`);
    await fetch(pending!.nextActionUrl!, { method: "POST", body: "outcome=approve" });
    expect(await provider.getPayment(created.id)).toMatchObject({
      status: "succeeded",
      card: { brand: "visa", last4: "3184" },
    });
  });

  it("cancels a payment that has not succeeded", async () => {
    const created = await provider.createPayment({
      amountMinor: 300,
      currency: "eur",
      idempotencyKey: key(),
    });
    expect(await provider.cancelPayment(created.id)).toMatchObject({ status: "canceled" });
  });

  it("saves a card with a customer and a SetupIntent, charges it, lists and detaches it", async () => {
    const customer = await provider.createCustomer({
      email: "buyer@example.com",
      name: "Buyer",
      idempotencyKey: key(),
      metadata: { userId: "u1" },
    });
    expect(customer).toMatchObject({ email: "buyer@example.com", metadata: { userId: "u1" } });
    const setup = await provider.createSetup({ customerId: customer.id, idempotencyKey: key() });
    expect(setup).toMatchObject({ status: "requires_payment_method", customerId: customer.id });
    expect(setup.clientSecret).toMatch(/^seti_.*_secret_/);
    await browser.setupIntents.confirm(setup.id, { payment_method: "pm_card_visa" });
    const done = await provider.getSetup(setup.id);
    expect(done).toMatchObject({
      status: "succeeded",
      paymentMethod: { brand: "visa", last4: "4242", customerId: customer.id },
    });
    const methods = await provider.listPaymentMethods(customer.id);
    expect(methods.map((m) => m.last4)).toEqual(["4242"]);
    const charge = await provider.chargeSavedMethod({
      amountMinor: 4900,
      currency: "eur",
      customerId: customer.id,
      paymentMethodId: methods[0]!.id,
      idempotencyKey: key(),
      metadata: { purpose: "module tier" },
    });
    expect(charge).toMatchObject({ status: "succeeded", customerId: customer.id });
    await provider.detachPaymentMethod(methods[0]!.id);
    expect(await provider.listPaymentMethods(customer.id)).toEqual([]);
    await api.flushWebhooks();
    expect(typesOf(setup.id)).toEqual(["setup.created", "setup.succeeded"]);
  });

  it("refuses to save a declining card; an off-session charge needing authentication fails", async () => {
    const customer = await provider.createCustomer({ idempotencyKey: key() });
    const setup = await provider.createSetup({ customerId: customer.id, idempotencyKey: key() });
    await browser.setupIntents.confirm(setup.id, { payment_method: "pm_card_visa" });
    const declined = await provider.createSetup({ customerId: customer.id, idempotencyKey: key() });
    await expect(
      browser.setupIntents.confirm(declined.id, { payment_method: "pm_card_chargeDeclined" }),
    ).rejects.toBeInstanceOf(Stripe.errors.StripeCardError);
    expect(await provider.getSetup(declined.id)).toMatchObject({
      status: "requires_payment_method",
      failureCode: "card_declined",
    });
    const [saved] = (await browser.paymentMethods.list({ customer: customer.id, type: "card" }))
      .data;
    const paid = await provider.chargeSavedMethod({
      amountMinor: 100,
      currency: "eur",
      customerId: customer.id,
      paymentMethodId: saved!.id,
      idempotencyKey: key(),
    });
    expect(paid.status).toBe("succeeded");
    // A card that always asks for authentication (…3184): off-session, Stripe answers 402
    // with the failed PaymentIntent, which the provider returns as the payment.
    const refused = await provider.chargeSavedMethod({
      amountMinor: 100,
      currency: "eur",
      customerId: customer.id,
      paymentMethodId: "pm_card_authenticationRequired",
      idempotencyKey: key(),
    });
    expect(refused).toMatchObject({
      status: "requires_payment_method",
      failureCode: "authentication_required",
    });
  });

  it("refuses a wrong API key", async () => {
    const url = new URL(api.url);
    const stranger = new Stripe("sk_test_wrong", {
      host: url.hostname,
      port: url.port,
      protocol: "http",
      maxNetworkRetries: 0,
    });
    await expect(stranger.customers.create({})).rejects.toBeInstanceOf(
      Stripe.errors.StripeAuthenticationError,
    );
  });
});
