import type { UserClaims } from "@/lib/db/context";

/**
 * Who saved cards belong to (docs/billing.md): a consumer (their user id) or an organisation.
 * One implementation serves both; `claims` is the caller, whose RLS context every read and
 * user-side write runs in (an organisation's rows need billing.account.* in it).
 */
export type BillingOwnerRef =
  { kind: "user"; userId: string } | { kind: "organisation"; organisationId: string };

export type BillingOwner = BillingOwnerRef & { claims: UserClaims };

/** The owner as a stable text: idempotency keys and provider metadata. */
export function ownerKey(owner: BillingOwnerRef): string {
  return owner.kind === "user" ? `user:${owner.userId}` : `organisation:${owner.organisationId}`;
}

/** The owner's two columns (exactly one set) on billing_customers and billing_payment_methods. */
export function ownerColumns(owner: BillingOwnerRef): {
  userId: string | null;
  organisationId: string | null;
} {
  return owner.kind === "user"
    ? { userId: owner.userId, organisationId: null }
    : { userId: null, organisationId: owner.organisationId };
}
