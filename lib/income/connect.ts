import "server-only";
import { and, eq, isNull, lte, or } from "drizzle-orm";
import { z } from "zod";
import type { CommandConfig } from "@/lib/backoffice/doors";
import { getDb } from "@/lib/db/client";
import { runAsSystem } from "@/lib/db/run-context";
import type { Tx } from "@/lib/db/types";
import type { ConnectAccount, PaymentProvider } from "@/lib/payments/provider";
import { paymentAccounts } from "./schema";

/**
 * The organisation's payout account at the provider (docs/income.md, "Payouts"): Stripe
 * Connect, express. A member with payment.payout.write starts (or resumes) onboarding: the
 * account is made once per organisation (idempotency key from the organisation's id), kept in
 * payment_accounts by the system, and the member is sent to the provider's hosted form with
 * return and refresh URLs under payment/balance. The account's status comes from the
 * provider's `account.updated` events (lib/income/account-events.ts) and is read back when the
 * member comes back from the form.
 */
export type AccountRow = typeof paymentAccounts.$inferSelect;

export async function accountOf(
  tx: Tx,
  organisationId: string,
  provider: string,
): Promise<AccountRow | null> {
  const [row] = await tx
    .select()
    .from(paymentAccounts)
    .where(
      and(
        eq(paymentAccounts.organisationId, organisationId),
        eq(paymentAccounts.provider, provider),
      ),
    );
  return row ?? null;
}

const onboardSchema = z.object({});

/** The door and audit of onboarding (payment.payout.write); the provider is called after. */
export const startOnboardingCommand = {
  permission: "payment.payout.write",
  schema: onboardSchema,
  async run({ access, audit }) {
    await audit({
      action: "payment.account.onboard",
      resourceType: "organisation",
      resourceId: access.organisation.id,
    });
    return { organisationId: access.organisation.id };
  },
} satisfies CommandConfig<typeof onboardSchema, { organisationId: string }>;

/** The organisation's account at the provider, made once; stored by the system. */
export async function ensureConnectAccount(
  provider: PaymentProvider,
  organisationId: string,
): Promise<AccountRow> {
  const db = getDb();
  const existing = await runAsSystem(db, "income: payout account", (tx) =>
    accountOf(tx, organisationId, provider.name),
  );
  if (existing) return existing;
  const account = await provider.createConnectAccount({
    idempotencyKey: `connect-account-${organisationId}`,
    metadata: { organisationId },
  });
  return runAsSystem(db, "income: payout account", async (tx) => {
    await tx
      .insert(paymentAccounts)
      .values({
        organisationId,
        provider: provider.name,
        accountId: account.id,
        detailsSubmitted: account.detailsSubmitted,
        payoutsEnabled: account.payoutsEnabled,
        chargesEnabled: account.chargesEnabled,
        disabledReason: account.disabledReason,
      })
      .onConflictDoNothing();
    return (await accountOf(tx, organisationId, provider.name))!;
  });
}

/** The onboarding link for the account, returning to (and refreshed from) payment/balance. */
export async function onboardingLink(
  provider: PaymentProvider,
  organisationId: string,
  balanceUrl: string,
): Promise<string> {
  const account = await ensureConnectAccount(provider, organisationId);
  const { url } = await provider.createAccountLink({
    accountId: account.accountId,
    returnUrl: `${balanceUrl}?connect=return`,
    refreshUrl: `${balanceUrl}?connect=refresh`,
  });
  return url;
}

/**
 * Keeps what the provider says of an account, said at `at`, unless the row holds a later word
 * (`status_at`): an event that arrives after a newer one changes nothing. Stripe's times are
 * whole seconds, so a word of the same second as the stored one still applies. An account
 * that is no organisation's changes nothing. Answers whether a row changed.
 */
export async function recordAccountStatus(
  tx: Tx,
  provider: string,
  account: ConnectAccount,
  at: Date,
): Promise<boolean> {
  const updated = await tx
    .update(paymentAccounts)
    .set({
      detailsSubmitted: account.detailsSubmitted,
      payoutsEnabled: account.payoutsEnabled,
      chargesEnabled: account.chargesEnabled,
      disabledReason: account.disabledReason,
      statusAt: at,
    })
    .where(
      and(
        eq(paymentAccounts.provider, provider),
        eq(paymentAccounts.accountId, account.id),
        or(isNull(paymentAccounts.statusAt), lte(paymentAccounts.statusAt, at)),
      ),
    )
    .returning({ organisationId: paymentAccounts.organisationId });
  return updated.length > 0;
}

/**
 * Reads the account's status back from the provider (the member is back from onboarding,
 * perhaps before the provider's event) and keeps it, as of now (whole seconds).
 */
export async function refreshConnectAccount(
  provider: PaymentProvider,
  organisationId: string,
): Promise<AccountRow | null> {
  const db = getDb();
  const row = await runAsSystem(db, "income: payout account", (tx) =>
    accountOf(tx, organisationId, provider.name),
  );
  if (!row) return null;
  const account = await provider.getConnectAccount(row.accountId);
  if (!account) return row;
  const now = new Date(Math.floor(Date.now() / 1000) * 1000);
  return runAsSystem(db, "income: payout account", async (tx) => {
    await recordAccountStatus(tx, provider.name, account, now);
    return (await accountOf(tx, organisationId, provider.name)) ?? row;
  });
}
