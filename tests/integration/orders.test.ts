import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { runCommand } from "@/lib/backoffice/doors";
import { addToCart } from "@/lib/cart/cart";
import { carts } from "@/lib/cart/schema";
import { productVariants } from "@/lib/commerce/schema";
import { closeDb, getDb } from "@/lib/db/client";
import { runAsSystem, runAsUser } from "@/lib/db/run-context";
import { getSandboxProvider } from "@/lib/payments/get-provider";
import { paymentEvents, sandboxEvents } from "@/lib/payments/schema";
import { signWebhookPayload } from "@/lib/payments/signature";
import { receivePaymentWebhook } from "@/lib/payments/webhook";
import { sandboxWebhookSecret } from "@/lib/payments/get-provider";
import { cancelMyOrder } from "@/lib/orders/buyer";
import { paySandboxOrder } from "@/lib/orders/pay";
import { placeOrder } from "@/lib/orders/place";
import { getMyOrder, listMyOrders } from "@/lib/orders/queries";
import { orderEvents, orders, orderRefunds, orderTasks } from "@/lib/orders/schema";
import {
  cancelOrderCommand,
  fulfilOrderCommand,
  refundOrderCommand,
} from "@/lib/orders/seller-commands";
import { runOrderTasks } from "@/lib/orders/tasks";
import { runOrderUpkeep } from "@/lib/orders/upkeep";
import { createAddress } from "@/lib/addresses/addresses";
import { CODE_TRIES, loadCheckout } from "@/lib/orders/checkout-view";
import { deliveryRates, discountCodes, taxRates } from "@/lib/selling-terms/schema";
import { enableCommerce } from "./support/commerce";
import { createOrganisationWorld, type OrganisationWorld } from "./support/organisations";
import { code, sellableProduct, shopper } from "./support/shop";

/**
 * Orders (issue 12 §2–3): placing an order from a cart holds its stock, a payment confirms it
 * and takes the stock exactly once, a late payment whose units are gone is refunded by
 * itself, the same event twice has one effect, refunds never exceed the payment, and nobody
 * reads another's orders.
 */
const db = () => getDb();
const SUCCESS = { number: "4242424242424242", expMonth: 12, expYear: 2040, cvc: "123" };
const DECLINED = { ...SUCCESS, number: "4000000000000002" };
const CHALLENGE = { ...SUCCESS, number: "4000002500003155" };

let world: OrganisationWorld;
const productId = randomUUID();
let variantId: string;

async function stock(): Promise<number> {
  const [row] = await runAsSystem(db(), "test: stock", (tx) =>
    tx
      .select({ stock: productVariants.stock })
      .from(productVariants)
      .where(eq(productVariants.id, variantId)),
  );
  return Number(row?.stock);
}

/** Sets the stock, with every earlier test's holds on it passed (each test starts clean). */
async function setStock(value: number) {
  await runAsSystem(db(), "test: stock", async (tx) => {
    await tx.update(productVariants).set({ stock: value }).where(eq(productVariants.id, variantId));
    await tx
      .update(orders)
      .set({ holdExpiresAt: sql`least(${orders.holdExpiresAt}, now() - interval '1 second')` })
      .where(eq(orders.status, "pending"));
    await tx.execute(
      sql`update cart_lines set hold_expires_at = now() - interval '1 second' where hold_expires_at > now()`,
    );
  });
}

async function orderRow(orderId: string) {
  const [row] = await runAsSystem(db(), "test: order", (tx) =>
    tx.select().from(orders).where(eq(orders.id, orderId)),
  );
  return row!;
}

const checkout = (cartId: string, totalMinor: number) => ({
  cartId,
  name: "Ana Buyer",
  email: "ana@example.test",
  phone: null,
  delivery: "pickup" as const,
  addressId: null,
  discountCode: null,
  expectedTotalMinor: totalMinor,
});

/** A shopper with `quantity` units in a cart, and the order placed from it. */
async function placed(label: string, quantity = 1) {
  const buyer = await shopper(label);
  const { cartId } = await addToCart(buyer.claims, { productId, option: [], quantity });
  const { orderId } = await placeOrder(buyer.claims, checkout(cartId, 1500 * quantity));
  return { buyer, orderId };
}

beforeAll(async () => {
  world = await createOrganisationWorld(db());
  await enableCommerce(db(), world.a.id);
  await enableCommerce(db(), world.b.id);
  [variantId] = (await sellableProduct(
    world.a.id,
    productId,
    "published",
    [],
    [{ values: [], price: 1500, stock: 1000 }],
  )) as [string];
});

beforeEach(async () => {
  await setStock(1000);
});

afterAll(async () => {
  await closeDb();
});

describe("placing an order", () => {
  it("turns the cart into a pending order that holds the stock, and refuses a guest", async () => {
    const guest = await shopper("order-guest", true);
    const { cartId: guestCart } = await addToCart(guest.claims, {
      productId,
      option: [],
      quantity: 1,
    });
    expect(await code(placeOrder(guest.claims, checkout(guestCart, 1500)))).toBe("accountRequired");

    const before = await stock();
    const { buyer, orderId } = await placed("order-ana", 2);
    const order = await orderRow(orderId);
    expect(order).toMatchObject({
      status: "pending",
      paymentStatus: "unpaid",
      fulfilmentStatus: "unfulfilled",
      totalMinor: 3000,
      currency: "EUR",
    });
    expect(order.reference).toMatch(/^[2-9A-Z]{4}-[2-9A-Z]{4}$/);
    // The cart is gone; the stock is held, not taken.
    const left = await runAsUser(db(), buyer.claims, (tx) =>
      tx.select().from(carts).where(eq(carts.userId, buyer.userId)),
    );
    expect(left).toHaveLength(0);
    expect(await stock()).toBe(before);
  });

  it("refuses a total that moved since the page, and a cart that is not the caller's", async () => {
    const buyer = await shopper("order-moved");
    const other = await shopper("order-other");
    const { cartId } = await addToCart(buyer.claims, { productId, option: [], quantity: 1 });
    expect(await code(placeOrder(buyer.claims, checkout(cartId, 1400)))).toBe("priceChanged");
    expect(await code(placeOrder(other.claims, checkout(cartId, 1500)))).toBe("notFound");
    expect(await code(placeOrder(buyer.claims, checkout(cartId, 1500)))).toBe("done");
  });
});

describe("paying", () => {
  it("confirms the order on success and takes the stock once; the same event again changes nothing", async () => {
    const { buyer, orderId } = await placed("pay-ben", 3);
    const before = await stock();
    expect(await paySandboxOrder(buyer.claims, orderId, SUCCESS)).toEqual({ outcome: "paid" });
    const order = await orderRow(orderId);
    expect(order).toMatchObject({ status: "confirmed", paymentStatus: "paid" });
    expect(await stock()).toBe(before - 3);

    // Deliver the success event once more, correctly signed: one effect only.
    const [event] = await runAsSystem(db(), "test", (tx) =>
      tx.select().from(sandboxEvents)
        .where(sql`(${sandboxEvents.payload})::jsonb->'data'->'payment'->>'id' = ${order.paymentId}
          and ${sandboxEvents.type} = 'payment.succeeded'`),
    );
    const secret = await sandboxWebhookSecret();
    const again = await receivePaymentWebhook({
      db: db(),
      provider: getSandboxProvider()!,
      rawBody: event!.payload,
      signature: signWebhookPayload(event!.payload, secret),
    });
    expect(again.outcome).toBe("duplicate");
    expect(await stock()).toBe(before - 3);
    const timeline = await runAsUser(db(), buyer.claims, (tx) =>
      tx
        .select({ kind: orderEvents.kind })
        .from(orderEvents)
        .where(eq(orderEvents.orderId, orderId)),
    );
    expect(timeline.map((e) => e.kind)).toEqual(["placed", "payment_started", "paid", "confirmed"]);
    // The confirmation email is queued with the confirmation and sent after the commit.
    await runOrderTasks();
    const mailTasks = () =>
      runAsSystem(db(), "test", (tx) =>
        tx.select().from(orderTasks).where(eq(orderTasks.orderId, orderId)),
      ).then((rows) => rows.map((m) => [m.kind, m.payload.mail, m.doneAt !== null]));
    await expect.poll(mailTasks, { timeout: 5000 }).toEqual([["mail", "confirmed", true]]);
  });

  it("records a decline, lets the buyer pay again, and goes through a challenge", async () => {
    const { buyer, orderId } = await placed("pay-cleo");
    expect(await paySandboxOrder(buyer.claims, orderId, DECLINED)).toEqual({
      outcome: "failed",
      code: "card_declined",
    });
    expect((await orderRow(orderId)).paymentStatus).toBe("failed");
    const action = await paySandboxOrder(buyer.claims, orderId, CHALLENGE);
    expect(action.outcome).toBe("action");
    const intent = (await orderRow(orderId)).paymentId!;
    await getSandboxProvider()!.completeChallenge(intent, "approve");
    expect(await orderRow(orderId)).toMatchObject({ status: "confirmed", paymentStatus: "paid" });
  });

  it("refunds by itself a payment that succeeds after the hold passed and the units went", async () => {
    await setStock(1);
    const { buyer, orderId } = await placed("late-dora");
    await runAsSystem(db(), "test: hold passes", (tx) =>
      tx
        .update(orders)
        .set({ holdExpiresAt: sql`now() - interval '1 second'` })
        .where(eq(orders.id, orderId)),
    );
    // Someone else takes the last unit meanwhile.
    const { buyer: eve, orderId: eveOrder } = await placed("late-eve");
    await paySandboxOrder(eve.claims, eveOrder, SUCCESS);
    expect(await stock()).toBe(0);
    // Dora's payment still goes through at the provider (her page was open).
    const { payment } = await import("@/lib/orders/pay").then((m) =>
      runAsSystem(db(), "test: restore hold", (tx) =>
        tx
          .update(orders)
          .set({ holdExpiresAt: sql`now() + interval '1 minute'` })
          .where(eq(orders.id, orderId)),
      ).then(() => m.ensureOrderPayment(buyer.claims, orderId)),
    );
    await runAsSystem(db(), "test: hold passes again", (tx) =>
      tx
        .update(orders)
        .set({ holdExpiresAt: sql`now() - interval '1 second'` })
        .where(eq(orders.id, orderId)),
    );
    await getSandboxProvider()!.confirmPayment(payment!.id, SUCCESS);
    await runOrderTasks();
    const order = await orderRow(orderId);
    expect(order).toMatchObject({
      status: "expired",
      paymentStatus: "refunded",
      refundedMinor: 1500,
    });
    expect(await stock()).toBe(0);
  });
});

describe("stock lowered under a hold", () => {
  it("refunds at once a payment for units the seller took off the stock while the order held them", async () => {
    const { buyer, orderId } = await placed("lowered-fay", 3);
    // The seller lowers the stock under what the pending order holds (its hold still runs).
    await runAsSystem(db(), "test: stock lowered", (tx) =>
      tx.update(productVariants).set({ stock: 2 }).where(eq(productVariants.id, variantId)),
    );
    await paySandboxOrder(buyer.claims, orderId, SUCCESS);
    await runOrderTasks();
    expect(await orderRow(orderId)).toMatchObject({
      status: "expired",
      paymentStatus: "refunded",
      refundedMinor: 4500,
    });
    expect(await stock()).toBe(2);
  });
});

describe("refunds the provider refuses", () => {
  it("wait a growing pause and never hold back the refunds after them", async () => {
    const { buyer: gil, orderId: refused } = await placed("refused-gil");
    await paySandboxOrder(gil.claims, refused, SUCCESS);
    const { buyer: hal, orderId: owed } = await placed("owed-hal");
    await paySandboxOrder(hal.claims, owed, SUCCESS);
    // Three refunds the provider refuses (more than was paid), older than a good one.
    const stuck = await runAsSystem(db(), "test: refunds the provider refuses", (tx) =>
      tx
        .insert(orderRefunds)
        .values(
          [1, 2, 3].map((n) => ({
            orderId: refused,
            organisationId: world.a.id,
            amountMinor: 999_000 + n,
            reason: "other" as const,
            createdAt: sql`now() - interval '1 hour'`,
            sendAfter: sql`now() - interval '1 hour'`,
          })),
        )
        .returning({ id: orderRefunds.id }),
    );
    const [good] = await runAsSystem(db(), "test: a refund owed", (tx) =>
      tx
        .insert(orderRefunds)
        .values({ orderId: owed, organisationId: world.a.id, amountMinor: 500, reason: "other" })
        .returning({ id: orderRefunds.id }),
    );
    const refundRow = async (id: string) =>
      (
        await runAsSystem(db(), "test: refund", (tx) =>
          tx.select().from(orderRefunds).where(eq(orderRefunds.id, id)),
        )
      )[0]!;
    try {
      // Two at a time: the first run takes two refused ones, the second reaches the good one.
      await runOrderTasks(2);
      await runOrderTasks(2);
      expect(await refundRow(good!.id)).toMatchObject({ status: "succeeded" });
      const first = await refundRow(stuck[0]!.id);
      expect(first).toMatchObject({ status: "requested", sendAttempts: 1 });
      expect(first.sendError).toMatch(/exceeds/);
      expect(first.sendAfter.getTime()).toBeGreaterThan(Date.now() + 20_000);
      expect(await orderRow(owed)).toMatchObject({ refundedMinor: 500 });
      expect(await orderRow(refused)).toMatchObject({ refundedMinor: 0, paymentStatus: "paid" });
    } finally {
      await runAsSystem(db(), "test: refused refunds end", (tx) =>
        tx
          .update(orderRefunds)
          .set({ status: "failed" })
          .where(sql`${orderRefunds.id} in ${stuck.map((r) => r.id)}`),
      );
    }
  });
});

describe("holds and expiry", () => {
  it("a pending order's hold counts for others until it passes; upkeep then expires the order", async () => {
    await setStock(2);
    const { orderId } = await placed("hold-finn", 2);
    const gus = await shopper("hold-gus");
    expect(await code(addToCart(gus.claims, { productId, option: [], quantity: 1 }))).toBe(
      "outOfStock",
    );
    await runAsSystem(db(), "test: hold passes", (tx) =>
      tx
        .update(orders)
        .set({ holdExpiresAt: sql`now() - interval '1 second'` })
        .where(eq(orders.id, orderId)),
    );
    expect(await code(addToCart(gus.claims, { productId, option: [], quantity: 2 }))).toBe("done");
    const { expired } = await runOrderUpkeep();
    expect(expired).toBeGreaterThanOrEqual(1);
    expect((await orderRow(orderId)).status).toBe("expired");
  });

  it("sells the last units to exactly as many buyers as there are units", async () => {
    await setStock(10);
    const buyers = await Promise.all(Array.from({ length: 40 }, (_, i) => shopper(`race-${i}`)));
    // Everyone's cart was filled while stock lasted for them: fill carts directly (holds apart).
    const carted = await Promise.all(
      buyers.map(async (buyer) => {
        const [cart] = await runAsSystem(db(), "test: cart", (tx) =>
          tx
            .insert(carts)
            .values({ userId: buyer.userId, organisationId: world.a.id, currency: "EUR" })
            .returning(),
        );
        await runAsSystem(db(), "test: line", (tx) =>
          tx.execute(sql`insert into cart_lines (cart_id, organisation_id, user_id, sellable_kind, sellable_id, listing_id, title, quantity, unit_price_minor, currency)
            values (${cart!.id}, ${world.a.id}, ${buyer.userId}, 'product_variant', ${variantId}, ${productId}, 'x', 1, 1500, 'EUR')`),
        );
        return { buyer, cartId: cart!.id };
      }),
    );
    const results = await Promise.all(
      carted.map(({ buyer, cartId }) => code(placeOrder(buyer.claims, checkout(cartId, 1500)))),
    );
    expect(results.filter((r) => r === "done")).toHaveLength(10);
    expect(results.filter((r) => r !== "done").every((r) => r === "outOfStock")).toBe(true);
  });
});

describe("the seller's side and refunds", () => {
  it("fulfils step by step, refunds in part, never beyond the payment even when racing", async () => {
    const { buyer, orderId } = await placed("seller-hana", 2);
    await paySandboxOrder(buyer.claims, orderId, SUCCESS);
    const manager = world.a.members.owner.claims;
    const run = (config: Parameters<typeof runCommand>[3], input: Record<string, unknown>) =>
      runCommand(manager, world.a.id, { orderId, ...input }, config);
    expect((await run(fulfilOrderCommand, { step: "delivered" })).status).toBe("error");
    expect((await run(fulfilOrderCommand, { step: "preparing" })).status).toBe("done");
    expect((await run(fulfilOrderCommand, { step: "ready" })).status).toBe("done");

    const racing = await Promise.all([
      run(refundOrderCommand, { amount: "20.00", reason: "damaged" }),
      run(refundOrderCommand, { amount: "20.00", reason: "damaged" }),
    ]);
    expect(racing.map((r) => r.status).sort()).toEqual(["done", "error"]);
    expect((await run(refundOrderCommand, { amount: "10.01", reason: "other" })).status).toBe(
      "error",
    );
    await runOrderTasks();
    const order = await orderRow(orderId);
    expect(order).toMatchObject({ paymentStatus: "partially_refunded", refundedMinor: 2000 });
    const refunds = await runAsSystem(db(), "test", (tx) =>
      tx.select().from(orderRefunds).where(eq(orderRefunds.orderId, orderId)),
    );
    expect(refunds.map((r) => r.status)).toEqual(["succeeded"]);

    // Another organisation's owner sees nothing and changes nothing.
    const foreign = await runCommand(
      world.b.members.owner.claims,
      world.a.id,
      { orderId, step: "delivered" },
      fulfilOrderCommand,
    );
    expect(foreign).toMatchObject({ status: "error", code: "notFound" });
    const viaB = await runCommand(
      world.b.members.owner.claims,
      world.b.id,
      { orderId, step: "delivered" },
      fulfilOrderCommand,
    );
    expect(viaB).toMatchObject({ status: "error", code: "notFound" });
    expect((await run(fulfilOrderCommand, { step: "delivered" })).status).toBe("done");
    expect(await orderRow(orderId)).toMatchObject({
      status: "completed",
      fulfilmentStatus: "delivered",
    });
  });

  it("a member without the permission cannot refund or cancel; the buyer cancels in full", async () => {
    const { buyer, orderId } = await placed("cancel-ivo");
    await paySandboxOrder(buyer.claims, orderId, SUCCESS);
    const viewer = world.a.members.viewer.claims;
    expect(
      await runCommand(
        viewer,
        world.a.id,
        { orderId, amount: "1.00", reason: "other" },
        refundOrderCommand,
      ),
    ).toMatchObject({ status: "error", code: "notFound" });
    expect(await runCommand(viewer, world.a.id, { orderId }, cancelOrderCommand)).toMatchObject({
      status: "error",
      code: "notFound",
    });
    const paidStock = await stock();
    await cancelMyOrder(buyer.claims, orderId);
    expect(await orderRow(orderId)).toMatchObject({
      status: "cancelled",
      paymentStatus: "refunded",
    });
    // The unit never left the shop: it is back on stock.
    expect(await stock()).toBe(paidStock + 1);
  });

  it("the seller cancels a paid order being prepared: units back on stock, payment back", async () => {
    const { buyer, orderId } = await placed("cancel-lia", 2);
    await paySandboxOrder(buyer.claims, orderId, SUCCESS);
    const owner = world.a.members.owner.claims;
    const paidStock = await stock();
    expect(
      await runCommand(owner, world.a.id, { orderId, step: "preparing" }, fulfilOrderCommand),
    ).toMatchObject({ status: "done" });
    expect(await runCommand(owner, world.a.id, { orderId }, cancelOrderCommand)).toMatchObject({
      status: "done",
    });
    await runOrderTasks();
    expect(await orderRow(orderId)).toMatchObject({
      status: "cancelled",
      paymentStatus: "refunded",
      refundedMinor: 3000,
    });
    expect(await stock()).toBe(paidStock + 2);
    const kinds = await runAsUser(db(), buyer.claims, (tx) =>
      tx
        .select({ kind: orderEvents.kind, detail: orderEvents.detail })
        .from(orderEvents)
        .where(eq(orderEvents.orderId, orderId))
        .orderBy(orderEvents.at),
    );
    expect(kinds.slice(-3)).toEqual([
      { kind: "cancelled", detail: {} },
      { kind: "restocked", detail: { units: 2 } },
      { kind: "refunded", detail: { amountMinor: 3000 } },
    ]);
  });
});

describe("who reads orders", () => {
  it("the buyer reads their own; another shopper and another organisation read nothing", async () => {
    const { buyer, orderId } = await placed("read-jo");
    const stranger = await shopper("read-stranger");
    expect((await getMyOrder(buyer.claims, orderId))?.order.id).toBe(orderId);
    expect(await getMyOrder(stranger.claims, orderId)).toBeNull();
    expect((await listMyOrders(stranger.claims, { status: null, page: 1 })).total).toBe(0);
    const seenByB = await runAsUser(db(), world.b.members.owner.claims, (tx) =>
      tx.select().from(orders).where(eq(orders.id, orderId)),
    );
    expect(seenByB).toHaveLength(0);
    const seenByA = await runAsUser(db(), world.a.members.viewer.claims, (tx) =>
      tx.select().from(orders).where(eq(orders.id, orderId)),
    );
    expect(seenByA).toHaveLength(1);
    // Nobody but the system writes events of payment: a buyer cannot mark an order paid.
    const forged = await runAsUser(db(), buyer.claims, (tx) =>
      tx.update(orders).set({ paymentStatus: "paid" }).where(eq(orders.id, orderId)).returning(),
    );
    expect(forged).toHaveLength(0);
    const recorded = await runAsSystem(db(), "test", (tx) =>
      tx.select().from(paymentEvents).limit(1),
    );
    expect(recorded.length).toBeGreaterThan(0);
  });
});

describe("the shop's terms in the order, its invoice and credit note", () => {
  it("prices tax, delivery and a code as the page showed; invoices on payment; credits a refund", async () => {
    const mugId = randomUUID();
    await sellableProduct(
      world.b.id,
      mugId,
      "published",
      [],
      [{ values: [], price: 1210, stock: 50 }],
    );
    const [rate, code] = await runAsSystem(db(), "test: terms", async (tx) => {
      await tx
        .insert(taxRates)
        .values({ organisationId: world.b.id, taxClass: "standard", basisPoints: 2100 });
      const [delivery] = await tx
        .insert(deliveryRates)
        .values({ organisationId: world.b.id, name: "Courier", priceMinor: 500, currency: "EUR" })
        .returning();
      const [discount] = await tx
        .insert(discountCodes)
        .values({
          organisationId: world.b.id,
          code: "SAVE10",
          kind: "percent",
          basisPoints: 1000,
          currency: "EUR",
          usageLimit: 1,
        })
        .returning();
      return [delivery!, discount!];
    });
    const buyer = await shopper("terms-kim");
    const address = await createAddress(buyer.claims, {
      label: null,
      recipientName: "Kim",
      phone: null,
      line1: "Calle Mayor 1",
      line2: null,
      city: "Madrid",
      region: "Madrid",
      postalCode: "28013",
      country: "ES",
      isDefault: true,
    } as Parameters<typeof createAddress>[1]);
    const { cartId } = await addToCart(buyer.claims, { productId: mugId, option: [], quantity: 2 });
    const view = await loadCheckout(buyer.claims, cartId, { delivery: rate.id, code: "save10" });
    expect(view && !("problem" in view.priced)).toBe(true);
    const totals = (view!.priced as unknown as { totals: Record<string, number> }).totals;
    // 2 × 12.10 = 24.20, less 10 % = 21.78, plus 5.00 delivery; 21 % VAT inside.
    expect(totals).toMatchObject({
      subtotalMinor: 2420,
      discountMinor: 242,
      deliveryMinor: 500,
      totalMinor: 2678,
    });
    expect(totals.taxMinor).toBe(378 + 87);
    const { orderId } = await placeOrder(buyer.claims, {
      ...checkout(cartId, totals.totalMinor!),
      delivery: rate.id,
      addressId: address.id,
      discountCode: "SAVE10",
    });
    const order = await orderRow(orderId);
    expect(order).toMatchObject({
      totalMinor: 2678,
      discountCode: "SAVE10",
      delivery: { method: "delivery", name: "Courier" },
    });
    expect(order.shippingAddress).toMatchObject({ city: "Madrid", postalCode: "28013" });
    const [used] = await runAsSystem(db(), "test", (tx) =>
      tx
        .select({ n: discountCodes.usedCount })
        .from(discountCodes)
        .where(eq(discountCodes.id, code.id)),
    );
    expect(used!.n).toBe(1);

    await paySandboxOrder(buyer.claims, orderId, SUCCESS);
    const paid = await getMyOrder(buyer.claims, orderId);
    expect(paid!.invoices.map((d) => d.kind)).toEqual(["invoice"]);
    expect(paid!.invoices[0]!.number).toMatch(/^INV-\d{4}-0+1$/);
    expect(paid!.invoices[0]!.totalMinor).toBe(2678);

    const refunded = await runCommand(
      world.b.members.owner.claims,
      world.b.id,
      { orderId, amount: "5.00", reason: "damaged" },
      refundOrderCommand,
    );
    expect(refunded.status).toBe("done");
    await runOrderTasks();
    const after = await getMyOrder(buyer.claims, orderId);
    expect(after!.invoices.map((d) => [d.kind, d.totalMinor])).toEqual([
      ["invoice", 2678],
      ["credit_note", 500],
    ]);
  });

  it("stops pricing guessed codes after CODE_TRIES, with a clear refusal", async () => {
    const buyer = await shopper("code-guesser");
    const { cartId } = await addToCart(buyer.claims, { productId, option: [], quantity: 1 });
    for (let i = 0; i < CODE_TRIES; i++) {
      const view = await loadCheckout(buyer.claims, cartId, { code: `GUESS${i}` });
      expect(view?.priced).toEqual({ problem: "discountInvalid" });
    }
    const limited = await loadCheckout(buyer.claims, cartId, { code: "GUESS-NEXT" });
    expect(limited?.priced).toEqual({ problem: "rateLimited" });
    // Without a code the checkout still prices; another buyer is not affected.
    const plain = await loadCheckout(buyer.claims, cartId, {});
    expect(plain && "totals" in plain.priced).toBe(true);
  });

  it("gives a code's use back when the order expires unpaid", async () => {
    const [once] = await runAsSystem(db(), "test", (tx) =>
      tx
        .insert(discountCodes)
        .values({
          organisationId: world.a.id,
          code: "ONCE",
          kind: "percent",
          basisPoints: 500,
          currency: "EUR",
          usageLimit: 1,
        })
        .returning(),
    );
    const buyer = await shopper("code-lee");
    const { cartId } = await addToCart(buyer.claims, { productId, option: [], quantity: 1 });
    const { orderId } = await placeOrder(buyer.claims, {
      ...checkout(cartId, 1425),
      discountCode: "ONCE",
    });
    const other = await shopper("code-max");
    const { cartId: otherCart } = await addToCart(other.claims, {
      productId,
      option: [],
      quantity: 1,
    });
    expect(
      await code(placeOrder(other.claims, { ...checkout(otherCart, 1425), discountCode: "ONCE" })),
    ).toBe("discountInvalid");
    await runAsSystem(db(), "test: hold passes", (tx) =>
      tx
        .update(orders)
        .set({ holdExpiresAt: sql`now() - interval '1 second'` })
        .where(eq(orders.id, orderId)),
    );
    await runOrderUpkeep();
    const [row] = await runAsSystem(db(), "test", (tx) =>
      tx
        .select({ n: discountCodes.usedCount })
        .from(discountCodes)
        .where(eq(discountCodes.id, once!.id)),
    );
    expect(row!.n).toBe(0);
    expect(
      await code(placeOrder(other.claims, { ...checkout(otherCart, 1425), discountCode: "ONCE" })),
    ).toBe("done");
  });
});
