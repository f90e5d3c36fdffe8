import "server-only";
import { and, eq } from "drizzle-orm";
import { withSystemContext } from "@/lib/db/context";
import type { Tx } from "@/lib/db/types";
import { getPaymentProvider } from "@/lib/payments/get-provider";
import { ownerColumns, ownerKey, type BillingOwnerRef } from "./owner";
import { billingCustomers } from "./schema";

export type BillingCustomerRow = typeof billingCustomers.$inferSelect;

function ownerIs(owner: BillingOwnerRef) {
  return owner.kind === "user"
    ? eq(billingCustomers.userId, owner.userId)
    : eq(billingCustomers.organisationId, owner.organisationId);
}

/** The owner's customer at the configured provider, if made already. */
export async function findBillingCustomer(
  tx: Tx,
  owner: BillingOwnerRef,
): Promise<BillingCustomerRow | null> {
  const [row] = await tx
    .select()
    .from(billingCustomers)
    .where(and(ownerIs(owner), eq(billingCustomers.provider, getPaymentProvider().name)));
  return row ?? null;
}

/**
 * The owner's customer at the provider, created on first need. The idempotency key is the
 * owner itself, so two requests at once get one customer from the provider, and the insert
 * here keeps the first row (unique per owner and provider). Callers check the permission
 * first (a user for themselves, billing.account.write for an organisation); no provider call
 * runs inside a transaction.
 */
export async function ensureBillingCustomer(owner: BillingOwnerRef): Promise<BillingCustomerRow> {
  const found = await withSystemContext("billing: find customer", (tx) =>
    findBillingCustomer(tx, owner),
  );
  if (found) return found;
  const provider = getPaymentProvider();
  const customer = await provider.createCustomer({
    idempotencyKey: `billing-customer:${ownerKey(owner)}`,
    metadata: { owner: ownerKey(owner) },
  });
  return withSystemContext("billing: create customer", async (tx) => {
    await tx
      .insert(billingCustomers)
      .values({ ...ownerColumns(owner), provider: provider.name, customerId: customer.id })
      .onConflictDoNothing();
    const row = await findBillingCustomer(tx, owner);
    if (!row) throw new Error("billing: customer row missing after insert");
    return row;
  });
}
