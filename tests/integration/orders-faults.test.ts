import { spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import path from "node:path";
import { and, eq, sql } from "drizzle-orm";
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { POST } from "@/app/api/payments/webhook/route";
import { addToCart } from "@/lib/cart/cart";
import { productVariants } from "@/lib/commerce/schema";
import { closeDb, getDb } from "@/lib/db/client";
import { queryRows } from "@/lib/db/rows";
import { runAsSystem } from "@/lib/db/run-context";
import { resetEnvForTests } from "@/lib/env";
import { invoices } from "@/lib/invoices/schema";
import { getPaymentProvider, sandboxWebhookSecret } from "@/lib/payments/get-provider";
import { paymentEvents, sandboxEvents, sandboxPayments } from "@/lib/payments/schema";
import { sandboxEventBody } from "@/lib/payments/sandbox/sandbox-records";
import { signWebhookPayload } from "@/lib/payments/signature";
import { deliverPendingSandboxEvents } from "@/lib/payments/startup";
import { ensureOrderPayment } from "@/lib/orders/pay";
import { placeOrder } from "@/lib/orders/place";
import { orderEvents, orders } from "@/lib/orders/schema";
import { runOrderUpkeep } from "@/lib/orders/upkeep";
import { startStripeApiServer, type StripeApiServer } from "@/tests/support/stripe-api-server";
import { enableCommerce } from "./support/commerce";
import { createOrganisationWorld, type OrganisationWorld } from "./support/organisations";
import { sellableProduct, shopper } from "./support/shop";

/**
 * Issue 12 §5, faults, on orders: a webhook with a bad signature changes nothing, the same
 * one twice through the route has one effect, and a server killed between the payment's
 * commit and its event's delivery loses nothing: the next start confirms the order, once.
 * The kill is a real one: a child Node process running the project's own code, SIGKILLed
 * while its webhook handler waits on a row lock this test holds; no fault hook in the code.
 */
const db = () => getDb();
const PRICE = 1500;
const CHILD = path.join(process.cwd(), "tests/integration/support/pay-order-child.ts");
const OUTSIDE_NEXT = path.join(process.cwd(), "scripts/outside-next.mjs");

let world: OrganisationWorld;
const productId = randomUUID();
let variantId: string;

/** A shopper's order of `quantity` units, placed (pending, unpaid, holding its units). */
async function placed(label: string, quantity = 1) {
  const buyer = await shopper(label);
  const { cartId } = await addToCart(buyer.claims, { productId, option: [], quantity });
  const { orderId } = await placeOrder(buyer.claims, {
    cartId,
    name: "Faye Buyer",
    email: "faye@example.test",
    phone: null,
    delivery: "pickup",
    addressId: null,
    discountCode: null,
    expectedTotalMinor: PRICE * quantity,
  });
  return { buyer, orderId };
}

/** Everything a confirmation writes, for one order and its payment: to compare before/after. */
async function effects(orderId: string, paymentId: string) {
  return runAsSystem(db(), "test: effects", async (tx) => {
    const [order] = await tx
      .select({ status: orders.status, paymentStatus: orders.paymentStatus })
      .from(orders)
      .where(eq(orders.id, orderId));
    const docs = await tx
      .select({ number: invoices.number })
      .from(invoices)
      .where(eq(invoices.orderId, orderId));
    const events = await tx
      .select({ type: paymentEvents.type })
      .from(paymentEvents)
      .where(eq(paymentEvents.objectId, paymentId));
    const timeline = await tx
      .select({ kind: orderEvents.kind })
      .from(orderEvents)
      .where(eq(orderEvents.orderId, orderId));
    const [variant] = await tx
      .select({ stock: productVariants.stock })
      .from(productVariants)
      .where(eq(productVariants.id, variantId));
    return {
      ...order!,
      stock: Number(variant?.stock),
      invoices: docs.map((d) => d.number),
      succeeded: events.filter((e) => e.type === "payment.succeeded").length,
      confirmed: timeline.filter((e) => e.kind === "confirmed").length,
      paid: timeline.filter((e) => e.kind === "paid").length,
    };
  });
}

const webhook = (body: string, signature: string | null) =>
  POST(
    new Request("http://127.0.0.1:3180/api/payments/webhook", {
      method: "POST",
      body,
      headers: {
        "content-type": "application/json",
        "x-forwarded-for": "198.51.100.77",
        ...(signature ? { "stripe-signature": signature } : {}),
      },
    }),
  );

async function until<T>(what: string, probe: () => Promise<T | null>, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== null) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

beforeAll(async () => {
  world = await createOrganisationWorld(db());
  await enableCommerce(db(), world.a.id);
  [variantId] = (await sellableProduct(
    world.a.id,
    productId,
    "published",
    [],
    [{ values: [], price: PRICE, stock: 1000 }],
  )) as [string];
});

afterAll(async () => {
  await closeDb();
});

describe("webhook faults on an order (sandbox, through the route)", () => {
  it("refuses a payment's success with a bad signature (400) and changes nothing; the real one twice confirms once", async () => {
    const { buyer, orderId } = await placed("fault-sig", 2);
    const { payment } = await ensureOrderPayment(buyer.claims, orderId);
    // The success the sandbox would send, forged: never confirmed at the sandbox.
    const eventId = `evt_forged${randomUUID().replaceAll("-", "")}`;
    const body = sandboxEventBody(
      eventId,
      "payment.succeeded",
      { kind: "payment", payment: { ...payment!, status: "succeeded" } },
      new Date(),
    );
    const before = await effects(orderId, payment!.id);
    const forged = [
      null,
      "garbage",
      signWebhookPayload(body, "whsec_guess"),
      signWebhookPayload(body, await sandboxWebhookSecret(), Math.floor(Date.now() / 1000) - 3600),
    ];
    for (const signature of forged) {
      const response = await webhook(body, signature);
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ error: "invalid_signature" });
    }
    // The body altered after signing is refused too.
    const signed = signWebhookPayload(body, await sandboxWebhookSecret());
    const altered = body.replace("3000", "1");
    expect(altered).not.toBe(body);
    expect((await webhook(altered, signed)).status).toBe(400);
    expect(await effects(orderId, payment!.id)).toEqual(before);
    expect(before).toMatchObject({ status: "pending", paymentStatus: "unpaid", succeeded: 0 });
    const recorded = await runAsSystem(db(), "test", (tx) =>
      tx.select().from(paymentEvents).where(eq(paymentEvents.eventId, eventId)),
    );
    expect(recorded).toEqual([]);

    // The same body correctly signed, twice, through the route: one effect.
    const first = await webhook(body, signed);
    expect(await first.json()).toEqual({ received: true, duplicate: false });
    const once = await effects(orderId, payment!.id);
    expect(once).toMatchObject({
      status: "confirmed",
      paymentStatus: "paid",
      stock: before.stock - 2,
      succeeded: 1,
      confirmed: 1,
    });
    expect(once.invoices).toHaveLength(1);
    const second = await webhook(body, signWebhookPayload(body, await sandboxWebhookSecret()));
    expect(second.status).toBe(200);
    expect(await second.json()).toEqual({ received: true, duplicate: true });
    expect(await effects(orderId, payment!.id)).toEqual(once);
  });
});

describe("a server stopped between payment and confirmation", () => {
  it("is killed while the event waits, and the next start confirms the order once", async () => {
    const { buyer, orderId } = await placed("fault-kill", 3);
    // The payment page was opened: the order's PaymentIntent exists (the child only confirms it).
    const { payment } = await ensureOrderPayment(buyer.claims, orderId);
    const paymentId = payment!.id;
    const before = await effects(orderId, paymentId);

    // Hold the order's row lock: the child's payment.succeeded handler will wait on it,
    // after the sandbox's commit of the payment and inside the event's delivery.
    let release: () => void = () => undefined;
    const released = new Promise<void>((resolve) => (release = resolve));
    let lockerPid = 0;
    let holding: Promise<void> = Promise.resolve();
    await new Promise<void>((resolve, reject) => {
      holding = runAsSystem(db(), "test: hold the order", async (tx) => {
        const [me] = await queryRows<{ pid: number }>(tx, sql`select pg_backend_pid() as pid`);
        lockerPid = Number(me!.pid);
        await tx.select({ id: orders.id }).from(orders).where(eq(orders.id, orderId)).for("update");
        resolve();
        await released;
      });
      holding.catch(reject);
    });

    const child = spawn(
      process.execPath,
      ["--import", "tsx", "--import", OUTSIDE_NEXT, CHILD, orderId, buyer.userId, buyer.email],
      { env: { ...process.env, LOG_LEVEL: "warn" }, stdio: ["ignore", "pipe", "pipe"] },
    );
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise<NodeJS.Signals | number | null>((resolve) =>
      child.on("exit", (code, signal) => resolve(signal ?? code)),
    );

    try {
      // The child's connection blocked by ours: the payment committed, the event in delivery.
      const waitingPid = await until("the child's handler to wait on the order", async () => {
        if (child.exitCode !== null) throw new Error(`child exited early: ${output}`);
        const [row] = await queryRows<{ pid: number }>(
          db(),
          sql`select pid from pg_stat_activity where ${lockerPid} = any (pg_blocking_pids(pid))`,
        );
        return row ? Number(row.pid) : null;
      });
      const [atProvider] = await runAsSystem(db(), "test", (tx) =>
        tx
          .select({ status: sandboxPayments.status })
          .from(sandboxPayments)
          .where(eq(sandboxPayments.id, paymentId)),
      );
      expect(atProvider?.status).toBe("succeeded");

      child.kill("SIGKILL");
      expect(await exited).toBe("SIGKILL");
      release();
      await holding;
      // The killed server's transaction never commits: its backend goes away with it.
      await until("the killed server's backend to end", async () => {
        const rows = await queryRows(
          db(),
          sql`select 1 from pg_stat_activity where pid = ${waitingPid}`,
        );
        return rows.length === 0 ? true : null;
      });
    } finally {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
      release();
    }
    expect(output).not.toContain("child: {");

    // What the stop left: paid at the provider, the event undelivered, the order untouched.
    const pending = await runAsSystem(db(), "test", (tx) =>
      tx
        .select({ deliveredAt: sandboxEvents.deliveredAt })
        .from(sandboxEvents)
        .where(
          and(
            eq(sandboxEvents.type, "payment.succeeded"),
            sql`(${sandboxEvents.payload})::jsonb->'data'->'payment'->>'id' = ${paymentId}`,
          ),
        ),
    );
    expect(pending).toEqual([{ deliveredAt: null }]);
    expect(await effects(orderId, paymentId)).toEqual(before);
    expect(before).toMatchObject({ status: "pending", paymentStatus: "unpaid", succeeded: 0 });

    // The next start (instrumentation.ts): pending sandbox events, then the orders' upkeep.
    const start = async () => {
      await deliverPendingSandboxEvents();
      await runOrderUpkeep();
    };
    await start();
    const after = await effects(orderId, paymentId);
    expect(after).toMatchObject({
      status: "confirmed",
      paymentStatus: "paid",
      stock: before.stock - 3,
      succeeded: 1,
      confirmed: 1,
      paid: 1,
    });
    expect(after.invoices).toHaveLength(1);
    // Started twice more: nothing changes.
    await start();
    await start();
    expect(await effects(orderId, paymentId)).toEqual(after);
  }, 90_000);
});

describe("a Stripe payment whose event never arrives", () => {
  const SECRET_KEY = "sk_test_faults";
  const WEBHOOK_SECRET = "whsec_faults_test";
  const saved = { ...process.env };
  let api: StripeApiServer;

  beforeAll(async () => {
    // No webhook URL: the provider takes the money and its events go nowhere.
    api = await startStripeApiServer({ secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET });
    process.env.PAYMENTS_PROVIDER = "stripe";
    process.env.STRIPE_SECRET_KEY = SECRET_KEY;
    process.env.STRIPE_WEBHOOK_SECRET = WEBHOOK_SECRET;
    process.env.STRIPE_PUBLISHABLE_KEY = "pk_test_faults";
    process.env.STRIPE_API_URL = api.url;
    resetEnvForTests();
  });

  afterAll(async () => {
    await api.close();
    process.env = saved;
    resetEnvForTests();
  });

  it("is confirmed once by the upkeep's reconciliation; the event arriving later changes nothing", async () => {
    expect(getPaymentProvider().name).toBe("stripe");
    const { buyer, orderId } = await placed("fault-stripe", 2);
    const { payment } = await ensureOrderPayment(buyer.claims, orderId);
    const url = new URL(api.url);
    const browser = new Stripe(SECRET_KEY, {
      host: url.hostname,
      port: url.port,
      protocol: "http",
      maxNetworkRetries: 0,
    });
    await browser.paymentIntents.confirm(payment!.id, { payment_method: "pm_card_visa" });
    await api.flushWebhooks();
    const before = await effects(orderId, payment!.id);
    expect(before).toMatchObject({ status: "pending", paymentStatus: "unpaid", succeeded: 0 });

    // The buyer never came back; the hold passes, and the upkeep asks the provider first.
    await runAsSystem(db(), "test: hold passes", (tx) =>
      tx
        .update(orders)
        .set({ holdExpiresAt: sql`now() - interval '1 second'` })
        .where(eq(orders.id, orderId)),
    );
    await runOrderUpkeep();
    const after = await effects(orderId, payment!.id);
    expect(after).toMatchObject({
      status: "confirmed",
      paymentStatus: "paid",
      stock: before.stock - 2,
      confirmed: 1,
    });
    expect(after.invoices).toHaveLength(1);
    await runOrderUpkeep();
    expect(await effects(orderId, payment!.id)).toEqual(after);

    // Stripe's retry finally arrives, signed by its SDK: recorded, no second effect.
    const succeeded = api.deliveries.find((d) => d.type === "payment_intent.succeeded");
    const body = api.eventBody(succeeded!.id)!;
    expect(body).toContain(payment!.id);
    const signature = browser.webhooks.generateTestHeaderString({
      payload: body,
      secret: WEBHOOK_SECRET,
    });
    const response = await webhook(body, signature);
    expect(response.status).toBe(200);
    expect(await effects(orderId, payment!.id)).toEqual({ ...after, succeeded: 1 });
  });
});
