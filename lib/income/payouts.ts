import "server-only";
import { randomUUID } from "node:crypto";
import { and, eq, lt, sql } from "drizzle-orm";
import { z } from "zod";
import type { CommandConfig } from "@/lib/backoffice/doors";
import { currencyDigits, toMinorUnits } from "@/lib/commerce/money";
import { lockOrganisationScope } from "@/lib/db/advisory-lock";
import { getDb } from "@/lib/db/client";
import { runAsSystem } from "@/lib/db/run-context";
import type { Tx } from "@/lib/db/types";
import { AppError, isUniqueViolation } from "@/lib/errors/app-error";
import { getPaymentProvider } from "@/lib/payments/get-provider";
import { PaymentProviderError, type PaymentProvider } from "@/lib/payments/provider";
import { accountOf } from "./connect";
import { recordMissingEntries } from "./ledger";
import { paymentBalanceEntries, paymentPayouts } from "./schema";

/**
 * Payouts (docs/income.md, "Payouts"): a member with payment.payout.write asks for an amount
 * of one currency's available balance. The request is one transaction under a lock on the
 * organisation's balance (an advisory lock: two requests at once run one after the other,
 * the second sees the first's debit), so no two requests take the same money; at most one
 * payout is open at a time (payment_payouts_one_open). The payout row (pending) and its
 * debit are written together; the provider pays it after the commit (settlePayouts), and the
 * upkeep settles whatever a stop left pending.
 *
 * The sandbox pays out by itself: settling marks the payout paid. With Stripe the payout is a
 * transfer to the organisation's Connect account (lib/income/connect.ts; without an account
 * whose payouts are enabled the request is refused with payoutUnavailable), with the payout's
 * id as idempotency key; a refused transfer fails the payout and gives its amount back.
 */
export const BALANCE_LOCK = "payment.balance";

/** Available (available_on passed) and pending balance of one currency, in minor units. */
export async function balanceOf(
  tx: Tx,
  organisationId: string,
  currency: string,
): Promise<{ available: number; pending: number }> {
  const [row] = await tx
    .select({
      available: sql<string>`coalesce(sum(${paymentBalanceEntries.netMinor}) filter (where ${paymentBalanceEntries.availableOn} <= now()), 0)`,
      pending: sql<string>`coalesce(sum(${paymentBalanceEntries.netMinor}) filter (where ${paymentBalanceEntries.availableOn} > now()), 0)`,
    })
    .from(paymentBalanceEntries)
    .where(
      and(
        eq(paymentBalanceEntries.organisationId, organisationId),
        eq(paymentBalanceEntries.currency, currency),
      ),
    );
  return { available: Number(row?.available ?? 0), pending: Number(row?.pending ?? 0) };
}

const payoutSchema = z.object({
  currency: z
    .string()
    .trim()
    .regex(/^[A-Za-z]{3}$/)
    .transform((value) => value.toUpperCase()),
  /** In the currency, as typed: "120.50". */
  amount: z.string().trim().min(1).max(20),
});

export const requestPayoutCommand = {
  permission: "payment.payout.write",
  schema: payoutSchema,
  async run({ tx, access, input, audit }) {
    const provider = getPaymentProvider().name;
    if (provider !== "sandbox") {
      const account = await accountOf(tx, access.organisation.id, provider);
      if (!account?.payoutsEnabled) throw new AppError("payoutUnavailable");
    }
    const amount = toMinorUnits(input.amount, currencyDigits(input.currency));
    if (amount === null || amount <= 0) throw new AppError("amountInvalid", "amount");
    const organisationId = access.organisation.id;
    await lockOrganisationScope(tx, BALANCE_LOCK, organisationId);
    const [open] = await tx
      .select({ id: paymentPayouts.id })
      .from(paymentPayouts)
      .where(
        and(
          eq(paymentPayouts.organisationId, organisationId),
          eq(paymentPayouts.status, "pending"),
        ),
      );
    if (open) throw new AppError("payoutOpen");
    const { available } = await balanceOf(tx, organisationId, input.currency);
    if (amount > available) throw new AppError("payoutExceeds", "amount");
    const id = randomUUID();
    try {
      await tx.insert(paymentPayouts).values({
        id,
        organisationId,
        currency: input.currency,
        amountMinor: amount,
        provider,
        requestedBy: access.userId,
      });
    } catch (error) {
      if (isUniqueViolation(error, "payment_payouts_one_open")) throw new AppError("payoutOpen");
      throw error;
    }
    await tx.insert(paymentBalanceEntries).values({
      organisationId,
      kind: "payout",
      sourceId: id,
      payoutId: id,
      currency: input.currency,
      grossMinor: -amount,
      feeMinor: 0,
      netMinor: -amount,
    });
    await audit({
      action: "payment.payout.request",
      resourceType: "payout",
      resourceId: id,
      after: { amountMinor: amount, currency: input.currency },
    });
    return { payoutId: id };
  },
} satisfies CommandConfig<typeof payoutSchema, { payoutId: string }>;

/**
 * Pays the pending payouts (system context, each under its row lock, SKIP LOCKED so that
 * instances never pay one twice). The sandbox marks it paid with an id of its own; Stripe
 * transfers it to the organisation's connected account (idempotency key: the payout's id, so
 * a retry after a crash never pays twice). A transfer the provider refuses fails the payout
 * and writes its `payout_reversal`; a provider that cannot be reached leaves it pending for
 * the upkeep. `olderThan` leaves the newest to the request that made them.
 */
export async function settlePayouts(
  options: { payoutId?: string; olderThan?: Date; provider?: PaymentProvider } = {},
): Promise<number> {
  const provider = options.provider ?? getPaymentProvider();
  return runAsSystem(getDb(), "income: settle payouts", async (tx) => {
    const due = await tx
      .select()
      .from(paymentPayouts)
      .where(
        and(
          eq(paymentPayouts.status, "pending"),
          eq(paymentPayouts.provider, provider.name),
          options.payoutId ? eq(paymentPayouts.id, options.payoutId) : undefined,
          options.olderThan ? lt(paymentPayouts.createdAt, options.olderThan) : undefined,
        ),
      )
      .limit(50)
      .for("update", { skipLocked: true });
    let settled = 0;
    for (const payout of due) {
      if (provider.name === "sandbox") {
        await markPaid(tx, payout.id, `po_sandbox_${payout.id}`);
        settled++;
        continue;
      }
      const account = await accountOf(tx, payout.organisationId, provider.name);
      try {
        if (!account) throw new PaymentProviderError("invalid_request", "no payout account");
        const transfer = await provider.createTransfer({
          accountId: account.accountId,
          amountMinor: payout.amountMinor,
          currency: payout.currency,
          idempotencyKey: `payout-${payout.id}`,
          metadata: { payoutId: payout.id, organisationId: payout.organisationId },
        });
        await markPaid(tx, payout.id, transfer.id);
        settled++;
      } catch (error) {
        if (!(error instanceof PaymentProviderError) || error.code === "provider_unavailable") {
          console.error("income: payout transfer failed, retried later", { error });
          continue;
        }
        await tx
          .update(paymentPayouts)
          .set({ status: "failed", failureCode: error.code, settledAt: sql`now()` })
          .where(eq(paymentPayouts.id, payout.id));
        await tx.insert(paymentBalanceEntries).values({
          organisationId: payout.organisationId,
          kind: "payout_reversal",
          sourceId: payout.id,
          payoutId: payout.id,
          currency: payout.currency,
          grossMinor: payout.amountMinor,
          feeMinor: 0,
          netMinor: payout.amountMinor,
        });
        settled++;
      }
    }
    return settled;
  });
}

async function markPaid(tx: Tx, payoutId: string, providerPayoutId: string): Promise<void> {
  await tx
    .update(paymentPayouts)
    .set({ status: "paid", providerPayoutId, settledAt: sql`now()` })
    .where(eq(paymentPayouts.id, payoutId));
}

const KEY = Symbol.for("livemarket.income.payouts");
const store = globalThis as typeof globalThis & { [KEY]?: NodeJS.Timeout };

/** Ledger entries no event wrote: everything at the start, then the last two days. */
function catchUpLedger(since: Date | null): Promise<number> {
  return runAsSystem(getDb(), "income: ledger catch-up", (tx) =>
    recordMissingEntries(tx, { since }),
  );
}

/**
 * Once a minute per instance (instrumentation.ts): payouts a stop left pending, and the
 * ledger's entries for orders confirmed without a payment event (ledger.ts).
 */
export function startPayoutUpkeep(): void {
  if (store[KEY]) return;
  catchUpLedger(null).catch((error: unknown) =>
    console.error("income: ledger catch-up failed", { error }),
  );
  const tick = () => {
    settlePayouts({ olderThan: new Date(Date.now() - 60_000) }).catch((error: unknown) =>
      console.error("income: payout upkeep failed", { error }),
    );
    catchUpLedger(new Date(Date.now() - 2 * 86_400_000)).catch((error: unknown) =>
      console.error("income: ledger catch-up failed", { error }),
    );
  };
  store[KEY] = setInterval(tick, 60_000);
  store[KEY].unref();
}
