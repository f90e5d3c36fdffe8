import { and, eq } from "drizzle-orm";
import { billingCharges, billingPaymentMethods, billingSubscriptions } from "@/lib/billing/schema";
import { runAsSystem } from "@/lib/db/run-context";
import type { Db } from "@/lib/db/types";
import { organisationModules } from "@/lib/organisations/schema";

/** Test cards (lib/payments/test-cards.ts) as the sandbox's card form sends them. */
export const card = (number: string) => ({ number, expMonth: 12, expYear: 2034, cvc: "123" });
export const VISA = "4242424242424242";
export const AUTH_ONCE = "4000002500003155";
export const DECLINED = "4000000000000002";
export const NO_FUNDS = "4000000000009995";

/** What the system sees of an owner's billing: cards, charges, subscription, module tier. */
export function billingRows(db: Db, organisationId: string | null, userId?: string) {
  return runAsSystem(db, "test: billing rows", async (tx) => ({
    methods: await tx
      .select()
      .from(billingPaymentMethods)
      .where(
        userId
          ? eq(billingPaymentMethods.userId, userId)
          : eq(billingPaymentMethods.organisationId, organisationId!),
      ),
    charges: organisationId
      ? await tx
          .select()
          .from(billingCharges)
          .where(eq(billingCharges.organisationId, organisationId))
          .orderBy(billingCharges.createdAt)
      : [],
    subscriptions: organisationId
      ? await tx
          .select()
          .from(billingSubscriptions)
          .where(eq(billingSubscriptions.organisationId, organisationId))
      : [],
    modules: organisationId
      ? await tx
          .select()
          .from(organisationModules)
          .where(and(eq(organisationModules.organisationId, organisationId)))
      : [],
  }));
}
