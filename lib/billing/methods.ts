import "server-only";
import { and, desc, eq, ne, sql } from "drizzle-orm";
import { recordAudit } from "@/lib/audit/record";
import { withUserContext } from "@/lib/db/context";
import type { Tx } from "@/lib/db/types";
import { getPaymentProvider } from "@/lib/payments/get-provider";
import { PaymentProviderError, type Setup } from "@/lib/payments/provider";
import type { BillingOwner, BillingOwnerRef } from "./owner";
import { billingCustomers, billingPaymentMethods } from "./schema";

export interface SavedMethodView {
  id: string;
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
  isDefault: boolean;
  createdAt: Date;
}

/** Cards one owner may keep: a small list, read whole. */
export const METHOD_LIMIT = 20;

export function ownerMethodsWhere(owner: BillingOwnerRef) {
  const byOwner =
    owner.kind === "user"
      ? eq(billingPaymentMethods.userId, owner.userId)
      : eq(billingPaymentMethods.organisationId, owner.organisationId);
  return and(byOwner, eq(billingPaymentMethods.provider, getPaymentProvider().name));
}

const viewColumns = {
  id: billingPaymentMethods.id,
  brand: billingPaymentMethods.brand,
  last4: billingPaymentMethods.last4,
  expMonth: billingPaymentMethods.expMonth,
  expYear: billingPaymentMethods.expYear,
  isDefault: billingPaymentMethods.isDefault,
  createdAt: billingPaymentMethods.createdAt,
};

/** The owner's saved cards, default first, in the caller's RLS context. */
export function listSavedMethods(owner: BillingOwner): Promise<SavedMethodView[]> {
  return withUserContext(owner.claims, (tx) => listSavedMethodsIn(tx, owner));
}

export function listSavedMethodsIn(tx: Tx, owner: BillingOwnerRef): Promise<SavedMethodView[]> {
  return tx
    .select(viewColumns)
    .from(billingPaymentMethods)
    .where(ownerMethodsWhere(owner))
    .orderBy(desc(billingPaymentMethods.isDefault), desc(billingPaymentMethods.createdAt))
    .limit(METHOD_LIMIT);
}

async function lockCustomer(tx: Tx, billingCustomerId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`billing:${billingCustomerId}`}))`);
}

/**
 * Mirrors the card a succeeded setup saved (system context: the setup webhook's transaction,
 * or the callback page). Idempotent: the card is inserted once (unique provider id), and it
 * becomes the default only when its owner has none. Returns false when the setup is not ours.
 */
export async function recordSetupMethod(tx: Tx, setup: Setup): Promise<boolean> {
  if (setup.status !== "succeeded" || !setup.paymentMethod || !setup.customerId) return false;
  const [customer] = await tx
    .select()
    .from(billingCustomers)
    .where(
      and(
        eq(billingCustomers.provider, setup.provider),
        eq(billingCustomers.customerId, setup.customerId),
      ),
    );
  if (!customer) return false;
  await lockCustomer(tx, customer.id);
  const method = setup.paymentMethod;
  const [{ defaults }] = (await tx
    .select({ defaults: sql<number>`count(*)::int` })
    .from(billingPaymentMethods)
    .where(
      and(
        eq(billingPaymentMethods.billingCustomerId, customer.id),
        eq(billingPaymentMethods.isDefault, true),
      ),
    )) as [{ defaults: number }];
  const [inserted] = await tx
    .insert(billingPaymentMethods)
    .values({
      billingCustomerId: customer.id,
      userId: customer.userId,
      organisationId: customer.organisationId,
      provider: setup.provider,
      paymentMethodId: method.id,
      brand: method.brand,
      last4: method.last4,
      expMonth: method.expMonth,
      expYear: method.expYear,
      isDefault: defaults === 0,
    })
    .onConflictDoNothing({
      target: [billingPaymentMethods.provider, billingPaymentMethods.paymentMethodId],
    })
    .returning({ id: billingPaymentMethods.id });
  if (inserted && customer.organisationId) {
    // Who saved it is not in the provider's event: the entry names no actor.
    await recordAudit(tx, {
      organisationId: customer.organisationId,
      actorUserId: null,
      action: "billing.method.add",
      resourceType: "paymentMethod",
      resourceId: inserted.id,
      after: { brand: method.brand, last4: method.last4, isDefault: defaults === 0 },
    });
  }
  return true;
}

type MethodRow = typeof billingPaymentMethods.$inferSelect;

/** One of the owner's cards (RLS and the owner's columns both decide); null otherwise. */
export async function ownedMethod(
  tx: Tx,
  owner: BillingOwnerRef,
  methodId: string,
): Promise<MethodRow | null> {
  const [row] = await tx
    .select()
    .from(billingPaymentMethods)
    .where(and(ownerMethodsWhere(owner), eq(billingPaymentMethods.id, methodId)))
    .for("update");
  return row ?? null;
}

/** Makes one card the default (the one renewals charge). Null when it is not the owner's. */
export async function setDefaultMethodIn(
  tx: Tx,
  owner: BillingOwnerRef,
  methodId: string,
): Promise<MethodRow | null> {
  const row = await ownedMethod(tx, owner, methodId);
  if (!row) return null;
  await lockCustomer(tx, row.billingCustomerId);
  await tx
    .update(billingPaymentMethods)
    .set({ isDefault: false })
    .where(
      and(
        eq(billingPaymentMethods.billingCustomerId, row.billingCustomerId),
        eq(billingPaymentMethods.isDefault, true),
      ),
    );
  await tx
    .update(billingPaymentMethods)
    .set({ isDefault: true })
    .where(eq(billingPaymentMethods.id, row.id));
  return row;
}

/**
 * Removes a card from the mirror (the newest other card becomes the default if it was);
 * the provider detaches it after the commit (detachAtProvider). Null when not the owner's.
 */
export async function removeMethodIn(
  tx: Tx,
  owner: BillingOwnerRef,
  methodId: string,
): Promise<MethodRow | null> {
  const row = await ownedMethod(tx, owner, methodId);
  if (!row) return null;
  await lockCustomer(tx, row.billingCustomerId);
  await tx.delete(billingPaymentMethods).where(eq(billingPaymentMethods.id, row.id));
  if (row.isDefault) {
    const [next] = await tx
      .select({ id: billingPaymentMethods.id })
      .from(billingPaymentMethods)
      .where(
        and(
          eq(billingPaymentMethods.billingCustomerId, row.billingCustomerId),
          ne(billingPaymentMethods.id, row.id),
        ),
      )
      .orderBy(desc(billingPaymentMethods.createdAt))
      .limit(1);
    if (next) {
      await tx
        .update(billingPaymentMethods)
        .set({ isDefault: true })
        .where(eq(billingPaymentMethods.id, next.id));
    }
  }
  return row;
}

/** After the mirror's row is gone: the provider forgets the card (already gone is fine). */
export async function detachAtProvider(paymentMethodId: string): Promise<void> {
  try {
    await getPaymentProvider().detachPaymentMethod(paymentMethodId);
  } catch (error) {
    if (error instanceof PaymentProviderError && error.code === "not_found") return;
    console.error("billing: card removed here, not detached at the provider", { error });
  }
}
