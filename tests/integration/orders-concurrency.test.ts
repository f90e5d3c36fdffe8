import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "@/lib/auth/schema";
import { cartLines, carts } from "@/lib/cart/schema";
import { productVariants } from "@/lib/commerce/schema";
import { closeDb, getDb } from "@/lib/db/client";
import { runAsSystem } from "@/lib/db/run-context";
import { resetEnvForTests } from "@/lib/env";
import { isAppError } from "@/lib/errors/app-error";
import { locales } from "@/lib/i18n/config";
import { invoices } from "@/lib/invoices/schema";
import { paySandboxOrder } from "@/lib/orders/pay";
import { placeOrder } from "@/lib/orders/place";
import { orders } from "@/lib/orders/schema";
import { paymentEvents } from "@/lib/payments/schema";
import { profiles } from "@/lib/profile/schema";
import { enableCommerce } from "./support/commerce";
import {
  claimsFor,
  createOrganisationWorld,
  type OrganisationWorld,
} from "./support/organisations";
import { sellableProduct } from "./support/shop";

/**
 * Issue 12 §5, concurrency: 500 buyers for the last 10 units of a variant, each with a cart
 * holding it, all placing at once through the real placeOrder on the app's own pool; and 20
 * orders paid at once through the sandbox's signed webhook path, whose invoices must be
 * numbered 1..20 without a gap.
 */
const db = () => getDb();
const SUCCESS = { number: "4242424242424242", expMonth: 12, expYear: 2040, cvc: "123" };
const PRICE = 1500;

let world: OrganisationWorld;

const checkout = (cartId: string) => ({
  cartId,
  name: "Race Buyer",
  email: "race@example.test",
  phone: null,
  delivery: "pickup" as const,
  addressId: null,
  discountCode: null,
  expectedTotalMinor: PRICE,
});

/**
 * `count` real users (auth user and profile), each with a cart of one unit of the variant,
 * written in a few statements: carts filled while stock lasted for each of them (their holds
 * passed since, as a crowd's would have while they filled in the checkout form).
 */
async function buyersWithCarts(
  organisationId: string,
  listingId: string,
  variantId: string,
  count: number,
  label: string,
) {
  const people = Array.from({ length: count }, (_, i) => {
    const userId = randomUUID();
    return {
      userId,
      email: `${label}-${i}-${userId.slice(0, 8)}@example.test`,
      cartId: randomUUID(),
    };
  });
  await runAsSystem(db(), "test: crowd", async (tx) => {
    const now = new Date();
    await tx.insert(users).values(
      people.map((p) => ({
        id: p.userId,
        aud: "authenticated",
        role: "authenticated",
        email: p.email,
        emailConfirmedAt: now,
        createdAt: now,
        updatedAt: now,
        rawAppMetaData: { provider: "email", providers: ["email"] },
        rawUserMetaData: {},
      })),
    );
    await tx.insert(profiles).values(people.map((p) => ({ id: p.userId, displayName: label })));
    await tx
      .insert(carts)
      .values(
        people.map((p) => ({ id: p.cartId, userId: p.userId, organisationId, currency: "EUR" })),
      );
    await tx.insert(cartLines).values(
      people.map((p) => ({
        cartId: p.cartId,
        organisationId,
        userId: p.userId,
        sellableKind: "product_variant" as const,
        sellableId: variantId,
        listingId,
        title: "Last units",
        quantity: 1,
        unitPriceMinor: PRICE,
        currency: "EUR",
        holdExpiresAt: sql`now() - interval '1 minute'`,
      })),
    );
  });
  return people.map((p) => ({ ...p, claims: claimsFor(p.userId, p.email) }));
}

async function stockOf(variantId: string): Promise<number> {
  const [row] = await runAsSystem(db(), "test: stock", (tx) =>
    tx
      .select({ stock: productVariants.stock })
      .from(productVariants)
      .where(eq(productVariants.id, variantId)),
  );
  return Number(row?.stock);
}

/** An outcome: the order placed, an AppError's code, or anything else (which fails the test). */
async function outcome(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
    return "done";
  } catch (error) {
    if (isAppError(error)) return error.code;
    return `unexpected: ${error instanceof Error ? error.message : String(error)}`;
  }
}

/** The buyer-facing text of an error code, in every locale (backoffice.errors). */
function errorText(locale: string, code: string): string | undefined {
  const file = path.join(process.cwd(), "messages", locale, "backoffice.json");
  const messages = JSON.parse(readFileSync(file, "utf8")) as { errors: Record<string, string> };
  return messages.errors[code];
}

beforeAll(async () => {
  // The app's pool (lib/db/client.ts), sized as a busy instance's: with the default 10 and
  // 10 units, the first wave alone could never oversell, locks or not.
  process.env.DATABASE_POOL_MAX = "20";
  resetEnvForTests();
  world = await createOrganisationWorld(db());
  await enableCommerce(db(), world.a.id);
  await enableCommerce(db(), world.b.id);
});

afterAll(async () => {
  await closeDb();
});

describe("500 buyers for the last 10 units", () => {
  it("makes exactly 10 orders, never oversells, and tells every other buyer it is out of stock", async () => {
    const listingId = randomUUID();
    const [variantId] = (await sellableProduct(
      world.a.id,
      listingId,
      "published",
      [],
      [{ values: [], price: PRICE, stock: 10 }],
    )) as [string];
    const crowd = await buyersWithCarts(world.a.id, listingId, variantId, 500, "crowd");

    const started = performance.now();
    const results = await Promise.all(
      crowd.map((buyer) => outcome(placeOrder(buyer.claims, checkout(buyer.cartId)))),
    );
    const seconds = (performance.now() - started) / 1000;
    console.info(`500 buyers placed at once in ${seconds.toFixed(1)} s`);

    const counts = new Map<string, number>();
    for (const r of results) counts.set(r, (counts.get(r) ?? 0) + 1);
    // Nothing but the two answers: no 500, no deadlock, no serialization failure.
    expect(Object.fromEntries(counts)).toEqual({ done: 10, outOfStock: 490 });
    for (const locale of locales) expect(errorText(locale, "outOfStock")).toBeTruthy();

    const placed = await runAsSystem(db(), "test: orders", (tx) =>
      tx
        .select({ id: orders.id, buyer: orders.buyerUserId, status: orders.status })
        .from(orders)
        .where(
          inArray(
            orders.buyerUserId,
            crowd.map((b) => b.userId),
          ),
        ),
    );
    expect(placed).toHaveLength(10);
    expect(placed.every((o) => o.status === "pending")).toBe(true);
    // Winners' carts became orders; every loser keeps their cart, untouched.
    const cartsLeft = await runAsSystem(db(), "test: carts", (tx) =>
      tx
        .select({ id: carts.id })
        .from(carts)
        .where(
          inArray(
            carts.id,
            crowd.map((b) => b.cartId),
          ),
        ),
    );
    expect(cartsLeft).toHaveLength(490);
    expect(await stockOf(variantId)).toBe(10);

    // The ten pay at once: stock reaches 0, never below; a loser trying again is still refused.
    const winners = crowd.filter((b) => placed.some((o) => o.buyer === b.userId));
    const paid = await Promise.all(
      winners.map((buyer) =>
        paySandboxOrder(buyer.claims, placed.find((o) => o.buyer === buyer.userId)!.id, SUCCESS),
      ),
    );
    expect(paid.every((p) => p.outcome === "paid")).toBe(true);
    expect(await stockOf(variantId)).toBe(0);
    const loser = crowd.find((b) => !winners.includes(b))!;
    expect(await outcome(placeOrder(loser.claims, checkout(loser.cartId)))).toBe("outOfStock");
    expect(await stockOf(variantId)).toBe(0);
    expect(seconds).toBeLessThan(60);
  }, 120_000);
});

describe("concurrent payments", () => {
  it("number the invoices of 20 orders paid at once through the webhook path 1..20, no gap, none twice", async () => {
    // Organisation B's series is fresh: this is its first year of invoices.
    const listingId = randomUUID();
    const [variantId] = (await sellableProduct(
      world.b.id,
      listingId,
      "published",
      [],
      [{ values: [], price: PRICE, stock: 100 }],
    )) as [string];
    const buyers = await buyersWithCarts(world.b.id, listingId, variantId, 20, "payer");
    const placed = await Promise.all(
      buyers.map(async (buyer) => ({
        buyer,
        ...(await placeOrder(buyer.claims, checkout(buyer.cartId))),
      })),
    );
    const results = await Promise.all(
      placed.map(({ buyer, orderId }) => paySandboxOrder(buyer.claims, orderId, SUCCESS)),
    );
    expect(results.every((r) => r.outcome === "paid")).toBe(true);

    const issued = await runAsSystem(db(), "test: invoices", (tx) =>
      tx
        .select({ orderId: invoices.orderId, sequence: invoices.sequence, number: invoices.number })
        .from(invoices)
        .where(and(eq(invoices.organisationId, world.b.id), eq(invoices.kind, "invoice")))
        .orderBy(asc(invoices.sequence)),
    );
    expect(issued.map((i) => i.sequence)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    expect(new Set(issued.map((i) => i.orderId))).toEqual(new Set(placed.map((p) => p.orderId)));
    expect(new Set(issued.map((i) => i.number)).size).toBe(20);

    const confirmed = await runAsSystem(db(), "test: orders", (tx) =>
      tx
        .select({ status: orders.status, paymentId: orders.paymentId })
        .from(orders)
        .where(
          inArray(
            orders.id,
            placed.map((p) => p.orderId),
          ),
        ),
    );
    expect(confirmed.every((o) => o.status === "confirmed")).toBe(true);
    // Each payment's success was recorded once, however many deliverers raced over it.
    const succeeded = await runAsSystem(db(), "test: events", (tx) =>
      tx
        .select({ objectId: paymentEvents.objectId })
        .from(paymentEvents)
        .where(
          and(
            eq(paymentEvents.type, "payment.succeeded"),
            inArray(
              paymentEvents.objectId,
              confirmed.map((o) => o.paymentId!),
            ),
          ),
        ),
    );
    expect(succeeded).toHaveLength(20);
    expect(await stockOf(variantId)).toBe(80);
  }, 60_000);
});
