import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runCommand } from "@/lib/backoffice/doors";
import { addToCart } from "@/lib/cart/cart";
import { closeDb, getDb } from "@/lib/db/client";
import { runAsSystem, runAsUser } from "@/lib/db/run-context";
import { paySandboxOrder } from "@/lib/orders/pay";
import { placeOrder } from "@/lib/orders/place";
import { orderEvents, orderRefunds, orders } from "@/lib/orders/schema";
import { refundOrderCommand } from "@/lib/orders/seller-commands";
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
 * timeline entry, nothing else of the order.
 */
const db = () => getDb();
const SUCCESS = { number: "4242424242424242", expMonth: 12, expYear: 2040, cvc: "123" };

let world: OrganisationWorld;
const productId = randomUUID();
let refunder: TestMember;
let reader: TestMember;

async function member(label: string, permissions: Permission[]): Promise<TestMember> {
  const roleId = await createCustomRole(db(), world.a.id, `Role ${label}`, permissions);
  return addMember(db(), world.a.id, roleId, label);
}

/** A confirmed, paid order of `quantity` units at 15.00. */
async function paidOrder(label: string, quantity = 1) {
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
  await sellableProduct(
    world.a.id,
    productId,
    "published",
    [],
    [{ values: [], price: 1500, stock: 1000 }],
  );
  refunder = await member("refunder", ["payment.refund.write", "payment.charge.read"]);
  reader = await member("reader", ["payment.charge.read"]);
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
