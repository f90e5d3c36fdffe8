import "server-only";
import { and, eq } from "drizzle-orm";
import { recordAudit } from "@/lib/audit/record";
import type { Tx } from "@/lib/db/types";
import { organisationModules } from "@/lib/organisations/schema";
import { billingCharges, billingSubscriptions } from "./schema";

type ChargeRow = typeof billingCharges.$inferSelect;

export interface ChargeOutcome {
  succeeded: boolean;
  paymentId: string | null;
  failureCode: string | null;
  /** The payment's amount and currency, checked against the charge's. */
  amountMinor?: number;
  currency?: string;
}

/**
 * Settles a pending platform charge, once (docs/billing.md): the charge row is locked and
 * only a pending one changes, so a second delivery, the callback or a racing renewal find it
 * settled and do nothing. A purchase or renewal that succeeded makes the tier active for the
 * charge's period and switches the module to it (limits read the module's tier, so they
 * apply at once); a failed renewal falls back to the free tier, keeping all data. Runs in the
 * caller's system transaction (the payment webhook's). Returns whether anything changed.
 */
export async function settleCharge(tx: Tx, chargeId: string, outcome: ChargeOutcome) {
  const [charge] = await tx
    .select()
    .from(billingCharges)
    .where(eq(billingCharges.id, chargeId))
    .for("update");
  if (!charge || charge.status !== "pending") return false;
  if (
    (outcome.amountMinor !== undefined && outcome.amountMinor !== charge.amountMinor) ||
    (outcome.currency !== undefined &&
      outcome.currency.toLowerCase() !== charge.currency.toLowerCase())
  ) {
    console.error("billing: a payment does not match its charge; left pending", { chargeId });
    return false;
  }
  const status = outcome.succeeded ? "succeeded" : "failed";
  await tx
    .update(billingCharges)
    .set({
      status,
      failureCode: outcome.succeeded ? null : (outcome.failureCode ?? "card_declined"),
      paymentId: outcome.paymentId ?? charge.paymentId,
      settledAt: new Date(),
    })
    .where(eq(billingCharges.id, charge.id));
  if (outcome.succeeded) await activateTier(tx, charge);
  else if (charge.kind === "renewal") await lapseTier(tx, charge);
  await recordAudit(tx, {
    organisationId: charge.organisationId,
    actorUserId: charge.createdBy,
    action: outcome.succeeded ? "billing.charge.succeed" : "billing.charge.fail",
    resourceType: "billingCharge",
    resourceId: charge.id,
    before: { status: "pending" },
    after: {
      status,
      kind: charge.kind,
      module: charge.module,
      tier: charge.tier,
      amountMinor: charge.amountMinor,
      currency: charge.currency,
      failureCode: outcome.succeeded ? null : outcome.failureCode,
    },
  });
  return true;
}

async function activateTier(tx: Tx, charge: ChargeRow): Promise<void> {
  const now = new Date();
  const period = {
    tier: charge.tier,
    status: "active",
    priceMinor: charge.amountMinor,
    currency: charge.currency,
    currentPeriodStart: charge.periodStart,
    currentPeriodEnd: charge.periodEnd,
    updatedAt: now,
  };
  await tx
    .insert(billingSubscriptions)
    .values({ organisationId: charge.organisationId, module: charge.module, ...period })
    .onConflictDoUpdate({
      target: [billingSubscriptions.organisationId, billingSubscriptions.module],
      set: period,
    });
  if (charge.kind === "renewal") return;
  await tx
    .insert(organisationModules)
    .values({
      organisationId: charge.organisationId,
      module: charge.module,
      tier: charge.tier,
      enabled: true,
    })
    .onConflictDoUpdate({
      target: [organisationModules.organisationId, organisationModules.module],
      set: { tier: charge.tier, enabled: true, enabledAt: now, updatedAt: now },
    });
}

async function lapseTier(tx: Tx, charge: ChargeRow): Promise<void> {
  await tx
    .update(billingSubscriptions)
    .set({ status: "lapsed", updatedAt: new Date() })
    .where(
      and(
        eq(billingSubscriptions.organisationId, charge.organisationId),
        eq(billingSubscriptions.module, charge.module),
        eq(billingSubscriptions.tier, charge.tier),
      ),
    );
  await tx
    .update(organisationModules)
    .set({ tier: "free", updatedAt: new Date() })
    .where(
      and(
        eq(organisationModules.organisationId, charge.organisationId),
        eq(organisationModules.module, charge.module),
        eq(organisationModules.tier, charge.tier),
      ),
    );
}
