import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { POST } from "@/app/api/payments/webhook/route";
import { closeDb, getDb } from "@/lib/db/client";
import { runAsSystem } from "@/lib/db/run-context";
import { env, resetEnvForTests } from "@/lib/env";
import { registerPaymentEventHandler } from "@/lib/payments/event-handlers";
import {
  getPaymentProvider,
  getSandboxProvider,
  sandboxWebhookSecret,
} from "@/lib/payments/get-provider";
import { paymentEvents, sandboxEvents } from "@/lib/payments/schema";
import { deliverPendingSandboxEvents } from "@/lib/payments/startup";
import { signWebhookPayload } from "@/lib/payments/signature";
import { config } from "@/proxy";

const URL = "http://127.0.0.1:3180/api/payments/webhook";
const post = (body: string, signature: string | null, address = "198.51.100.7") =>
  POST(
    new Request(URL, {
      method: "POST",
      body,
      headers: {
        "content-type": "application/json",
        "x-forwarded-for": address,
        ...(signature ? { "stripe-signature": signature } : {}),
      },
    }),
  );
const eventsOf = (objectId: string) =>
  runAsSystem(getDb(), "test", (tx) =>
    tx.select().from(paymentEvents).where(eq(paymentEvents.objectId, objectId)),
  );

const saved = { ...process.env };
let remove: () => void = () => undefined;
afterEach(() => {
  remove();
  process.env = { ...saved };
  resetEnvForTests();
});
afterAll(async () => {
  await closeDb();
});

describe("POST /api/payments/webhook (sandbox, the default provider)", () => {
  it("handles a sandbox event signed with the derived secret once; a second delivery is a no-op", async () => {
    expect(env().PAYMENTS_PROVIDER).toBe("sandbox");
    let calls = 0;
    remove = registerPaymentEventHandler(
      "payment.succeeded",
      "test.payments-webhook-route.1",
      async () => {
        calls += 1;
      },
    );
    const sandbox = getSandboxProvider()!;
    const payment = await sandbox.createPayment({
      amountMinor: 1234,
      currency: "eur",
      idempotencyKey: randomUUID(),
    });
    await sandbox.confirmPayment(payment.id, {
      number: "4242424242424242",
      expMonth: 1,
      expYear: 2040,
      cvc: "000",
    });
    // Delivered in-process through the same function as the route.
    expect(calls).toBe(1);
    const stored = (
      await runAsSystem(getDb(), "test", (tx) =>
        tx.select().from(sandboxEvents).where(eq(sandboxEvents.type, "payment.succeeded")),
      )
    ).find((event) => event.payload.includes(payment.id));
    expect(stored?.deliveredAt).not.toBeNull();
    const secret = await sandboxWebhookSecret();
    expect(secret).toMatch(/^whsec_sandbox_[0-9a-f]{64}$/);
    const response = await post(stored!.payload, signWebhookPayload(stored!.payload, secret));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ received: true, duplicate: true });
    expect(calls).toBe(1);
    expect((await eventsOf(payment.id)).map((e) => e.type).sort()).toEqual([
      "payment.created",
      "payment.succeeded",
    ]);
  });

  it("delivers at start what a stop left pending", async () => {
    let fail = true;
    let handled = 0;
    remove = registerPaymentEventHandler("payment.canceled", "test.start", async () => {
      if (fail) throw new Error("the server stops here");
      handled += 1;
    });
    const sandbox = getSandboxProvider()!;
    const payment = await sandbox.createPayment({
      amountMinor: 100,
      currency: "eur",
      idempotencyKey: randomUUID(),
    });
    await sandbox.cancelPayment(payment.id);
    expect(handled).toBe(0);
    expect((await eventsOf(payment.id)).map((e) => e.type)).toEqual(["payment.created"]);
    fail = false;
    expect(await deliverPendingSandboxEvents()).toBe(1);
    expect(handled).toBe(1);
    expect((await eventsOf(payment.id)).map((e) => e.type).sort()).toEqual([
      "payment.canceled",
      "payment.created",
    ]);
    expect(await deliverPendingSandboxEvents()).toBe(0);
  });

  it("takes a new signed event through the route and runs its handlers", async () => {
    const seen: string[] = [];
    remove = registerPaymentEventHandler(
      "refund.succeeded",
      "test.payments-webhook-route.2",
      async (event) => {
        seen.push(event.id);
      },
    );
    const refundId = `re_route${randomUUID().replaceAll("-", "")}`;
    const body = JSON.stringify({
      id: `evt_route${randomUUID().replaceAll("-", "")}`,
      object: "event",
      type: "refund.succeeded",
      created: Math.floor(Date.now() / 1000),
      data: {
        kind: "refund",
        refund: { id: refundId, paymentId: "pi_x", createdAt: new Date().toISOString() },
      },
    });
    const response = await post(body, signWebhookPayload(body, await sandboxWebhookSecret()));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ received: true, duplicate: false });
    expect(seen).toHaveLength(1);
    expect(await eventsOf(refundId)).toHaveLength(1);
  });

  it("answers 400 to a missing or wrong signature and records nothing", async () => {
    const refundId = `re_forged${randomUUID().replaceAll("-", "")}`;
    const body = JSON.stringify({
      id: `evt_forged${randomUUID().replaceAll("-", "")}`,
      object: "event",
      type: "refund.succeeded",
      created: Math.floor(Date.now() / 1000),
      data: { kind: "refund", refund: { id: refundId, createdAt: new Date().toISOString() } },
    });
    for (const signature of [null, signWebhookPayload(body, "whsec_guess"), "garbage"]) {
      const response = await post(body, signature);
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ error: "invalid_signature" });
    }
    expect(await eventsOf(refundId)).toEqual([]);
  });

  it("limits requests per client address", async () => {
    const address = `203.0.113.${Math.floor(Math.random() * 200) + 1}`;
    // 600 a minute in fixed windows: 1,201 requests put at least 601 in one window, even
    // when a minute boundary falls in between.
    const statuses = new Set<number>();
    for (let i = 0; i < 1201 && !statuses.has(429); i++) {
      statuses.add((await post("{}", null, address)).status);
    }
    expect([...statuses].sort()).toEqual([400, 429]);
    expect((await post("{}", null, "192.0.2.1")).status).toBe(400);
  }, 120_000);

  it("is left out of the proxy (no session handling), unlike its neighbours", () => {
    const pattern = new RegExp(`^${config.matcher[0]}$`);
    expect(pattern.test("/api/payments/webhook")).toBe(false);
    expect(pattern.test("/api/payments/webhook2")).toBe(true);
    expect(pattern.test("/api/environment")).toBe(true);
  });
});

describe("payment settings", () => {
  it("chooses Stripe only with its three keys", () => {
    process.env.PAYMENTS_PROVIDER = "stripe";
    resetEnvForTests();
    expect(() => env()).toThrow(/STRIPE_SECRET_KEY[\s\S]*STRIPE_WEBHOOK_SECRET/);
    process.env.STRIPE_SECRET_KEY = "sk_test_1";
    process.env.STRIPE_WEBHOOK_SECRET = "whsec_1";
    process.env.STRIPE_PUBLISHABLE_KEY = "not-a-key";
    resetEnvForTests();
    expect(() => env()).toThrow(/STRIPE_PUBLISHABLE_KEY: .*pk_/);
    process.env.STRIPE_PUBLISHABLE_KEY = "pk_test_1";
    resetEnvForTests();
    expect(getPaymentProvider().name).toBe("stripe");
    expect(getPaymentProvider().publicConfig()).toEqual({
      provider: "stripe",
      publishableKey: "pk_test_1",
    });
    expect(getSandboxProvider()).toBeNull();
    process.env.PAYMENTS_PROVIDER = "paypal";
    resetEnvForTests();
    expect(() => env()).toThrow(/PAYMENTS_PROVIDER/);
  });
});
