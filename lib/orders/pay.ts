import "server-only";
import { and, eq, sql } from "drizzle-orm";
import { withSystemContext, withSystemStatement, type UserClaims } from "@/lib/db/context";
import { statement } from "@/lib/db/statement";
import { AppError } from "@/lib/errors/app-error";
import { getPaymentProvider, getSandboxProvider } from "@/lib/payments/get-provider";
import type { Payment } from "@/lib/payments/provider";
import type { CardInput } from "@/lib/payments/test-cards";
import { consumeRateLimit } from "@/lib/rate-limit/rate-limit";
import { confirmPaidOrder, recordEvents } from "./confirm";
import { orders } from "./schema";
import { runOrderTasks } from "./tasks";

type OrderRow = typeof orders.$inferSelect;

const buyersOrderRow = statement<{ orderId: string; buyer: string }, OrderRow[]>(
  "orders: buyer's order",
  (db) =>
    db
      .select()
      .from(orders)
      .where(
        and(
          eq(orders.id, sql.placeholder("orderId")),
          eq(orders.buyerUserId, sql.placeholder("buyer")),
        ),
      ),
);

/** The buyer's order, read as the system after matching the buyer. */
async function buyersOrder(claims: UserClaims, orderId: string): Promise<OrderRow> {
  const [order] = await withSystemStatement("orders: buyer's order", (db) =>
    buyersOrderRow(db, { orderId, buyer: claims.sub }),
  );
  if (!order) throw new AppError("notFound");
  return order;
}

/** Whether the buyer can (still) pay: pending, unpaid or failed, and its hold not passed. */
export function isPayable(
  order: Pick<OrderRow, "status" | "paymentStatus" | "holdExpiresAt">,
): boolean {
  return (
    order.status === "pending" &&
    (order.paymentStatus === "unpaid" || order.paymentStatus === "failed") &&
    order.holdExpiresAt.getTime() > Date.now()
  );
}

/**
 * The order's payment at the provider, created the first time (the idempotency key is the
 * order's: a retry after a crash finds the same payment) and remembered on the order. A free
 * order (total 0) is confirmed at once, without the provider.
 */
export async function ensureOrderPayment(
  claims: UserClaims,
  orderId: string,
): Promise<{ order: OrderRow; payment: Payment | null }> {
  const order = await buyersOrder(claims, orderId);
  if (!isPayable(order)) return { order, payment: null };
  if (order.totalMinor === 0) {
    await withSystemContext("orders: free order", async (tx) => {
      const [locked] = await tx.select().from(orders).where(eq(orders.id, order.id)).for("update");
      if (locked) await confirmPaidOrder(tx, locked, freePayment(locked));
    });
    return { order: await buyersOrder(claims, orderId), payment: null };
  }
  const provider = getPaymentProvider();
  const payment = order.paymentId
    ? await provider.getPayment(order.paymentId)
    : await provider.createPayment({
        amountMinor: order.totalMinor,
        currency: order.currency.toLowerCase(),
        idempotencyKey: `order:${order.id}`,
        metadata: { orderId: order.id, organisationId: order.organisationId },
        returnUrl: `/commerce/checkout/${order.id}`,
        description: `Order ${order.reference}`,
      });
  if (payment && !order.paymentId) {
    await withSystemContext("orders: payment started", async (tx) => {
      const changed = await tx
        .update(orders)
        .set({ paymentId: payment.id, paymentProvider: payment.provider })
        .where(and(eq(orders.id, order.id), sql`${orders.paymentId} is null`))
        .returning({ id: orders.id });
      if (changed.length > 0) await recordEvents(tx, order, [["payment_started", {}]]);
    });
  }
  return { order, payment };
}

function freePayment(order: OrderRow): Payment {
  return {
    id: `free:${order.id}`,
    provider: getPaymentProvider().name,
    status: "succeeded",
    amountMinor: 0,
    currency: order.currency.toLowerCase(),
    amountRefundedMinor: 0,
    failureCode: null,
    metadata: { orderId: order.id },
    clientSecret: null,
    nextActionUrl: null,
    customerId: null,
    paymentMethodId: null,
    createdAt: new Date(),
  };
}

export type SandboxPayResult =
  { outcome: "paid" } | { outcome: "action"; url: string } | { outcome: "failed"; code: string };

/**
 * Pays an order with the sandbox's card form: the card goes to the sandbox provider, whose
 * events (delivered in-process, through the signed webhook path) confirm the order before
 * this returns. A decline is an answer, not an error.
 */
export async function paySandboxOrder(
  claims: UserClaims,
  orderId: string,
  card: CardInput,
): Promise<SandboxPayResult> {
  const sandbox = getSandboxProvider();
  if (!sandbox) throw new AppError("notFound");
  const limit = await consumeRateLimit({ key: `pay:${claims.sub}`, limit: 20, windowSeconds: 60 });
  if (!limit.allowed) throw new AppError("rateLimited");
  const { order, payment } = await ensureOrderPayment(claims, orderId);
  if (!payment) {
    if (order.paymentStatus === "paid" || order.totalMinor === 0) return { outcome: "paid" };
    throw new AppError("orderNotPayable");
  }
  const result = await sandbox.confirmPayment(payment.id, card);
  void runOrderTasks().catch(() => undefined);
  if (result.status === "succeeded") return { outcome: "paid" };
  if (result.status === "requires_action" && result.nextActionUrl) {
    return { outcome: "action", url: result.nextActionUrl };
  }
  return { outcome: "failed", code: result.failureCode ?? "card_declined" };
}
