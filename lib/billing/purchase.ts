import "server-only";
import { and, eq, gt } from "drizzle-orm";
import { z } from "zod";
import type { CommandConfig } from "@/lib/backoffice/doors";
import { withSystemContext } from "@/lib/db/context";
import type { Tx } from "@/lib/db/types";
import { AppError } from "@/lib/errors/app-error";
import {
  isPaidTier,
  moduleLimits,
  moduleNames,
  moduleTiers,
  type ModuleName,
  type ModuleTier,
} from "@/lib/modules/catalogue";
import { getPaymentProvider } from "@/lib/payments/get-provider";
import type { Payment } from "@/lib/payments/provider";
import { getPublicKeyValues } from "@/lib/settings/key-values";
import { keyValues } from "@/lib/settings/schema";
import { ownedMethod } from "./methods";
import { addMonth } from "./period";
import { billingCharges, billingCustomers, billingSubscriptions } from "./schema";

/** The purchase form: the tier and the saved card to pay with. */
export const purchaseTierSchema = z.object({
  module: z.enum(moduleNames),
  tier: z.enum(moduleTiers),
  methodId: z.uuid(),
});

/** A charge written pending, ready to be paid at the provider. */
export interface PendingCharge {
  chargeId: string;
  amountMinor: number;
  currency: string;
  customerId: string;
  paymentMethodId: string;
  module: ModuleName;
  tier: ModuleTier;
}

/** The platform's currency (settings `default_currency`, EUR when unset). */
export async function platformCurrency(tx: Tx): Promise<string> {
  const [row] = await tx
    .select({ value: keyValues.value })
    .from(keyValues)
    .where(eq(keyValues.key, "default_currency"));
  return typeof row?.value === "string" && /^[A-Z]{3}$/.test(row.value) ? row.value : "EUR";
}

/** The tier's price and the platform currency: what the purchase page shows and charges. */
export function tierPrice(module: ModuleName, tier: ModuleTier): number {
  return moduleLimits[module][tier].monthlyPriceMinor;
}

/**
 * Step one of buying a paid tier (billing.account.write): checks the tier is paid and not
 * already active, the card is the organisation's, and writes the charge pending (audited).
 * Nothing changes the tier here: only the payment's success does (lib/billing/settle.ts).
 */
export const startTierPurchaseCommand: CommandConfig<typeof purchaseTierSchema, PendingCharge> = {
  permission: "billing.account.write",
  schema: purchaseTierSchema,
  async run({ tx, access, input, audit }) {
    if (!isPaidTier(input.module, input.tier)) {
      throw new AppError("moduleTierNotAvailable", "tier");
    }
    const organisationId = access.organisation.id;
    const now = new Date();
    const [active] = await tx
      .select({ id: billingSubscriptions.id })
      .from(billingSubscriptions)
      .where(
        and(
          eq(billingSubscriptions.organisationId, organisationId),
          eq(billingSubscriptions.module, input.module),
          eq(billingSubscriptions.tier, input.tier),
          eq(billingSubscriptions.status, "active"),
          gt(billingSubscriptions.currentPeriodEnd, now),
        ),
      );
    if (active && access.modules.get(input.module) === input.tier) {
      throw new AppError("tierAlreadyActive", "tier");
    }
    const method = await ownedMethod(tx, { kind: "organisation", organisationId }, input.methodId);
    if (!method) throw new AppError("notFound", "methodId");
    const [customer] = await tx
      .select({ customerId: billingCustomers.customerId })
      .from(billingCustomers)
      .where(eq(billingCustomers.id, method.billingCustomerId));
    if (!customer) throw new AppError("notFound", "methodId");
    const amountMinor = tierPrice(input.module, input.tier);
    const currency = await platformCurrency(tx);
    const [charge] = await tx
      .insert(billingCharges)
      .values({
        organisationId,
        kind: "purchase",
        module: input.module,
        tier: input.tier,
        amountMinor,
        currency,
        provider: method.provider,
        paymentMethodId: method.paymentMethodId,
        cardBrand: method.brand,
        cardLast4: method.last4,
        periodStart: now,
        periodEnd: addMonth(now),
        createdBy: access.userId,
      })
      .returning({ id: billingCharges.id });
    await audit({
      action: "billing.tier.purchase",
      resourceType: "billingCharge",
      resourceId: charge!.id,
      after: { module: input.module, tier: input.tier, amountMinor, currency, card: method.last4 },
    });
    return {
      chargeId: charge!.id,
      amountMinor,
      currency,
      customerId: customer.customerId,
      paymentMethodId: method.paymentMethodId,
      module: input.module,
      tier: input.tier,
    };
  },
};

/**
 * Step two, after step one's commit (no provider call inside a transaction): the off-session
 * charge of the saved card, its idempotency key the charge's id (a retry is the same payment).
 * The payment's webhook event settles the charge; the sandbox delivers it before answering.
 */
export async function payPendingCharge(
  pending: Pick<
    PendingCharge,
    "chargeId" | "amountMinor" | "currency" | "customerId" | "paymentMethodId"
  >,
  description: string,
): Promise<Payment> {
  const payment = await getPaymentProvider().chargeSavedMethod({
    amountMinor: pending.amountMinor,
    currency: pending.currency,
    customerId: pending.customerId,
    paymentMethodId: pending.paymentMethodId,
    idempotencyKey: `billing-charge:${pending.chargeId}`,
    metadata: { billingChargeId: pending.chargeId },
    description,
  });
  await withSystemContext("billing: charge payment id", (tx) =>
    tx
      .update(billingCharges)
      .set({ paymentId: payment.id })
      .where(eq(billingCharges.id, pending.chargeId)),
  );
  return payment;
}

/** A charge's state after paying (the action's redirect): status and failure code. */
export async function chargeState(
  chargeId: string,
): Promise<{ status: string; failureCode: string | null } | null> {
  const [row] = await withSystemContext("billing: charge state", (tx) =>
    tx
      .select({ status: billingCharges.status, failureCode: billingCharges.failureCode })
      .from(billingCharges)
      .where(eq(billingCharges.id, chargeId)),
  );
  return row ?? null;
}

/** The platform currency as pages show it (the public settings, cached a short while). */
export async function publicPlatformCurrency(): Promise<string> {
  const value = (await getPublicKeyValues()).default_currency;
  return typeof value === "string" && /^[A-Z]{3}$/.test(value) ? value : "EUR";
}
