import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { productVariants } from "@/lib/commerce/schema";
import { cancelMyOrder } from "@/lib/orders/buyer";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runCommand } from "@/lib/backoffice/doors";
import { addToCart } from "@/lib/cart/cart";
import { closeDb, getDb } from "@/lib/db/client";
import { runAsSystem, runAsUser } from "@/lib/db/run-context";
import { paySandboxOrder } from "@/lib/orders/pay";
import { placeOrder } from "@/lib/orders/place";
import { orderEvents, orderRefunds, orders } from "@/lib/orders/schema";
import {
  cancelOrderCommand,
  fulfilOrderCommand,
  refundOrderCommand,
} from "@/lib/orders/seller-commands";
import { runOrderTasks } from "@/lib/orders/tasks";
import type { Permission } from "@/lib/permissions/catalogue";
import { enableCommerce } from "./support/commerce";
import {
  addMember,
  createCustomRole,
  createOrganisationWorld,
  type OrganisationWorld,
  type TestMember,
} from "./support/organisations";
import { sellableProduct, shopper } from "./support/shop";

/**
 * Refunds from the back office (docs/income.md "Permissions", docs/orders.md): a custom role
 * holding payment.refund.write (and payment.charge.read, for the charge page) refunds without
 * any commerce.order.* permission; RLS lets it lock the order and write the refund's own
 * timeline entry, nothing else of the order. "Put the items back in stock" returns the units
 * an order took, in the refund's transaction, once per order, for members who may also edit
 * products.
 */
const db = () => getDb();
const SUCCESS = { number: "4242424242424242", expMonth: 12, expYear: 2040, cvc: "123" };

let world: OrganisationWorld;
const productId = randomUUID();
/** Sold without counting stock. */
const untrackedId = randomUUID();
let variantId: string;
let untrackedVariantId: string;
let refunder: TestMember;
let reader: TestMember;
/** Refunds and edits products: may put items back in stock. */
let restocker: TestMember;

async function stock(): Promise<number> {
  const [row] = await runAsSystem(db(), "test: stock", (tx) =>
    tx
      .select({ stock: productVariants.stock })
      .from(productVariants)
      .where(eq(productVariants.id, variantId)),
  );
  return Number(row?.stock);
}

async function member(label: string, permissions: Permission[]): Promise<TestMember> {
  const roleId = await createCustomRole(db(), world.a.id, `Role ${label}`, permissions);
  return addMember(db(), world.a.id, roleId, label);
}

/** A confirmed, paid order of `quantity` units at 15.00 (and `untracked` of 5.00). */
async function paidOrder(label: string, quantity = 1, untracked = 0) {
  const buyer = await shopper(label);
  let cartId = "";
  if (quantity > 0) {
    ({ cartId } = await addToCart(buyer.claims, { productId, option: [], quantity }));
  }
  if (untracked > 0) {
    ({ cartId } = await addToCart(buyer.claims, {
      productId: untrackedId,
      option: [],
      quantity: untracked,
    }));
  }
  const { orderId } = await placeOrder(buyer.claims, {
    cartId,
    name: `Buyer ${label}`,
    email: `${label}@example.test`,
    phone: null,
    delivery: "pickup",
    addressId: null,
    discountCode: null,
    expectedTotalMinor: 1500 * quantity + 500 * untracked,
  });
  expect(await paySandboxOrder(buyer.claims, orderId, SUCCESS)).toEqual({ outcome: "paid" });
  return { buyer, orderId };
}

const refund = (who: TestMember, input: Record<string, unknown>) =>
  runCommand(who.claims, world.a.id, { reason: "damaged", ...input }, refundOrderCommand);

async function orderRow(orderId: string) {
  const [row] = await runAsSystem(db(), "test: order", (tx) =>
    tx.select().from(orders).where(eq(orders.id, orderId)),
  );
  return row!;
}

const refundsOf = (orderId: string) =>
  runAsSystem(db(), "test: refunds", (tx) =>
    tx.select().from(orderRefunds).where(eq(orderRefunds.orderId, orderId)),
  );

const eventsOf = (orderId: string) =>
  runAsSystem(db(), "test: events", (tx) =>
    tx
      .select({
        kind: orderEvents.kind,
        actor: orderEvents.actorUserId,
        detail: orderEvents.detail,
      })
      .from(orderEvents)
      .where(eq(orderEvents.orderId, orderId))
      .orderBy(orderEvents.at),
  );

/** A statement run as the member: "done", or the database's refusal. */
async function attempt(who: TestMember, statement: Parameters<typeof runAsUser>[2]) {
  try {
    const rows = await runAsUser(db(), who.claims, statement);
    return Array.isArray(rows) ? rows.length : "done";
  } catch (error) {
    const cause = (error as { cause?: { code?: string } }).cause;
    return cause?.code ?? "failed";
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
    [{ values: [], price: 1500, stock: 1000 }],
  )) as [string];
  [untrackedVariantId] = (await sellableProduct(
    world.a.id,
    untrackedId,
    "published",
    [],
    [{ values: [], price: 500, stock: null }],
  )) as [string];
  refunder = await member("refunder", ["payment.refund.write", "payment.charge.read"]);
  reader = await member("reader", ["payment.charge.read"]);
  restocker = await member("restocker", [
    "payment.refund.write",
    "payment.charge.read",
    "commerce.product.write",
  ]);
});

afterAll(async () => {
  await closeDb();
});

describe("a custom role with payment.refund.write", () => {
  it("refunds an order without any commerce.order permission", async () => {
    const { orderId } = await paidOrder("custom-ana", 2);
    expect(await refund(refunder, { orderId, amount: "12.00", note: "Box dented" })).toEqual({
      status: "done",
      data: { orderId },
    });
    await runOrderTasks();
    expect(await orderRow(orderId)).toMatchObject({
      status: "confirmed",
      paymentStatus: "partially_refunded",
      refundedMinor: 1200,
    });
    expect(await refundsOf(orderId)).toMatchObject([
      { amountMinor: 1200, status: "succeeded", requestedBy: refunder.userId, note: "Box dented" },
    ]);
    expect((await eventsOf(orderId)).slice(-2)).toEqual([
      { kind: "refund_requested", actor: refunder.userId, detail: { amountMinor: 1200 } },
      { kind: "refunded", actor: null, detail: { amountMinor: 1200 } },
    ]);
    // Still never more than what is left.
    expect(await refund(refunder, { orderId, amount: "18.01" })).toMatchObject({
      status: "error",
      code: "refundExceeds",
    });
  });

  it("may lock the order but not change it, and writes no other timeline entry", async () => {
    const { orderId } = await paidOrder("custom-ben");
    const organisationId = world.a.id;
    const lock = (tx: Parameters<Parameters<typeof runAsUser>[2]>[0]) =>
      tx.select({ id: orders.id }).from(orders).where(eq(orders.id, orderId)).for("update");
    expect(await attempt(refunder, lock)).toBe(1);
    // 42501: the new row violates the policies (orders_lock_refund checks false).
    expect(
      await attempt(refunder, (tx) =>
        tx.update(orders).set({ status: "cancelled" }).where(eq(orders.id, orderId)),
      ),
    ).toBe("42501");
    for (const kind of ["cancelled", "refunded", "restocked"] as const) {
      expect(
        await attempt(refunder, (tx) =>
          tx.insert(orderEvents).values({
            orderId,
            organisationId,
            kind,
            actorUserId: refunder.userId,
          }),
        ),
      ).toBe("42501");
    }
    // Its refund entry names the member who refunds, nobody else.
    expect(
      await attempt(refunder, (tx) =>
        tx.insert(orderEvents).values({
          orderId,
          organisationId,
          kind: "refund_requested",
          actorUserId: reader.userId,
        }),
      ),
    ).toBe("42501");
    expect(await orderRow(orderId)).toMatchObject({ status: "confirmed", paymentStatus: "paid" });
  });

  it("without payment.refund.write a member who reads the charges refunds nothing", async () => {
    const { orderId } = await paidOrder("custom-cleo");
    expect(await refund(reader, { orderId, amount: "1.00" })).toMatchObject({
      status: "error",
      code: "notFound",
    });
    expect(
      await attempt(reader, (tx) =>
        tx.select({ id: orders.id }).from(orders).where(eq(orders.id, orderId)).for("update"),
      ),
    ).toBe(0);
    expect(
      await attempt(reader, (tx) =>
        tx.insert(orderEvents).values({
          orderId,
          organisationId: world.a.id,
          kind: "refund_requested",
          actorUserId: reader.userId,
        }),
      ),
    ).toBe("42501");
    expect(await refundsOf(orderId)).toEqual([]);
  });
});

describe("a refund that puts the items back in stock", () => {
  it("returns a delivered order's units with the refund, once per order", async () => {
    const { orderId } = await paidOrder("restock-dora", 3);
    const owner = world.a.members.owner.claims;
    for (const step of ["ready", "delivered"]) {
      expect(
        await runCommand(owner, world.a.id, { orderId, step }, fulfilOrderCommand),
      ).toMatchObject({ status: "done" });
    }
    expect((await orderRow(orderId)).status).toBe("completed");
    const before = await stock();
    // The goods came back: a member who refunds and edits products ticks the box.
    expect(await refund(restocker, { orderId, amount: "20.00", restock: "on" })).toMatchObject({
      status: "done",
    });
    expect(await stock()).toBe(before + 3);
    expect(await refundsOf(orderId)).toMatchObject([{ amountMinor: 2000, restock: true }]);
    expect((await eventsOf(orderId)).slice(-2)).toEqual([
      { kind: "refund_requested", actor: restocker.userId, detail: { amountMinor: 2000 } },
      { kind: "restocked", actor: restocker.userId, detail: { units: 3 } },
    ]);
    // A second time is refused and changes nothing; a refund without the box still goes.
    expect(await refund(restocker, { orderId, amount: "5.00", restock: "on" })).toEqual({
      status: "error",
      code: "restockUnavailable",
      field: "restock",
    });
    expect(await stock()).toBe(before + 3);
    expect(await refundsOf(orderId)).toHaveLength(1);
    expect(await refund(restocker, { orderId, amount: "5.00" })).toMatchObject({
      status: "done",
    });
    expect(await stock()).toBe(before + 3);
    // The database keeps it to one as well.
    const second = await runAsSystem(db(), "test: second restock", (tx) =>
      tx.insert(orderRefunds).values({
        orderId,
        organisationId: world.a.id,
        amountMinor: 100,
        reason: "other",
        restock: true,
      }),
    ).then(
      () => "inserted",
      (error: { cause?: { code?: string } }) => error.cause?.code,
    );
    expect(second).toBe("23505");
  });

  it("is refused, with nothing changed, to a member who may not edit products", async () => {
    const { orderId } = await paidOrder("restock-eve", 2);
    const before = await stock();
    const eventCount = (await eventsOf(orderId)).length;
    expect(await refund(refunder, { orderId, amount: "30.00", restock: "on" })).toEqual({
      status: "error",
      code: "restockForbidden",
      field: "restock",
    });
    expect(await stock()).toBe(before);
    expect(await refundsOf(orderId)).toEqual([]);
    expect(await eventsOf(orderId)).toHaveLength(eventCount);
    // Not by hand either: RLS refuses such a refund row.
    expect(
      await attempt(refunder, (tx) =>
        tx.insert(orderRefunds).values({
          orderId,
          organisationId: world.a.id,
          amountMinor: 100,
          reason: "other",
          requestedBy: refunder.userId,
          restock: true,
        }),
      ),
    ).toBe("42501");
  });

  it("returns only the stock-tracked lines, and nothing of an order with none", async () => {
    const { orderId } = await paidOrder("restock-finn", 2, 4);
    const before = await stock();
    expect(await refund(restocker, { orderId, amount: "1.00", restock: "on" })).toMatchObject({
      status: "done",
    });
    expect(await stock()).toBe(before + 2);
    expect((await eventsOf(orderId)).at(-1)).toMatchObject({
      kind: "restocked",
      detail: { units: 2 },
    });
    const [untracked] = await runAsSystem(db(), "test: untracked", (tx) =>
      tx
        .select({ stock: productVariants.stock })
        .from(productVariants)
        .where(eq(productVariants.id, untrackedVariantId)),
    );
    expect(untracked!.stock).toBeNull();

    const { orderId: none } = await paidOrder("restock-gus", 0, 2);
    expect(await refund(restocker, { orderId: none, amount: "1.00", restock: "on" })).toEqual({
      status: "error",
      code: "restockUnavailable",
      field: "restock",
    });
    expect(await refundsOf(none)).toEqual([]);
  });

  it("never returns the units twice with a cancellation, whichever comes first", async () => {
    // A refund put them back: cancelling the order later puts nothing back again.
    const { orderId } = await paidOrder("restock-hana", 2);
    const before = await stock();
    expect(await refund(restocker, { orderId, amount: "3.00", restock: "on" })).toMatchObject({
      status: "done",
    });
    expect(await stock()).toBe(before + 2);
    expect(
      await runCommand(world.a.members.owner.claims, world.a.id, { orderId }, cancelOrderCommand),
    ).toMatchObject({ status: "done" });
    expect(await stock()).toBe(before + 2);
    expect((await eventsOf(orderId)).slice(-1)).toMatchObject([{ kind: "cancelled" }]);

    // The buyer cancelled (units back), and the money could not go back: a refund of what is
    // left is allowed, putting the units back again is not.
    const { buyer, orderId: cancelled } = await paidOrder("restock-ivo", 1);
    const paidStock = await stock();
    await cancelMyOrder(buyer.claims, cancelled);
    expect(await stock()).toBe(paidStock + 1);
    await runAsSystem(db(), "test: refund failed", (tx) =>
      tx.update(orderRefunds).set({ status: "failed" }).where(eq(orderRefunds.orderId, cancelled)),
    );
    await runAsSystem(db(), "test: payment back to paid", (tx) =>
      tx
        .update(orders)
        .set({ paymentStatus: "paid", refundedMinor: 0 })
        .where(eq(orders.id, cancelled)),
    );
    expect(await refund(restocker, { orderId: cancelled, amount: "15.00", restock: "on" })).toEqual(
      { status: "error", code: "restockUnavailable", field: "restock" },
    );
    expect(await refund(restocker, { orderId: cancelled, amount: "15.00" })).toMatchObject({
      status: "done",
    });
    expect(await stock()).toBe(paidStock + 1);
  });
});
