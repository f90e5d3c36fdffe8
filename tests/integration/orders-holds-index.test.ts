import { randomUUID } from "node:crypto";
import { eq, sql, type SQL } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addToCart } from "@/lib/cart/cart";
import { heldByOthers } from "@/lib/cart/sellables";
import { closeDb, getDb } from "@/lib/db/client";
import { queryRows } from "@/lib/db/rows";
import { runAsSystem, runAsUser } from "@/lib/db/run-context";
import { cancelMyOrder } from "@/lib/orders/buyer";
import { holdsExcept, holdsQuery } from "@/lib/orders/holds";
import { paySandboxOrder } from "@/lib/orders/pay";
import { placeOrder } from "@/lib/orders/place";
import { orderLines, orders } from "@/lib/orders/schema";
import { runOrderUpkeep } from "@/lib/orders/upkeep";
import { enableCommerce } from "./support/commerce";
import { createOrganisationWorld, type OrganisationWorld } from "./support/organisations";
import { insertTestOrder, sellableProduct, shopper } from "./support/shop";

/**
 * The holds of pending orders (docs/orders.md): `order_lines.pending` follows its order's
 * status whoever changes it (migration 0037's triggers), and both holds queries (the system's
 * `holdsExcept`, the shoppers' `app.sellable_holds`) read the pending lines through the
 * partial index `order_lines_pending_holds_idx`.
 */
const db = () => getDb();
const SUCCESS = { number: "4242424242424242", expMonth: 12, expYear: 2040, cvc: "123" };

let world: OrganisationWorld;
const productId = randomUUID();
let variantId: string;

/** Placed from a fresh shopper's cart: a pending order holding `quantity` units. */
async function placed(label: string, quantity = 1) {
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
    expectedTotalMinor: 1500 * quantity,
  });
  return { buyer, orderId };
}

/** The order's status and its lines' `pending`. */
async function state(orderId: string) {
  return runAsSystem(db(), "test: pending", async (tx) => {
    const lines = await tx
      .select({ pending: orderLines.pending })
      .from(orderLines)
      .where(eq(orderLines.orderId, orderId));
    const [order] = await tx
      .select({ status: orders.status })
      .from(orders)
      .where(eq(orders.id, orderId));
    return { status: order?.status, pending: lines.map((line) => line.pending) };
  });
}

const passHold = (orderId: string) =>
  runAsSystem(db(), "test: hold passes", (tx) =>
    tx
      .update(orders)
      .set({ holdExpiresAt: sql`now() - interval '1 second'` })
      .where(eq(orders.id, orderId)),
  );

beforeAll(async () => {
  world = await createOrganisationWorld(db());
  await enableCommerce(db(), world.a.id);
  [variantId] = (await sellableProduct(
    world.a.id,
    productId,
    "published",
    [],
    [{ values: [], price: 1500, stock: 1000 }],
  )) as [string];
});

afterAll(async () => {
  await closeDb();
});

describe("order_lines.pending", () => {
  it("follows the order: placed, paid and confirmed, expired, cancelled", async () => {
    const { buyer: ana, orderId: paid } = await placed("pending-ana", 2);
    expect(await state(paid)).toEqual({ status: "pending", pending: [true] });
    expect(await paySandboxOrder(ana.claims, paid, SUCCESS)).toEqual({ outcome: "paid" });
    expect(await state(paid)).toEqual({ status: "confirmed", pending: [false] });

    const { orderId: lapsed } = await placed("pending-ben");
    await passHold(lapsed);
    await runOrderUpkeep();
    expect(await state(lapsed)).toEqual({ status: "expired", pending: [false] });

    const { buyer: cleo, orderId: dropped } = await placed("pending-cleo");
    expect(await state(dropped)).toEqual({ status: "pending", pending: [true] });
    await cancelMyOrder(cleo.claims, dropped);
    expect(await state(dropped)).toEqual({ status: "cancelled", pending: [false] });
  });

  it("is the database's: a line of an order that is not pending is never pending", async () => {
    const buyer = await shopper("pending-dora");
    const orderId = await runAsSystem(db(), "test: confirmed order", async (tx) => {
      const id = await insertTestOrder(tx, {
        organisationId: world.a.id,
        buyerUserId: buyer.userId,
      });
      await tx.insert(orderLines).values({
        orderId: id,
        organisationId: world.a.id,
        position: 0,
        sellableKind: "product_variant",
        sellableId: variantId,
        listingId: productId,
        title: "Forged",
        quantity: 1,
        unitPriceMinor: 0,
        totalMinor: 0,
        pending: true,
      });
      return id;
    });
    expect(await state(orderId)).toEqual({ status: "confirmed", pending: [false] });
  });

  it("counts a pending order's hold until it passes, for the system and for shoppers", async () => {
    const { orderId } = await placed("pending-eve", 3);
    const held = await runAsSystem(db(), "test: holds", (tx) =>
      holdsExcept(tx, "product_variant", [variantId], {}),
    );
    expect(held.get(variantId)).toBe(3);
    const other = await shopper("pending-finn");
    const seen = await runAsUser(db(), other.claims, (tx) =>
      heldByOthers(tx, "product_variant", [variantId]),
    );
    expect(seen.get(variantId)).toBe(3);
    await passHold(orderId);
    const after = await runAsSystem(db(), "test: holds", (tx) =>
      holdsExcept(tx, "product_variant", [variantId], {}),
    );
    expect(after.get(variantId)).toBeUndefined();
  });
});

describe("the holds queries' plan", () => {
  it("reads the pending lines through order_lines_pending_holds_idx", async () => {
    type Plans = { system: string; shoppers: string };
    const plans = await runAsSystem(db(), "test: explain", async (tx) => {
      // Many lines sold long ago, a tenth of them of this unit, and a pending order's few:
      // a shop's table as it grows.
      const buyer = await shopper("pending-plan");
      const sold = await insertTestOrder(tx, {
        organisationId: world.a.id,
        buyerUserId: buyer.userId,
      });
      await tx.execute(sql`insert into order_lines (order_id, organisation_id, position,
          sellable_kind, sellable_id, listing_id, title, quantity, unit_price_minor, total_minor)
        select ${sold}, ${world.a.id}, n, 'product_variant',
          case when n % 10 = 0 then ${variantId}::uuid else gen_random_uuid() end,
          ${productId}, 'Sold', 1, 1500, 1500
        from generate_series(1, 5000) n`);
      await tx.execute(sql`analyze order_lines`);
      // Deterministic: with sequential scans off, the planner chooses between the indexes.
      await tx.execute(sql`set local enable_seqscan = off`);
      const explain = async (query: SQL) =>
        JSON.stringify(await queryRows(tx, sql`explain (format json) ${query}`));
      const system = await explain(holdsQuery("product_variant", [variantId], {}));
      // The shoppers' function (security definer: never inlined) is planned from its own text.
      const [source] = await queryRows<{ body: string }>(
        tx,
        sql`select prosrc as body from pg_proc
          where oid = 'app.sellable_holds(text, uuid[])'::regprocedure`,
      );
      const body = source!.body
        .replaceAll("p_kind", "'product_variant'")
        .replaceAll("p_ids", `'{${variantId}}'::uuid[]`);
      const shoppers = await explain(sql.raw(body));
      // Roll the rows back: nothing of this test stays.
      throw Object.assign(new Error("rollback"), { plans: { system, shoppers } });
    }).catch((error: { plans?: Plans }) => {
      if (!error.plans) throw error;
      return error.plans;
    });
    for (const plan of [plans.system, plans.shoppers]) {
      expect(plan).toContain("order_lines_pending_holds_idx");
      expect(plan).not.toContain("order_lines_sellable_idx");
    }
  });
});
