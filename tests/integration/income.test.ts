import { randomUUID } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runCommand } from "@/lib/backoffice/doors";
import { addToCart } from "@/lib/cart/cart";
import { closeDb, getDb } from "@/lib/db/client";
import { runAsSystem, runAsUser } from "@/lib/db/run-context";
import { getSandboxProvider, sandboxWebhookSecret } from "@/lib/payments/get-provider";
import { sandboxEvents } from "@/lib/payments/schema";
import { signWebhookPayload } from "@/lib/payments/signature";
import { receivePaymentWebhook } from "@/lib/payments/webhook";
import { balanceOf, requestPayoutCommand, settlePayouts } from "@/lib/income/payouts";
import { recordMissingEntries } from "@/lib/income/ledger";
import { paymentBalanceEntries, paymentPayouts } from "@/lib/income/schema";
import { listCharges, listRefunds, readOverview, getChargeDetail } from "@/lib/income/queries";
import { getOrganisationAccessFor } from "./support/income-access";
import { paySandboxOrder } from "@/lib/orders/pay";
import { placeOrder } from "@/lib/orders/place";
import { orders } from "@/lib/orders/schema";
import { refundOrderCommand } from "@/lib/orders/seller-commands";
import { runOrderTasks } from "@/lib/orders/tasks";
import { enableCommerce } from "./support/commerce";
import { createOrganisationWorld, type OrganisationWorld } from "./support/organisations";
import { sellableProduct, shopper } from "./support/shop";

/**
 * The organisation's money (docs/income.md): a paid order writes one charge with its tier's
 * fee, a refund a negative entry giving back its part of the fee, pending turns available
 * after the hold, payouts never take more than is available (not even two at once), and
 * nobody else reads or writes any of it.
 */
const db = () => getDb();
const SUCCESS = { number: "4242424242424242", expMonth: 12, expYear: 2040, cvc: "123" };

let world: OrganisationWorld;
const productA = randomUUID();
const productB = randomUUID();

async function paidOrder(label: string, productId: string, quantity = 1, price = 1500) {
  const buyer = await shopper(label);
  const { cartId } = await addToCart(buyer.claims, { productId, option: [], quantity });
  const { orderId } = await placeOrder(buyer.claims, {
    cartId,
    name: `Buyer ${label}`,
    email: `${label}@example.test`,
    phone: null,
    delivery: "pickup",
    addressId: null,
    discountCode: null,
    expectedTotalMinor: price * quantity,
  });
  expect(await paySandboxOrder(buyer.claims, orderId, SUCCESS)).toEqual({ outcome: "paid" });
  return { buyer, orderId };
}

const entriesOf = (organisationId: string) =>
  runAsSystem(db(), "test: entries", (tx) =>
    tx
      .select()
      .from(paymentBalanceEntries)
      .where(eq(paymentBalanceEntries.organisationId, organisationId))
      .orderBy(paymentBalanceEntries.createdAt),
  );

/** Moves every entry of the organisation's charges past the hold (or back before it). */
const passHold = (organisationId: string, passed: boolean) =>
  runAsSystem(db(), "test: hold", (tx) =>
    tx
      .update(paymentBalanceEntries)
      .set({
        availableOn: passed ? sql`now() - interval '1 second'` : sql`now() + interval '7 days'`,
      })
      .where(
        and(
          eq(paymentBalanceEntries.organisationId, organisationId),
          eq(paymentBalanceEntries.kind, "charge"),
        ),
      ),
  );

const balance = (organisationId: string) =>
  runAsSystem(db(), "test: balance", (tx) => balanceOf(tx, organisationId, "EUR"));

beforeAll(async () => {
  world = await createOrganisationWorld(db());
  await enableCommerce(db(), world.a.id, "pro");
  await enableCommerce(db(), world.b.id);
  await sellableProduct(
    world.a.id,
    productA,
    "published",
    [],
    [{ values: [], price: 1500, stock: 1000 }],
  );
  await sellableProduct(
    world.b.id,
    productB,
    "published",
    [],
    [{ values: [], price: 1550, stock: 1000 }],
  );
});

afterAll(async () => {
  await closeDb();
});

describe("the ledger", () => {
  it("a paid order writes one charge with its tier's fee; the same event again writes nothing", async () => {
    const { orderId } = await paidOrder("inc-ana", productA, 2);
    const charges = (await entriesOf(world.a.id)).filter((e) => e.sourceId === orderId);
    // pro: 3 % of 30.00 = 0.90.
    expect(charges).toMatchObject([
      {
        kind: "charge",
        orderId,
        currency: "EUR",
        grossMinor: 3000,
        feeMinor: 90,
        netMinor: 2910,
        feeBasisPoints: 300,
        tier: "pro",
      },
    ]);
    const [order] = await runAsSystem(db(), "test", (tx) =>
      tx.select().from(orders).where(eq(orders.id, orderId)),
    );
    const held = charges[0]!.availableOn.getTime() - order!.confirmedAt!.getTime();
    expect(held).toBe(7 * 86_400_000);

    const [event] = await runAsSystem(db(), "test", (tx) =>
      tx.select().from(sandboxEvents)
        .where(sql`(${sandboxEvents.payload})::jsonb->'data'->'payment'->>'id' = ${order!.paymentId}
          and ${sandboxEvents.type} = 'payment.succeeded'`),
    );
    const secret = await sandboxWebhookSecret();
    // A new delivery of the same payment under another event id: still one charge.
    const payload = JSON.parse(event!.payload) as { id: string };
    payload.id = `evt_again_${randomUUID()}`;
    const raw = JSON.stringify(payload);
    const again = await receivePaymentWebhook({
      db: db(),
      provider: getSandboxProvider()!,
      rawBody: raw,
      signature: signWebhookPayload(raw, secret),
    });
    expect(again.outcome).toBe("handled");
    expect((await entriesOf(world.a.id)).filter((e) => e.sourceId === orderId)).toHaveLength(1);
  });

  it("the free tier's rate rounds half up", async () => {
    const { orderId } = await paidOrder("inc-bo", productB, 1, 1550);
    const [charge] = (await entriesOf(world.b.id)).filter((e) => e.sourceId === orderId);
    // free: 5 % of 15.50 = 0.775 → 0.78.
    expect(charge).toMatchObject({ grossMinor: 1550, feeMinor: 78, netMinor: 1472, tier: "free" });
  });

  it("a partial refund writes a negative entry giving back the fee of the refunded part", async () => {
    const { orderId } = await paidOrder("inc-cy", productA, 2);
    const owner = world.a.members.owner.claims;
    const refund = (amount: string) =>
      runCommand(owner, world.a.id, { orderId, amount, reason: "damaged" }, refundOrderCommand);
    expect((await refund("10.00")).status).toBe("done");
    await runOrderTasks();
    expect((await refund("20.00")).status).toBe("done");
    await runOrderTasks();
    const mine = (await entriesOf(world.a.id)).filter((e) => e.orderId === orderId);
    expect(mine.map((e) => [e.kind, e.grossMinor, e.feeMinor, e.netMinor])).toEqual([
      ["charge", 3000, 90, 2910],
      ["refund", -1000, -30, -970],
      ["refund", -2000, -60, -1940],
    ]);
    // Refunded in full: the net is nothing, the fee all given back.
    expect(mine.reduce((sum, e) => sum + e.netMinor, 0)).toBe(0);
    const access = await getOrganisationAccessFor(owner, world.a.id);
    const detail = await getChargeDetail(access, orderId);
    expect(detail?.charge).toMatchObject({ status: "refunded", refundedMinor: 3000 });
    expect(detail?.refunds.map((r) => r.feeBackMinor)).toEqual([30, 60]);
    const refunds = await listRefunds(access, { status: "succeeded", from: null, to: null }, 1);
    expect(refunds.rows.filter((r) => r.orderId === orderId)).toHaveLength(2);
    expect(refunds.rows[0]?.by.kind).toBe("member");
    const refunded = await listCharges(
      access,
      { status: "refunded", from: null, to: null, q: detail!.charge.reference.slice(0, 4) },
      1,
    );
    expect(refunded.rows.map((r) => r.orderId)).toContain(orderId);
    const paidOnly = await listCharges(
      access,
      { status: "paid", from: null, to: null, q: null },
      1,
    );
    expect(paidOnly.rows.map((r) => r.orderId)).not.toContain(orderId);
  });

  it("entries no event wrote (a reconciled order, orders paid before the ledger) are caught up once", async () => {
    const { orderId } = await paidOrder("inc-catch", productA, 2);
    const owner = world.a.members.owner.claims;
    expect(
      (
        await runCommand(
          owner,
          world.a.id,
          { orderId, amount: "5.00", reason: "damaged" },
          refundOrderCommand,
        )
      ).status,
    ).toBe("done");
    await runOrderTasks();
    const shape = async () =>
      (await entriesOf(world.a.id))
        .filter((e) => e.orderId === orderId)
        .map((e) => [e.kind, e.grossMinor, e.feeMinor, e.netMinor]);
    const written = await shape();
    expect(written).toEqual([
      ["charge", 3000, 90, 2910],
      ["refund", -500, -15, -485],
    ]);
    // As if the events had never written them (the order confirmed by reconciliation).
    await runAsSystem(db(), "test: no entries", (tx) =>
      tx.delete(paymentBalanceEntries).where(eq(paymentBalanceEntries.orderId, orderId)),
    );
    expect(await shape()).toEqual([]);
    const caughtUp = await runAsSystem(db(), "test: catch up", (tx) =>
      recordMissingEntries(tx, { since: new Date(Date.now() - 3_600_000) }),
    );
    expect(caughtUp).toBe(2);
    expect(await shape()).toEqual(written);
    const again = await runAsSystem(db(), "test: catch up again", (tx) =>
      recordMissingEntries(tx, { since: null }),
    );
    expect(again).toBe(0);
    expect(await shape()).toEqual(written);
  });

  it("a late payment given back by itself writes nothing", async () => {
    const buyer = await shopper("inc-late");
    const { cartId } = await addToCart(buyer.claims, {
      productId: productA,
      option: [],
      quantity: 1,
    });
    const { orderId } = await placeOrder(buyer.claims, {
      cartId,
      name: "Late",
      email: "late@example.test",
      phone: null,
      delivery: "pickup",
      addressId: null,
      discountCode: null,
      expectedTotalMinor: 1500,
    });
    // The buyer's order ended (cancelled) before the payment came through.
    const { ensureOrderPayment } = await import("@/lib/orders/pay");
    const { payment } = await ensureOrderPayment(buyer.claims, orderId);
    await runAsSystem(db(), "test: cancelled meanwhile", (tx) =>
      tx.update(orders).set({ status: "cancelled" }).where(eq(orders.id, orderId)),
    );
    await getSandboxProvider()!.confirmPayment(payment!.id, SUCCESS);
    await runOrderTasks();
    const [order] = await runAsSystem(db(), "test", (tx) =>
      tx.select().from(orders).where(eq(orders.id, orderId)),
    );
    expect(order).toMatchObject({ paymentStatus: "refunded" });
    expect((await entriesOf(world.a.id)).filter((e) => e.orderId === orderId)).toHaveLength(0);
  });
});

describe("balance and payouts", () => {
  it("counts a charge pending until the hold passes, then available", async () => {
    await passHold(world.a.id, false);
    const before = await balance(world.a.id);
    // Refunds count at once (they are negative): only the charges wait for the hold.
    const charged = (await entriesOf(world.a.id)).filter((e) => e.kind === "charge");
    expect(before.pending).toBe(charged.reduce((sum, e) => sum + e.netMinor, 0));
    // The refunds so far: 30.00 in full (−29.10 net) and 5.00 caught up (−4.85 net).
    expect(before.available).toBe(-2910 - 485);
    await passHold(world.a.id, true);
    const after = await balance(world.a.id);
    expect(after.pending).toBe(0);
    expect(after.available).toBe(before.available + before.pending);
    const access = await getOrganisationAccessFor(world.a.members.owner.claims, world.a.id);
    const [overview] = await readOverview(access);
    expect(overview).toMatchObject({ currency: "EUR", available: after.available, pending: 0 });
    expect(overview!.allTime.net).toBe(
      overview!.allTime.gross + overview!.allTime.refunds - overview!.allTime.fees,
    );
  });

  it("a payout cannot exceed the available balance; two at once: one succeeds", async () => {
    await passHold(world.a.id, true);
    const { available } = await balance(world.a.id);
    const owner = world.a.members.owner.claims;
    const admin = world.a.members.admin.claims;
    const major = (minor: number) => (minor / 100).toFixed(2);
    const over = await runCommand(
      owner,
      world.a.id,
      { currency: "EUR", amount: major(available + 1) },
      requestPayoutCommand,
    );
    expect(over).toMatchObject({ status: "error", code: "payoutExceeds" });

    const racing = await Promise.all([
      runCommand(
        owner,
        world.a.id,
        { currency: "EUR", amount: major(available) },
        requestPayoutCommand,
      ),
      runCommand(
        admin,
        world.a.id,
        { currency: "EUR", amount: major(available) },
        requestPayoutCommand,
      ),
    ]);
    expect(racing.map((r) => r.status).sort()).toEqual(["done", "error"]);
    expect((await balance(world.a.id)).available).toBe(0);
    // Paid by the sandbox after the commit; then the next request finds nothing left.
    expect(await settlePayouts()).toBeGreaterThanOrEqual(1);
    const payouts = await runAsSystem(db(), "test", (tx) =>
      tx.select().from(paymentPayouts).where(eq(paymentPayouts.organisationId, world.a.id)),
    );
    expect(payouts.map((p) => [p.status, p.amountMinor])).toEqual([["paid", available]]);
    expect(
      await runCommand(
        owner,
        world.a.id,
        { currency: "EUR", amount: "0.01" },
        requestPayoutCommand,
      ),
    ).toMatchObject({ status: "error", code: "payoutExceeds" });
  });

  it("a viewer or a manager cannot request a payout; another organisation's owner neither", async () => {
    await passHold(world.b.id, true);
    const input = { currency: "EUR", amount: "1.00" };
    for (const claims of [world.b.members.viewer.claims, world.b.members.manager.claims]) {
      expect(await runCommand(claims, world.b.id, input, requestPayoutCommand)).toMatchObject({
        status: "error",
        code: "notFound",
      });
    }
    expect(
      await runCommand(world.a.members.owner.claims, world.b.id, input, requestPayoutCommand),
    ).toMatchObject({ status: "error", code: "notFound" });
    // Nor straight into the tables (RLS): a payout or a debit of someone else's.
    const foreign = world.a.members.owner;
    await expect(
      runAsUser(db(), foreign.claims, (tx) =>
        tx.insert(paymentPayouts).values({
          organisationId: world.b.id,
          currency: "EUR",
          amountMinor: 100,
          provider: "sandbox",
          requestedBy: foreign.userId,
        }),
      ),
    ).rejects.toThrow();
    const viewer = world.b.members.viewer;
    await expect(
      runAsUser(db(), viewer.claims, (tx) =>
        tx.insert(paymentPayouts).values({
          organisationId: world.b.id,
          currency: "EUR",
          amountMinor: 100,
          provider: "sandbox",
          requestedBy: viewer.userId,
        }),
      ),
    ).rejects.toThrow();
  });

  it("another organisation reads none of it; a member without payment.charge.read neither", async () => {
    const foreign = await runAsUser(db(), world.b.members.owner.claims, (tx) =>
      tx
        .select()
        .from(paymentBalanceEntries)
        .where(eq(paymentBalanceEntries.organisationId, world.a.id)),
    );
    expect(foreign).toHaveLength(0);
    const staff = await runAsUser(db(), world.a.members.staff.claims, (tx) =>
      tx.select().from(paymentBalanceEntries),
    );
    expect(staff).toHaveLength(0);
    const manager = await runAsUser(db(), world.a.members.manager.claims, (tx) =>
      tx.select().from(paymentBalanceEntries),
    );
    expect(manager.length).toBeGreaterThan(0);
    expect(manager.every((e) => e.organisationId === world.a.id)).toBe(true);
    // A signed-in owner cannot rewrite the ledger.
    await expect(
      runAsUser(db(), world.a.members.owner.claims, (tx) =>
        tx.update(paymentBalanceEntries).set({ feeMinor: 0 }),
      ),
    ).rejects.toThrow();
  });
});
