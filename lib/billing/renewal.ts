import "server-only";
import { and, asc, eq, lte } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { withSystemContext } from "@/lib/db/context";
import { organisationModules } from "@/lib/organisations/schema";
import { getPaymentProvider } from "@/lib/payments/get-provider";
import { addMonth } from "./period";
import { payPendingCharge } from "./purchase";
import {
  billingCharges,
  billingCustomers,
  billingPaymentMethods,
  billingSubscriptions,
} from "./schema";
import { settleCharge } from "./settle";

export interface RenewalRun {
  /** Renewal charges asked of the provider (their events settle them). */
  charged: number;
  /** Renewals that could not be charged (no card): fell back to the free tier. */
  lapsed: number;
  /** Subscriptions whose module was switched off or to another tier: ended, not charged. */
  ended: number;
}

const BATCH = 100;

/**
 * Charges the default card of every active paid tier whose period ended by `now` (docs/
 * billing.md, "Renewal"). One renewal charge per subscription period (a unique index), its
 * idempotency key the charge's id: two instances running at once, or a run after a crash,
 * charge once. A success extends the period; a decline, or no card, falls back to the free
 * tier's limits (settleCharge) and keeps every row the organisation has.
 */
export async function renewDueModuleTiers(now: Date = new Date()): Promise<RenewalRun> {
  const provider = getPaymentProvider();
  const card = alias(billingPaymentMethods, "card");
  const due = await withSystemContext("billing: due renewals", (tx) =>
    tx
      .select({
        subscription: billingSubscriptions,
        moduleTier: organisationModules.tier,
        moduleEnabled: organisationModules.enabled,
        paymentMethodId: card.paymentMethodId,
        brand: card.brand,
        last4: card.last4,
        customerId: billingCustomers.customerId,
      })
      .from(billingSubscriptions)
      .leftJoin(
        organisationModules,
        and(
          eq(organisationModules.organisationId, billingSubscriptions.organisationId),
          eq(organisationModules.module, billingSubscriptions.module),
        ),
      )
      .leftJoin(
        card,
        and(
          eq(card.organisationId, billingSubscriptions.organisationId),
          eq(card.provider, provider.name),
          eq(card.isDefault, true),
        ),
      )
      .leftJoin(billingCustomers, eq(billingCustomers.id, card.billingCustomerId))
      .where(
        and(
          eq(billingSubscriptions.status, "active"),
          lte(billingSubscriptions.currentPeriodEnd, now),
        ),
      )
      .orderBy(asc(billingSubscriptions.currentPeriodEnd))
      .limit(BATCH),
  );
  const run: RenewalRun = { charged: 0, lapsed: 0, ended: 0 };
  for (const row of due) {
    const sub = row.subscription;
    if (!row.moduleEnabled || row.moduleTier !== sub.tier) {
      await withSystemContext("billing: end subscription", (tx) =>
        tx
          .update(billingSubscriptions)
          .set({ status: "ended", updatedAt: now })
          .where(
            and(eq(billingSubscriptions.id, sub.id), eq(billingSubscriptions.status, "active")),
          ),
      );
      run.ended += 1;
      continue;
    }
    const charge = await withSystemContext("billing: renewal charge", async (tx) => {
      await tx
        .insert(billingCharges)
        .values({
          organisationId: sub.organisationId,
          kind: "renewal",
          module: sub.module,
          tier: sub.tier,
          amountMinor: sub.priceMinor,
          currency: sub.currency,
          provider: provider.name,
          paymentMethodId: row.paymentMethodId,
          cardBrand: row.brand,
          cardLast4: row.last4,
          periodStart: sub.currentPeriodEnd,
          periodEnd: addMonth(sub.currentPeriodEnd),
        })
        .onConflictDoNothing();
      const [found] = await tx
        .select()
        .from(billingCharges)
        .where(
          and(
            eq(billingCharges.organisationId, sub.organisationId),
            eq(billingCharges.module, sub.module),
            eq(billingCharges.kind, "renewal"),
            eq(billingCharges.periodStart, sub.currentPeriodEnd),
          ),
        );
      if (found?.status === "pending" && (!found.paymentMethodId || !row.customerId)) {
        await settleCharge(tx, found.id, {
          succeeded: false,
          paymentId: null,
          failureCode: "no_payment_method",
        });
        run.lapsed += 1;
        return null;
      }
      return found?.status === "pending" ? found : null;
    });
    if (!charge || !row.customerId) continue;
    try {
      await payPendingCharge(
        {
          chargeId: charge.id,
          amountMinor: charge.amountMinor,
          currency: charge.currency,
          customerId: row.customerId,
          paymentMethodId: charge.paymentMethodId!,
        },
        `Live Market ${sub.module} ${sub.tier} renewal`,
      );
      run.charged += 1;
    } catch (error) {
      // Left pending: the next run asks again with the same idempotency key.
      console.error("billing: renewal charge not made", { chargeId: charge.id, error });
    }
  }
  return run;
}
