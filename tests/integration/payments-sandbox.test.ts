import { randomUUID } from "node:crypto";
import { eq, isNull, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "@/lib/db/connect";
import { runAsAnon, runAsSystem, runAsUser } from "@/lib/db/run-context";
import { queryRows } from "@/lib/db/rows";
import { registerPaymentEventHandler } from "@/lib/payments/event-handlers";
import { PaymentProviderError, type PaymentEvent } from "@/lib/payments/provider";
import { SandboxPaymentProvider } from "@/lib/payments/sandbox/sandbox-provider";
import { paymentEvents, sandboxEvents, sandboxRefunds } from "@/lib/payments/schema";
import { signWebhookPayload } from "@/lib/payments/signature";
import { receivePaymentWebhook } from "@/lib/payments/webhook";
import { drivers, OPEN_TIMEOUT } from "./support/databases";

const SECRET = "whsec_sandbox_test";
const card = (number: string, expYear = 2034) => ({ number, expMonth: 12, expYear, cvc: "123" });
const key = () => `test:${randomUUID()}`;

describe.each(drivers)("sandbox payments on $name", (driver) => {
  let database: Database;
  let sandbox: SandboxPaymentProvider;
  let seen: PaymentEvent[] = [];
  let removeHandler: () => void = () => undefined;

  beforeAll(async () => {
    database = await driver.open();
    sandbox = new SandboxPaymentProvider({
      db: () => database.db,
      webhookSecret: async () => SECRET,
      deliver: async (rawBody, signature, inTransaction) => {
        await receivePaymentWebhook({
          db: database.db,
          provider: sandbox,
          rawBody,
          signature,
          inTransaction,
        });
        return true;
      },
      staleSweepMs: 0,
    });
  }, OPEN_TIMEOUT);

  afterAll(async () => {
    await database.close();
  });

  afterEach(() => {
    removeHandler();
    seen = [];
  });

  /** Records every handled event of the object `id` (the handler runs in the event's transaction). */
  const watch = () => {
    removeHandler = registerPaymentEventHandler("*", "test.payments-sandbox.1", async (event) => {
      seen.push(event);
    });
  };
  const typesOf = (id: string) =>
    seen
      .filter((event) => event.data.kind !== "other" && objectId(event) === id)
      .map((event) => event.type);
  const recorded = (id: string) =>
    runAsSystem(database.db, "test", (tx) =>
      tx
        .select({ type: paymentEvents.type, provider: paymentEvents.provider })
        .from(paymentEvents)
        .where(eq(paymentEvents.objectId, id))
        .orderBy(paymentEvents.receivedAt),
    );
  const newPayment = (amountMinor = 1099, extra: { returnUrl?: string } = {}) =>
    sandbox.createPayment({
      amountMinor,
      currency: "EUR",
      idempotencyKey: key(),
      metadata: { checkoutId: "chk_1" },
      ...extra,
    });

  it("takes a payment with 4242…: created, then succeeded, each event handled once", async () => {
    watch();
    const created = await newPayment();
    expect(created).toMatchObject({
      provider: "sandbox",
      status: "requires_payment_method",
      amountMinor: 1099,
      currency: "eur",
      amountRefundedMinor: 0,
      metadata: { checkoutId: "chk_1" },
      nextActionUrl: null,
    });
    expect(created.clientSecret).toMatch(new RegExp(`^${created.id}_secret_`));
    const paid = await sandbox.confirmPayment(created.id, card("4242 4242 4242 4242"));
    expect(paid).toMatchObject({ status: "succeeded", failureCode: null });
    expect(typesOf(created.id)).toEqual(["payment.created", "payment.succeeded"]);
    expect(seen.at(-1)?.data).toMatchObject({ payment: { metadata: { checkoutId: "chk_1" } } });
    expect(await recorded(created.id)).toEqual([
      { type: "payment.created", provider: "sandbox" },
      { type: "payment.succeeded", provider: "sandbox" },
    ]);
    expect(await sandbox.getPayment(created.id)).toMatchObject({ status: "succeeded" });
    await expect(sandbox.confirmPayment(created.id, card("4242424242424242"))).rejects.toThrow(
      PaymentProviderError,
    );
  });

  it.each([
    ["4000000000000002", "card_declined"],
    ["4000000000009995", "insufficient_funds"],
    ["4000000000000069", "expired_card"],
    ["4111111111111111", "incorrect_number"],
  ])("fails with %s (%s); the buyer can try another card", async (number, code) => {
    watch();
    const payment = await newPayment();
    const failed = await sandbox.confirmPayment(payment.id, card(number));
    expect(failed).toMatchObject({ status: "requires_payment_method", failureCode: code });
    expect(typesOf(payment.id)).toEqual(["payment.created", "payment.failed"]);
    const paid = await sandbox.confirmPayment(payment.id, card("4242424242424242"));
    expect(paid).toMatchObject({ status: "succeeded", failureCode: null });
  });

  it("refuses a card whose expiry has passed", async () => {
    const payment = await newPayment();
    expect(await sandbox.confirmPayment(payment.id, card("4242424242424242", 2020))).toMatchObject({
      status: "requires_payment_method",
      failureCode: "invalid_expiry",
    });
  });

  it("asks for authentication (…3155): approved on the challenge, back to the return path", async () => {
    watch();
    const payment = await newPayment(2500, { returnUrl: "/commerce/cart/abc?step=pay" });
    const pending = await sandbox.confirmPayment(payment.id, card("4000002500003155"));
    expect(pending).toMatchObject({
      status: "requires_action",
      nextActionUrl: `/payments/sandbox/challenge/${payment.id}`,
    });
    const answer = await sandbox.completeChallenge(payment.id, "approve");
    expect(answer).toEqual({
      status: "succeeded",
      returnUrl: `/commerce/cart/abc?step=pay&payment_intent=${payment.id}&redirect_status=succeeded`,
    });
    expect(typesOf(payment.id)).toEqual([
      "payment.created",
      "payment.requires_action",
      "payment.succeeded",
    ]);
    await expect(sandbox.completeChallenge(payment.id, "approve")).rejects.toMatchObject({
      code: "invalid_state",
    });
  });

  it("asks for authentication (…3184): a failed challenge fails the payment", async () => {
    const payment = await newPayment(2500, { returnUrl: "/pay" });
    await sandbox.confirmPayment(payment.id, card("4000002760003184"));
    const answer = await sandbox.completeChallenge(payment.id, "fail");
    expect(answer).toEqual({
      status: "requires_payment_method",
      returnUrl: `/pay?payment_intent=${payment.id}&redirect_status=failed`,
    });
    expect(await sandbox.getPayment(payment.id)).toMatchObject({
      failureCode: "payment_intent_authentication_failure",
    });
  });

  it("accepts only a same-site path as the return address", async () => {
    for (const returnUrl of [
      "https://evil.example/",
      "//evil.example/x",
      "/\\evil",
      "javascript:x",
    ]) {
      await expect(newPayment(100, { returnUrl })).rejects.toMatchObject({
        code: "invalid_request",
      });
    }
  });

  it("answers a repeated idempotency key with the same payment, and refuses other parameters", async () => {
    const idempotencyKey = key();
    const input = { amountMinor: 500, currency: "usd", idempotencyKey, metadata: { a: "1" } };
    const first = await sandbox.createPayment(input);
    const again = await sandbox.createPayment({ ...input });
    expect(again.id).toBe(first.id);
    await expect(sandbox.createPayment({ ...input, amountMinor: 501 })).rejects.toMatchObject({
      code: "idempotency_conflict",
    });
  });

  it("answers two concurrent requests with one key with one payment", async () => {
    const input = { amountMinor: 777, currency: "eur", idempotencyKey: key() };
    const [first, second] = await Promise.all([
      sandbox.createPayment({ ...input }),
      sandbox.createPayment({ ...input }),
    ]);
    expect(second.id).toBe(first.id);
    const customerKey = key();
    const [c1, c2] = await Promise.all([
      sandbox.createCustomer({ idempotencyKey: customerKey }),
      sandbox.createCustomer({ idempotencyKey: customerKey }),
    ]);
    expect(c2.id).toBe(c1.id);
  });

  it("refunds in part and in full, once per key, and never beyond the payment", async () => {
    watch();
    const payment = await newPayment(1000);
    await sandbox.confirmPayment(payment.id, card("4242424242424242"));
    const refundKey = key();
    const part = await sandbox.createRefund({
      paymentId: payment.id,
      amountMinor: 300,
      reason: "requested_by_customer",
      idempotencyKey: refundKey,
      metadata: { note: "scratched" },
    });
    expect(part).toMatchObject({
      paymentId: payment.id,
      amountMinor: 300,
      currency: "eur",
      status: "succeeded",
      reason: "requested_by_customer",
    });
    const repeated = await sandbox.createRefund({
      paymentId: payment.id,
      amountMinor: 300,
      reason: "requested_by_customer",
      idempotencyKey: refundKey,
      metadata: { note: "scratched" },
    });
    expect(repeated.id).toBe(part.id);
    expect(await sandbox.getPayment(payment.id)).toMatchObject({ amountRefundedMinor: 300 });
    await expect(
      sandbox.createRefund({ paymentId: payment.id, amountMinor: 701, idempotencyKey: key() }),
    ).rejects.toMatchObject({ code: "refund_exceeds_payment" });
    const rest = await sandbox.createRefund({ paymentId: payment.id, idempotencyKey: key() });
    expect(rest).toMatchObject({ amountMinor: 700, status: "succeeded" });
    await expect(
      sandbox.createRefund({ paymentId: payment.id, amountMinor: 1, idempotencyKey: key() }),
    ).rejects.toMatchObject({ code: "refund_exceeds_payment" });
    expect(await sandbox.getPayment(payment.id)).toMatchObject({ amountRefundedMinor: 1000 });
    expect(await sandbox.getRefund(rest.id)).toMatchObject({ amountMinor: 700 });
    const refunds = await runAsSystem(database.db, "test", (tx) =>
      tx.select().from(sandboxRefunds).where(eq(sandboxRefunds.paymentId, payment.id)),
    );
    expect(refunds.map((r) => r.amountMinor).sort()).toEqual([300, 700]);
    expect(typesOf(part.id)).toEqual(["refund.succeeded"]);
    expect(typesOf(rest.id)).toEqual(["refund.succeeded"]);
  });

  it("refuses to refund a payment that has not succeeded", async () => {
    const payment = await newPayment(1000);
    await expect(
      sandbox.createRefund({ paymentId: payment.id, idempotencyKey: key() }),
    ).rejects.toMatchObject({ code: "invalid_state" });
  });

  it("lets only one of two racing refunds through when both would not fit", async () => {
    const payment = await newPayment(1000);
    await sandbox.confirmPayment(payment.id, card("4242424242424242"));
    const results = await Promise.allSettled([
      sandbox.createRefund({ paymentId: payment.id, amountMinor: 600, idempotencyKey: key() }),
      sandbox.createRefund({ paymentId: payment.id, amountMinor: 600, idempotencyKey: key() }),
    ]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    expect(results.find((r) => r.status === "rejected")).toMatchObject({
      reason: { code: "refund_exceeds_payment" },
    });
    expect(await sandbox.getPayment(payment.id)).toMatchObject({ amountRefundedMinor: 600 });
  });

  it("saves a card for later and charges it off-session", async () => {
    watch();
    const customer = await sandbox.createCustomer({
      email: "b@example.com",
      idempotencyKey: key(),
    });
    const setup = await sandbox.createSetup({ customerId: customer.id, idempotencyKey: key() });
    expect(setup).toMatchObject({ status: "requires_payment_method", paymentMethod: null });
    const saved = await sandbox.confirmSetup(setup.id, card("4242424242424242"));
    expect(saved).toMatchObject({
      status: "succeeded",
      paymentMethod: { brand: "visa", last4: "4242", expMonth: 12, expYear: 2034 },
    });
    expect(typesOf(setup.id)).toEqual(["setup.created", "setup.succeeded"]);
    const methods = await sandbox.listPaymentMethods(customer.id);
    expect(methods).toEqual([saved.paymentMethod]);
    const charged = await sandbox.chargeSavedMethod({
      amountMinor: 4200,
      currency: "eur",
      customerId: customer.id,
      paymentMethodId: methods[0]!.id,
      idempotencyKey: key(),
    });
    expect(charged).toMatchObject({ status: "succeeded", customerId: customer.id });
    await sandbox.detachPaymentMethod(methods[0]!.id);
    expect(await sandbox.listPaymentMethods(customer.id)).toEqual([]);
    await expect(
      sandbox.chargeSavedMethod({
        amountMinor: 100,
        currency: "eur",
        customerId: customer.id,
        paymentMethodId: methods[0]!.id,
        idempotencyKey: key(),
      }),
    ).rejects.toMatchObject({ code: "not_found" });
  });

  it("saves an authentication card through the challenge; off-session it needs one again", async () => {
    const customer = await sandbox.createCustomer({ idempotencyKey: key() });
    const setup = await sandbox.createSetup({
      customerId: customer.id,
      idempotencyKey: key(),
      returnUrl: "/profile/billing/payment-method/callback",
    });
    const pending = await sandbox.confirmSetup(setup.id, card("4000002760003184"));
    expect(pending).toMatchObject({
      status: "requires_action",
      nextActionUrl: `/payments/sandbox/challenge/${setup.id}`,
    });
    expect(await sandbox.completeChallenge(setup.id, "approve")).toEqual({
      status: "succeeded",
      returnUrl: `/profile/billing/payment-method/callback?setup_intent=${setup.id}&redirect_status=succeeded`,
    });
    const [method] = await sandbox.listPaymentMethods(customer.id);
    const charged = await sandbox.chargeSavedMethod({
      amountMinor: 100,
      currency: "eur",
      customerId: customer.id,
      paymentMethodId: method!.id,
      idempotencyKey: key(),
    });
    expect(charged).toMatchObject({
      status: "requires_payment_method",
      failureCode: "authentication_required",
    });
    const declined = await sandbox.createSetup({ customerId: customer.id, idempotencyKey: key() });
    expect(await sandbox.confirmSetup(declined.id, card("4000000000000002"))).toMatchObject({
      status: "requires_payment_method",
      failureCode: "card_declined",
      paymentMethod: null,
    });
  });

  it("keeps every payments table from visitors and users (RLS on, no policies)", async () => {
    const payment = await newPayment();
    await sandbox.confirmPayment(payment.id, card("4242424242424242"));
    const tables = [
      "payment_events",
      "sandbox_payments",
      "sandbox_refunds",
      "sandbox_customers",
      "sandbox_setups",
      "sandbox_payment_methods",
      "sandbox_events",
    ];
    for (const table of tables) {
      const count = await runAsSystem(database.db, "test", (tx) =>
        queryRows<{ n: number }>(tx, sql.raw(`select count(*)::int as n from ${table}`)),
      );
      const seenAs = async (run: typeof runAsAnon) =>
        run(database.db, (tx) => queryRows(tx, sql.raw(`select * from ${table}`))).catch(() => []);
      expect(await seenAs(runAsAnon), table).toEqual([]);
      expect(
        await seenAs((db, fn) =>
          runAsUser(db, { sub: "00000000-0000-4000-8000-000000000001" }, fn),
        ),
        table,
      ).toEqual([]);
      if (["payment_events", "sandbox_payments", "sandbox_events"].includes(table)) {
        expect(count[0]!.n, table).toBeGreaterThan(0);
      }
    }
  });

  it("records a delivered event once: the same body again has no effect", async () => {
    let calls = 0;
    removeHandler = registerPaymentEventHandler(
      "payment.succeeded",
      "test.payments-sandbox.2",
      async () => {
        calls += 1;
      },
    );
    const payment = await newPayment();
    await sandbox.confirmPayment(payment.id, card("4242424242424242"));
    expect(calls).toBe(1);
    const [event] = await runAsSystem(database.db, "test", (tx) =>
      tx.select().from(sandboxEvents).where(eq(sandboxEvents.type, "payment.succeeded")),
    );
    const body = event!.payload;
    const again = await receivePaymentWebhook({
      db: database.db,
      provider: sandbox,
      rawBody: body,
      signature: signWebhookPayload(body, SECRET),
    });
    expect(again.outcome).toBe("duplicate");
    expect(calls).toBe(1);
  });

  it("refuses a bad signature and writes nothing", async () => {
    let calls = 0;
    removeHandler = registerPaymentEventHandler("*", "test.payments-sandbox.3", async () => {
      calls += 1;
    });
    const body = JSON.stringify({
      id: `evt_forged${randomUUID().replaceAll("-", "")}`,
      object: "event",
      type: "payment.succeeded",
      created: Math.floor(Date.now() / 1000),
      data: { kind: "payment", payment: { id: "pi_forged", createdAt: new Date().toISOString() } },
    });
    const count = async () =>
      (
        await runAsSystem(database.db, "test", (tx) =>
          tx.select({ id: paymentEvents.id }).from(paymentEvents),
        )
      ).length;
    const before = await count();
    for (const signature of [null, signWebhookPayload(body, "whsec_wrong"), "t=1,v1=00"]) {
      await expect(
        receivePaymentWebhook({ db: database.db, provider: sandbox, rawBody: body, signature }),
      ).rejects.toThrow(/signature/);
    }
    expect(await count()).toBe(before);
    expect(calls).toBe(0);
  });

  it("rolls an event back when a handler fails, and delivers it again later", async () => {
    let fail = true;
    let handled = 0;
    removeHandler = registerPaymentEventHandler(
      "payment.succeeded",
      "test.payments-sandbox.4",
      async () => {
        if (fail) throw new Error("handler down");
        handled += 1;
      },
    );
    const payment = await newPayment();
    const paid = await sandbox.confirmPayment(payment.id, card("4242424242424242"));
    expect(paid.status).toBe("succeeded");
    expect((await recorded(payment.id)).map((r) => r.type)).toEqual(["payment.created"]);
    const pending = await runAsSystem(database.db, "test", (tx) =>
      tx.select().from(sandboxEvents).where(isNull(sandboxEvents.deliveredAt)),
    );
    expect(pending.map((e) => e.type)).toEqual(["payment.succeeded"]);
    fail = false;
    expect(await sandbox.deliverPendingEvents()).toBe(1);
    expect(handled).toBe(1);
    expect(await sandbox.deliverPendingEvents()).toBe(0);
    expect((await recorded(payment.id)).map((r) => r.type)).toEqual([
      "payment.created",
      "payment.succeeded",
    ]);
  });

  it("delivers past an event whose handler keeps failing: one bad event holds back no other", async () => {
    removeHandler = registerPaymentEventHandler(
      "refund.failed",
      "test.payments-sandbox.poison",
      async () => {
        throw new Error("this handler always fails");
      },
    );
    const poison = `evt_sandbox${randomUUID().replaceAll("-", "").slice(0, 24)}`;
    const payload = JSON.stringify({
      id: poison,
      object: "event",
      type: "refund.failed",
      created: Math.floor(Date.now() / 1000) - 120,
      data: { kind: "refund", refund: { id: `re_${poison}`, createdAt: new Date().toISOString() } },
    });
    await runAsSystem(database.db, "test", (tx) =>
      tx.insert(sandboxEvents).values({
        id: poison,
        type: "refund.failed",
        payload,
        createdAt: new Date(Date.now() - 120_000),
      }),
    );
    // The stale poison is tried first (oldest), fails, and the change's own event still goes.
    const payment = await newPayment();
    expect((await recorded(payment.id)).map((r) => r.type)).toEqual(["payment.created"]);
    const [row] = await runAsSystem(database.db, "test", (tx) =>
      tx.select().from(sandboxEvents).where(eq(sandboxEvents.id, poison)),
    );
    expect(row).toMatchObject({ deliveredAt: null, attempts: 1 });
    // Once its handler is fixed, it goes too.
    removeHandler();
    removeHandler = () => undefined;
    expect(await sandbox.deliverPendingEvents()).toBe(1);
  });

  it("delivers a change's own events, leaves another's fresh pending event to it, and retries a stale one", async () => {
    // Another change's event, written and not yet delivered (its delivery in flight).
    const fresh = `evt_sandbox${randomUUID().replaceAll("-", "").slice(0, 24)}`;
    const stale = `evt_sandbox${randomUUID().replaceAll("-", "").slice(0, 24)}`;
    const body = (id: string) =>
      JSON.stringify({
        id,
        object: "event",
        type: "refund.succeeded",
        created: Math.floor(Date.now() / 1000),
        data: { kind: "refund", refund: { id: `re_${id}`, createdAt: new Date().toISOString() } },
      });
    await runAsSystem(database.db, "test", (tx) =>
      tx.insert(sandboxEvents).values([
        { id: fresh, type: "refund.succeeded", payload: body(fresh), createdAt: new Date() },
        {
          id: stale,
          type: "refund.succeeded",
          payload: body(stale),
          createdAt: new Date(Date.now() - 60_000),
        },
      ]),
    );
    const payment = await newPayment();
    const pending = () =>
      runAsSystem(database.db, "test", (tx) =>
        tx
          .select({ id: sandboxEvents.id })
          .from(sandboxEvents)
          .where(isNull(sandboxEvents.deliveredAt)),
      ).then((rows) => rows.map((row) => row.id));
    // The change delivered its payment.created and the stale event, not the fresh one.
    expect((await recorded(payment.id)).map((r) => r.type)).toEqual(["payment.created"]);
    expect(await pending()).toEqual([fresh]);
    // Without a change (a start, a retry), everything pending goes.
    expect(await sandbox.deliverPendingEvents()).toBe(1);
    expect(await pending()).toEqual([]);
  });

  it("marks an event delivered in the webhook's own transaction: both commit or neither", async () => {
    let inWebhook: boolean | null = null;
    let failAfterMark = false;
    const marking = new SandboxPaymentProvider({
      db: () => database.db,
      webhookSecret: async () => SECRET,
      deliver: async (rawBody, signature, inTransaction) => {
        await receivePaymentWebhook({
          db: database.db,
          provider: marking,
          rawBody,
          signature,
          inTransaction: async (tx) => {
            await inTransaction(tx);
            // The mark is visible inside the webhook's transaction, before its commit.
            const [row] = await queryRows<{ delivered: boolean }>(
              tx,
              sql`select delivered_at is not null as delivered from sandbox_events
                  where id = ${(JSON.parse(rawBody) as { id: string }).id}`,
            );
            inWebhook = row?.delivered ?? null;
            if (failAfterMark) throw new Error("the webhook's transaction fails after the mark");
          },
        });
        return true;
      },
      staleSweepMs: 0,
    });
    const payment = await marking.createPayment({
      amountMinor: 500,
      currency: "EUR",
      idempotencyKey: key(),
    });
    expect(inWebhook).toBe(true);
    const eventOf = async (type: string) => {
      const [row] = await runAsSystem(database.db, "test", (tx) =>
        tx
          .select()
          .from(sandboxEvents)
          .where(
            sql`${sandboxEvents.type} = ${type} and ${sandboxEvents.payload}::jsonb -> 'data' -> 'payment' ->> 'id' = ${payment.id}`,
          ),
      );
      return row;
    };
    expect(await eventOf("payment.created")).toMatchObject({ attempts: 1 });
    expect((await eventOf("payment.created"))?.deliveredAt).not.toBeNull();
    // The webhook's transaction fails after the mark: the event is recorded nowhere, stays
    // pending with its attempt counted, and goes at the next delivery.
    failAfterMark = true;
    await marking.confirmPayment(payment.id, card("4242424242424242"));
    expect(await eventOf("payment.succeeded")).toMatchObject({ attempts: 1, deliveredAt: null });
    expect((await recorded(payment.id)).map((r) => r.type)).toEqual(["payment.created"]);
    failAfterMark = false;
    expect(await marking.deliverPendingEvents()).toBe(1);
    expect(await eventOf("payment.succeeded")).toMatchObject({ attempts: 2 });
    expect((await recorded(payment.id)).map((r) => r.type)).toEqual([
      "payment.created",
      "payment.succeeded",
    ]);
  });

  it("retries stale events after a change at most once per staleSweepMs", async () => {
    const throttled = new SandboxPaymentProvider({
      db: () => database.db,
      webhookSecret: async () => SECRET,
      deliver: async (rawBody, signature, inTransaction) => {
        await receivePaymentWebhook({
          db: database.db,
          provider: throttled,
          rawBody,
          signature,
          inTransaction,
        });
        return true;
      },
      staleSweepMs: 60_000,
    });
    const staleEvent = async () => {
      const id = `evt_sandbox${randomUUID().replaceAll("-", "").slice(0, 24)}`;
      const payload = JSON.stringify({
        id,
        object: "event",
        type: "refund.succeeded",
        created: Math.floor(Date.now() / 1000) - 60,
        data: { kind: "refund", refund: { id: `re_${id}`, createdAt: new Date().toISOString() } },
      });
      await runAsSystem(database.db, "test", (tx) =>
        tx.insert(sandboxEvents).values({
          id,
          type: "refund.succeeded",
          payload,
          createdAt: new Date(Date.now() - 60_000),
        }),
      );
      return id;
    };
    const isPending = async (id: string) => {
      const [row] = await runAsSystem(database.db, "test", (tx) =>
        tx.select().from(sandboxEvents).where(eq(sandboxEvents.id, id)),
      );
      return row?.deliveredAt === null;
    };
    const change = () =>
      throttled.createPayment({ amountMinor: 300, currency: "EUR", idempotencyKey: key() });
    const first = await staleEvent();
    await change();
    expect(await isPending(first)).toBe(false);
    // Within the interval, a change delivers only its own events.
    const second = await staleEvent();
    await change();
    expect(await isPending(second)).toBe(true);
    expect(await throttled.deliverPendingEvents(100, { staleOnly: true })).toBe(1);
    expect(await isPending(second)).toBe(false);
  });
});

function objectId(event: PaymentEvent): string | null {
  const data = event.data;
  if (data.kind === "payment") return data.payment.id;
  if (data.kind === "refund") return data.refund.id;
  if (data.kind === "setup") return data.setup.id;
  return null;
}
