import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runCommand } from "@/lib/backoffice/doors";
import {
  getPaymentReceipt,
  listPaymentsMade,
  PAYMENTS_PAGE_SIZE,
} from "@/lib/billing/payments-made";
import { addToCart } from "@/lib/cart/cart";
import { closeDb, getDb } from "@/lib/db/client";
import { runAsSystem, runAsUser, type UserClaims } from "@/lib/db/run-context";
import { cancelMyOrder } from "@/lib/orders/buyer";
import { paySandboxOrder } from "@/lib/orders/pay";
import { placeOrder } from "@/lib/orders/place";
import { orders } from "@/lib/orders/schema";
import { cancelOrderCommand, refundOrderCommand } from "@/lib/orders/seller-commands";
import { runOrderTasks } from "@/lib/orders/tasks";
import { reviewedListingsOfOrder } from "@/lib/reviews/purchase-events";
import { listOrganisationReviews, writeReview } from "@/lib/reviews/reviews";
import { reviews } from "@/lib/reviews/schema";
import { enableCommerce } from "./support/commerce";
import { createOrganisationWorld, type OrganisationWorld } from "./support/organisations";
import { sellableProduct, shopper } from "./support/shop";

/**
 * The buyer's payments made and receipts (/profile/billing, /profile/billing/charge) and
 * "verified purchase" reviews (issue 12 §2–3): only paid orders, the buyer's own, with their
 * card, refunds and documents; a review is verified exactly while its author has a standing
 * paid order of the listing, and nobody can set the flag.
 */
const db = () => getDb();
const SUCCESS = { number: "4242424242424242", expMonth: 12, expYear: 2040, cvc: "123" };
const DECLINED = { ...SUCCESS, number: "4000000000000002" };

let world: OrganisationWorld;
const productId = randomUUID();
const otherProductId = randomUUID();

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

type Shopper = Awaited<ReturnType<typeof shopper>>;

async function place(buyer: Shopper, listing = productId, quantity = 1) {
  const { cartId } = await addToCart(buyer.claims, { productId: listing, option: [], quantity });
  const { orderId } = await placeOrder(buyer.claims, checkout(cartId, 1500 * quantity));
  return orderId;
}

async function paid(buyer: Shopper, listing = productId, quantity = 1) {
  const orderId = await place(buyer, listing, quantity);
  expect(await paySandboxOrder(buyer.claims, orderId, SUCCESS)).toEqual({ outcome: "paid" });
  return orderId;
}

async function verifiedOf(reviewId: string): Promise<boolean> {
  const [row] = await runAsSystem(db(), "test", (tx) =>
    tx.select({ verified: reviews.verified }).from(reviews).where(eq(reviews.id, reviewId)),
  );
  return row!.verified;
}

async function review(author: Shopper, listing = productId): Promise<string> {
  const state = await writeReview(author.claims, {
    listingId: listing,
    rating: "5",
    title: "Good",
    body: "Very good indeed.",
  });
  if (state.status !== "done") throw new Error(`review not written: ${JSON.stringify(state)}`);
  return state.data.id;
}

beforeAll(async () => {
  world = await createOrganisationWorld(db());
  await enableCommerce(db(), world.a.id);
  await sellableProduct(
    world.a.id,
    productId,
    "published",
    [],
    [{ values: [], price: 1500, stock: 1000 }],
  );
  await sellableProduct(
    world.a.id,
    otherProductId,
    "published",
    [],
    [{ values: [], price: 1500, stock: 1000 }],
  );
});

afterAll(async () => {
  await closeDb();
});

describe("payments made", () => {
  it("lists only the buyer's paid orders, newest payment first, paged on the server", async () => {
    const buyer = await shopper("made-ana");
    const stranger = await shopper("made-ben");
    const first = await paid(buyer);
    const second = await paid(buyer, otherProductId, 2);
    // Placed but never paid, and declined: not payments made.
    await place(buyer);
    const declined = await place(buyer);
    expect((await paySandboxOrder(buyer.claims, declined, DECLINED)).outcome).not.toBe("paid");
    await paid(stranger);

    const page = await listPaymentsMade(buyer.claims, 1);
    expect(page.total).toBe(2);
    expect(page.items.map((p) => p.orderId)).toEqual([second, first]);
    expect(page.items[0]).toMatchObject({
      totalMinor: 3000,
      refundedMinor: 0,
      currency: "EUR",
      paymentStatus: "paid",
      orderStatus: "confirmed",
      sellerName: expect.any(String),
    });
    expect(page.items[0]!.paidAt).toBeInstanceOf(Date);

    // More than a page: the second page holds the oldest two; a page past the end is the last.
    await runAsSystem(db(), "test: many paid orders", async (tx) => {
      const [template] = await tx.select().from(orders).where(eq(orders.id, first));
      const { id: _id, reference: _ref, paidAt: _paid, paymentId: _pid, ...rest } = template!;
      for (let i = 0; i < PAYMENTS_PAGE_SIZE; i += 1) {
        await tx.insert(orders).values({
          ...rest,
          reference: `T${String(i).padStart(3, "0")}-${randomUUID().slice(0, 4).toUpperCase()}`,
          paymentId: null,
          placedAt: sql`now() + interval '1 minute'`,
        });
      }
    });
    const one = await listPaymentsMade(buyer.claims, 1);
    const two = await listPaymentsMade(buyer.claims, 2);
    expect(one.total).toBe(PAYMENTS_PAGE_SIZE + 2);
    expect(one.pageCount).toBe(2);
    expect(one.items).toHaveLength(PAYMENTS_PAGE_SIZE);
    expect(two.items.map((p) => p.orderId)).toEqual([second, first]);
    expect((await listPaymentsMade(buyer.claims, 9)).page).toBe(2);
    // The stranger sees only their own.
    expect((await listPaymentsMade(stranger.claims, 1)).total).toBe(1);
  });

  it("gives one payment's receipt with its card, refunds and documents; another's is not found", async () => {
    const buyer = await shopper("receipt-cleo");
    const stranger = await shopper("receipt-dan");
    const orderId = await paid(buyer, productId, 2);
    const unpaid = await place(buyer);

    const receipt = await getPaymentReceipt(buyer.claims, orderId);
    expect(receipt).toMatchObject({
      orderId,
      totalMinor: 3000,
      cardBrand: "visa",
      cardLast4: "4242",
      refunds: [],
    });
    expect(receipt!.documents.map((d) => d.kind)).toEqual(["invoice"]);

    // A partial refund by the shop: on the receipt with its status, and a credit note.
    const refund = await runCommand(
      world.a.members.owner.claims,
      world.a.id,
      { orderId, amount: "10.00", reason: "damaged" },
      refundOrderCommand,
    );
    expect(refund.status).toBe("done");
    await runOrderTasks();
    const after = await getPaymentReceipt(buyer.claims, orderId);
    expect(after).toMatchObject({ refundedMinor: 1000, paymentStatus: "partially_refunded" });
    expect(after!.refunds.map((r) => [r.amountMinor, r.status])).toEqual([[1000, "succeeded"]]);
    expect(after!.documents.map((d) => d.kind)).toEqual(["invoice", "credit_note"]);

    // Not the buyer's, not paid, not an id: nothing.
    expect(await getPaymentReceipt(stranger.claims, orderId)).toBeNull();
    expect(await getPaymentReceipt(world.b.members.owner.claims, orderId)).toBeNull();
    expect(await getPaymentReceipt(buyer.claims, unpaid)).toBeNull();
    expect(await getPaymentReceipt(buyer.claims, "not-an-id")).toBeNull();
    // RLS alone hides the order from the stranger too (no buyer filter in the query).
    const seen = await runAsUser(db(), stranger.claims, (tx) =>
      tx.select({ id: orders.id }).from(orders).where(eq(orders.id, orderId)),
    );
    expect(seen).toEqual([]);
  });
});

describe("verified purchase", () => {
  it("is set for a buyer's review, not for a non-buyer's", async () => {
    const buyer = await shopper("verified-eve");
    const other = await shopper("verified-fay");
    await paid(buyer);
    expect(await verifiedOf(await review(buyer))).toBe(true);
    expect(await verifiedOf(await review(other))).toBe(false);
    // Bought another product of the shop: not this one.
    const third = await shopper("verified-gus");
    await paid(third, otherProductId);
    expect(await verifiedOf(await review(third))).toBe(false);
    expect(await verifiedOf(await review(third, otherProductId))).toBe(true);
  });

  it("a paid order names the listings its buyer reviewed (their cached pages expire)", async () => {
    const buyer = await shopper("verified-ida");
    await review(buyer);
    await review(buyer, otherProductId);
    const orderId = await paid(buyer);
    const named = (id: string) =>
      runAsSystem(db(), "test", (tx) => reviewedListingsOfOrder(tx, id));
    // Bought one product, reviewed both: only the bought one.
    expect(await named(orderId)).toEqual([productId]);
    // Another buyer's order of the same product: not this buyer's review.
    expect(await named(await paid(await shopper("verified-jon")))).toEqual([]);
    expect(await named(randomUUID())).toEqual([]);
  });

  it("becomes verified when a later order confirms, and stops when it is cancelled and refunded", async () => {
    const buyer = await shopper("verified-hal");
    const reviewId = await review(buyer);
    expect(await verifiedOf(reviewId)).toBe(false);
    const pending = await place(buyer);
    expect(await verifiedOf(reviewId)).toBe(false);
    expect(await paySandboxOrder(buyer.claims, pending, SUCCESS)).toEqual({ outcome: "paid" });
    expect(await verifiedOf(reviewId)).toBe(true);
    // The back office's list shows it, and filters on it.
    const owner = world.a.members.owner.claims;
    const list = await listOrganisationReviews(owner, world.a.id, {
      page: 1,
      size: 100,
      verified: true,
    });
    expect(list.rows.find((r) => r.id === reviewId)).toMatchObject({ verified: true });
    expect(list.rows.every((r) => r.verified)).toBe(true);
    // The buyer cancels (nothing shipped yet): refunded in full, no longer a purchase.
    await cancelMyOrder(buyer.claims, pending);
    await runOrderTasks();
    expect(await verifiedOf(reviewId)).toBe(false);
  });

  it("stays through a partial refund, and goes when the shop cancels (in the shop's own RLS context)", async () => {
    const buyer = await shopper("verified-lou");
    const orderId = await paid(buyer, productId, 2);
    const reviewId = await review(buyer);
    expect(await verifiedOf(reviewId)).toBe(true);
    const owner = world.a.members.owner.claims;
    const partial = await runCommand(
      owner,
      world.a.id,
      { orderId, amount: "5.00", reason: "damaged" },
      refundOrderCommand,
    );
    expect(partial.status).toBe("done");
    await runOrderTasks();
    expect(await verifiedOf(reviewId)).toBe(true);
    // A second, still standing purchase keeps it verified when the first one is cancelled.
    const again = await paid(buyer);
    expect((await runCommand(owner, world.a.id, { orderId }, cancelOrderCommand)).status).toBe(
      "done",
    );
    expect(await verifiedOf(reviewId)).toBe(true);
    expect(
      (await runCommand(owner, world.a.id, { orderId: again }, cancelOrderCommand)).status,
    ).toBe("done");
    expect(await verifiedOf(reviewId)).toBe(false);
    await runOrderTasks();
  });

  it("cannot be set or cleared by a user, the author or the shop", async () => {
    const buyer = await shopper("verified-ivy");
    const liar = await shopper("verified-jon");
    await paid(buyer);
    const honest = await review(buyer);
    const lying = await review(liar);
    const tryUpdate = (claims: UserClaims, id: string, verified: boolean) =>
      runAsUser(db(), claims, (tx) =>
        tx
          .update(reviews)
          .set({ verified })
          .where(eq(reviews.id, id))
          .returning({ id: reviews.id }),
      ).then(
        () => "done",
        (error: { code?: string; cause?: { code?: string } }) =>
          error.cause?.code ?? error.code ?? "error",
      );
    expect(await tryUpdate(liar.claims, lying, true)).toBe("42501");
    expect(await tryUpdate(buyer.claims, honest, false)).toBe("42501");
    expect(await tryUpdate(world.a.members.owner.claims, lying, true)).toBe("42501");
    // Inserting a review as verified is overruled by the database.
    const sneaky = await shopper("verified-kim");
    const [inserted] = await runAsUser(db(), sneaky.claims, (tx) =>
      tx
        .insert(reviews)
        .values({
          organisationId: world.a.id,
          listingId: productId,
          authorUserId: sneaky.userId,
          rating: 5,
          verified: true,
        })
        .returning({ id: reviews.id, verified: reviews.verified }),
    );
    expect(inserted).toMatchObject({ verified: false });
    expect(await verifiedOf(lying)).toBe(false);
    expect(await verifiedOf(honest)).toBe(true);
  });
});
