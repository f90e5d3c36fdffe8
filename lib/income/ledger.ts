import "server-only";
import { and, eq, sql } from "drizzle-orm";
import { queryRows } from "@/lib/db/rows";
import { statement } from "@/lib/db/statement";
import type { Tx } from "@/lib/db/types";
import { isModuleTier, sellingFeeBasisPoints, type ModuleTier } from "@/lib/modules/catalogue";
import { organisationModules } from "@/lib/organisations/schema";
import { orderRefunds, orders } from "@/lib/orders/schema";
import { registerPaymentEventHandler } from "@/lib/payments/event-handlers";
import type { Refund } from "@/lib/payments/provider";
import { feeBack, feeOf, HOLD_DAYS } from "./fees";
import { paymentBalanceEntries } from "./schema";

/**
 * The ledger's entries for payment events (docs/income.md), each in the event's own
 * transaction and after the orders' handlers (lib/payments/handlers.ts lists this module after
 * lib/orders), so the order is already confirmed and the refund already succeeded. Each
 * entry is unique on its source: a second delivery, or a second event about the same
 * payment, writes nothing.
 */

/** The organisation's commerce tier now (free when the module is off). */
const commerceModule = statement<{ organisationId: string }, { tier: string; enabled: boolean }[]>(
  "income: commerce tier",
  (db) =>
    db
      .select({ tier: organisationModules.tier, enabled: organisationModules.enabled })
      .from(organisationModules)
      .where(
        and(
          eq(organisationModules.organisationId, sql.placeholder("organisationId")),
          eq(organisationModules.module, "commerce"),
        ),
      ),
);

export async function commerceTier(tx: Tx, organisationId: string): Promise<ModuleTier> {
  const [row] = await commerceModule(tx, { organisationId });
  return row?.enabled && isModuleTier(row.tier) ? row.tier : "free";
}

/**
 * A paid, confirmed order's charge: gross = what was paid, fee by the commerce tier, available
 * after the hold. An order that ended without being confirmed (a late payment given back,
 * a cancelled order) earns nothing and writes nothing.
 */
const chargedOrder = statement<
  { orderId: string },
  Pick<
    typeof orders.$inferSelect,
    "id" | "organisationId" | "paymentId" | "totalMinor" | "currency" | "confirmedAt" | "status"
  >[]
>("income: charged order", (db) =>
  db
    .select({
      id: orders.id,
      organisationId: orders.organisationId,
      paymentId: orders.paymentId,
      totalMinor: orders.totalMinor,
      currency: orders.currency,
      confirmedAt: orders.confirmedAt,
      status: orders.status,
    })
    .from(orders)
    .where(eq(orders.id, sql.placeholder("orderId"))),
);

const insertCharge = statement<
  Omit<typeof paymentBalanceEntries.$inferInsert, "id" | "kind" | "sourceId">,
  unknown
>("income: charge entry", (db) =>
  db
    .insert(paymentBalanceEntries)
    .values({
      organisationId: sql.placeholder("organisationId"),
      kind: "charge",
      sourceId: sql.placeholder("orderId"),
      orderId: sql.placeholder("orderId"),
      currency: sql.placeholder("currency"),
      grossMinor: sql.placeholder("grossMinor"),
      feeMinor: sql.placeholder("feeMinor"),
      netMinor: sql.placeholder("netMinor"),
      feeBasisPoints: sql.placeholder("feeBasisPoints"),
      tier: sql.placeholder("tier"),
      availableOn: sql.placeholder("availableOn"),
    })
    .onConflictDoNothing({
      target: [paymentBalanceEntries.kind, paymentBalanceEntries.sourceId],
    }),
);

export async function recordCharge(tx: Tx, orderId: string, paymentId: string): Promise<void> {
  const [order] = await chargedOrder(tx, { orderId });
  if (!order || order.paymentId !== paymentId || order.totalMinor <= 0) return;
  if (order.confirmedAt === null || order.status === "expired") return;
  const tier = await commerceTier(tx, order.organisationId);
  const rate = sellingFeeBasisPoints[tier];
  const fee = feeOf(order.totalMinor, rate);
  await insertCharge(tx, {
    organisationId: order.organisationId,
    orderId: order.id,
    currency: order.currency,
    grossMinor: order.totalMinor,
    feeMinor: fee,
    netMinor: order.totalMinor - fee,
    feeBasisPoints: rate,
    tier,
    availableOn: new Date(order.confirmedAt.getTime() + HOLD_DAYS * 86_400_000),
  });
}

/**
 * A succeeded refund of a charged order: a negative entry, with the fee on the refunded part
 * given back (counted on the running total, lib/income/fees.ts). A refund of an order that
 * was never charged (the late payment given back whole) writes nothing.
 */
export async function recordRefund(tx: Tx, refundId: string): Promise<void> {
  const [refund] = await tx.select().from(orderRefunds).where(eq(orderRefunds.id, refundId));
  if (!refund || refund.status !== "succeeded") return;
  // The charge row locked: two refunds of one order settle one after the other.
  const [charge] = await tx
    .select()
    .from(paymentBalanceEntries)
    .where(
      and(
        eq(paymentBalanceEntries.kind, "charge"),
        eq(paymentBalanceEntries.sourceId, refund.orderId),
      ),
    )
    .for("update");
  if (!charge) return;
  const [before] = await tx
    .select({
      refunded: sql<string>`coalesce(-sum(${paymentBalanceEntries.grossMinor}), 0)`,
      feeBack: sql<string>`coalesce(-sum(${paymentBalanceEntries.feeMinor}), 0)`,
    })
    .from(paymentBalanceEntries)
    .where(
      and(
        eq(paymentBalanceEntries.kind, "refund"),
        eq(paymentBalanceEntries.orderId, refund.orderId),
      ),
    );
  const back = feeBack({
    grossMinor: charge.grossMinor,
    feeMinor: charge.feeMinor,
    refundedBefore: Number(before?.refunded ?? 0),
    feeBackBefore: Number(before?.feeBack ?? 0),
    amountMinor: refund.amountMinor,
  });
  await tx
    .insert(paymentBalanceEntries)
    .values({
      organisationId: charge.organisationId,
      kind: "refund",
      sourceId: refund.id,
      orderId: refund.orderId,
      currency: charge.currency,
      grossMinor: -refund.amountMinor,
      feeMinor: -back,
      netMinor: -(refund.amountMinor - back),
      feeBasisPoints: charge.feeBasisPoints,
    })
    .onConflictDoNothing({
      target: [paymentBalanceEntries.kind, paymentBalanceEntries.sourceId],
    });
}

/**
 * Writes the entries that no payment event wrote: orders confirmed without one (the orders'
 * upkeep reconciles a payment whose event was lost and confirms it directly), and everything
 * paid before the ledger existed. Charges first, then the refunds of charged orders; each by
 * the same functions as the events, so a later event finds its entry and writes nothing.
 * `since` limits the search to orders confirmed (refunds made) after it: the minute upkeep
 * looks two days back, a server start at everything. Answers how many entries it wrote.
 */
export async function recordMissingEntries(
  tx: Tx,
  { since, limit = 200 }: { since: Date | null; limit?: number },
): Promise<number> {
  const after = since ? sql`and o.confirmed_at > ${since.toISOString()}::timestamptz` : sql``;
  const charges = await queryRows<{ id: string; payment_id: string }>(
    tx,
    sql`select o.id, o.payment_id from orders o
        where o.confirmed_at is not null and o.status <> 'expired' and o.total_minor > 0
          and o.payment_id is not null ${after}
          and not exists (select 1 from payment_balance_entries e
                          where e.kind = 'charge' and e.source_id = o.id)
        order by o.confirmed_at limit ${limit}`,
  );
  for (const row of charges) await recordCharge(tx, row.id, row.payment_id);
  const refundsAfter = since ? sql`and r.created_at > ${since.toISOString()}::timestamptz` : sql``;
  const refunds = await queryRows<{ id: string }>(
    tx,
    sql`select r.id from order_refunds r
        where r.status = 'succeeded' ${refundsAfter}
          and exists (select 1 from payment_balance_entries c
                      where c.kind = 'charge' and c.source_id = r.order_id)
          and not exists (select 1 from payment_balance_entries e
                          where e.kind = 'refund' and e.source_id = r.id)
        order by r.created_at limit ${limit}`,
  );
  for (const row of refunds) await recordRefund(tx, row.id);
  return charges.length + refunds.length;
}

/** Our refund row of a provider refund: by our id in its metadata, else the provider's id. */
async function refundIdOf(tx: Tx, refund: Refund): Promise<string | null> {
  const ours = refund.metadata?.refundId;
  if (ours && /^[0-9a-f-]{36}$/i.test(ours)) return ours;
  const [row] = await tx
    .select({ id: orderRefunds.id })
    .from(orderRefunds)
    .where(eq(orderRefunds.providerRefundId, refund.id));
  return row?.id ?? null;
}

registerPaymentEventHandler("payment.succeeded", "income.charge", async (event, tx) => {
  if (event.data.kind !== "payment") return;
  const orderId = event.data.payment.metadata?.orderId;
  if (!orderId || !/^[0-9a-f-]{36}$/i.test(orderId)) return;
  await recordCharge(tx, orderId, event.data.payment.id);
});

registerPaymentEventHandler("refund.succeeded", "income.refund", async (event, tx) => {
  if (event.data.kind !== "refund") return;
  const refundId = await refundIdOf(tx, event.data.refund);
  if (refundId) await recordRefund(tx, refundId);
});
