import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runCommand } from "@/lib/backoffice/doors";
import { closeDb, getDb } from "@/lib/db/client";
import { runAsSystem, runAsUser } from "@/lib/db/run-context";
import { resetEnvForTests } from "@/lib/env";
import { onboardingLink, refreshConnectAccount } from "@/lib/income/connect";
import { balanceOf, requestPayoutCommand, settlePayouts } from "@/lib/income/payouts";
import { paymentAccounts, paymentBalanceEntries, paymentPayouts } from "@/lib/income/schema";
import { getPaymentProvider } from "@/lib/payments/get-provider";
import type { PaymentProvider } from "@/lib/payments/provider";
import { startStripeApiServer, type StripeApiServer } from "@/tests/support/stripe-api-server";
import { createOrganisationWorld, type OrganisationWorld } from "./support/organisations";

/**
 * Payouts with Stripe (docs/income.md, "Payouts"): Connect onboarding (an express account made
 * once, its onboarding link, its status read back) and the payout as a transfer to the
 * connected account, against the local Stripe API server through the official SDK.
 */
const SECRET_KEY = "sk_test_local";
const saved = { ...process.env };
const db = () => getDb();

let api: StripeApiServer;
let provider: PaymentProvider;
let world: OrganisationWorld;

/** An available charge of `net` in the organisation's balance (as the ledger writes it). */
async function credit(organisationId: string, net: number) {
  const orderId = randomUUID();
  await runAsSystem(db(), "test: credit", (tx) =>
    tx.insert(paymentBalanceEntries).values({
      organisationId,
      kind: "charge",
      sourceId: orderId,
      orderId,
      currency: "EUR",
      grossMinor: net,
      feeMinor: 0,
      netMinor: net,
      availableOn: new Date(Date.now() - 1000),
    }),
  );
}

beforeAll(async () => {
  api = await startStripeApiServer({ secretKey: SECRET_KEY, webhookSecret: "whsec_local_test" });
  process.env.PAYMENTS_PROVIDER = "stripe";
  process.env.STRIPE_SECRET_KEY = SECRET_KEY;
  process.env.STRIPE_WEBHOOK_SECRET = "whsec_local_test";
  process.env.STRIPE_PUBLISHABLE_KEY = "pk_test_local";
  process.env.STRIPE_API_URL = api.url;
  resetEnvForTests();
  provider = getPaymentProvider();
  world = await createOrganisationWorld(db());
});

afterAll(async () => {
  await api.close();
  process.env = saved;
  resetEnvForTests();
  await closeDb();
});

describe("Stripe payouts", () => {
  it("refuses a payout before onboarding; onboards once; pays out as a transfer", async () => {
    expect(provider.name).toBe("stripe");
    const owner = world.a.members.owner.claims;
    await credit(world.a.id, 5000);
    const payout = (amount: string) =>
      runCommand(owner, world.a.id, { currency: "EUR", amount }, requestPayoutCommand);
    expect(await payout("10.00")).toMatchObject({ status: "error", code: "payoutUnavailable" });

    const balanceUrl = `http://127.0.0.1/backoffice/organisation/${world.a.id}/payment/balance`;
    const link = await onboardingLink(provider, world.a.id, balanceUrl);
    expect(link).toContain(`${api.url}/_test/onboard/acct_`);
    expect(new URL(link).searchParams.get("return_url")).toBe(`${balanceUrl}?connect=return`);
    // A second start reuses the same account.
    await onboardingLink(provider, world.a.id, balanceUrl);
    const accounts = await runAsSystem(db(), "test", (tx) =>
      tx.select().from(paymentAccounts).where(eq(paymentAccounts.organisationId, world.a.id)),
    );
    expect(accounts).toHaveLength(1);
    expect(accounts[0]).toMatchObject({ provider: "stripe", payoutsEnabled: false });
    // Still not onboarded: still refused.
    expect(await payout("10.00")).toMatchObject({ status: "error", code: "payoutUnavailable" });

    // The holder completes Stripe's form; coming back reads the status.
    const accountId = accounts[0]!.accountId;
    const url = new URL(link);
    await fetch(`${api.url}/_test/onboard/${accountId}`, { method: "POST" });
    expect(url.pathname).toBe(`/_test/onboard/${accountId}`);
    expect(await refreshConnectAccount(provider, world.a.id)).toMatchObject({
      payoutsEnabled: true,
      detailsSubmitted: true,
    });

    expect(await payout("50.01")).toMatchObject({ status: "error", code: "payoutExceeds" });
    const done = await payout("30.00");
    expect(done.status).toBe("done");
    expect(await settlePayouts({ provider })).toBe(1);
    const [paid] = await runAsSystem(db(), "test", (tx) =>
      tx.select().from(paymentPayouts).where(eq(paymentPayouts.organisationId, world.a.id)),
    );
    expect(paid).toMatchObject({ status: "paid", amountMinor: 3000, provider: "stripe" });
    expect(paid!.providerPayoutId).toMatch(/^tr_/);
    expect(await runAsSystem(db(), "test", (tx) => balanceOf(tx, world.a.id, "EUR"))).toMatchObject(
      { available: 2000 },
    );
  });

  it("a transfer the provider refuses fails the payout and gives the amount back", async () => {
    const owner = world.b.members.owner.claims;
    await credit(world.b.id, 4000);
    const balanceUrl = `http://127.0.0.1/backoffice/organisation/${world.b.id}/payment/balance`;
    await onboardingLink(provider, world.b.id, balanceUrl);
    const [account] = await runAsSystem(db(), "test", (tx) =>
      tx.select().from(paymentAccounts).where(eq(paymentAccounts.organisationId, world.b.id)),
    );
    await fetch(`${api.url}/_test/onboard/${account!.accountId}`, { method: "POST" });
    await refreshConnectAccount(provider, world.b.id);
    // The platform thinks payouts are on, but the account lost them at Stripe meanwhile.
    await runAsSystem(db(), "test: account swapped", (tx) =>
      tx
        .update(paymentAccounts)
        .set({ accountId: "acct_missing" })
        .where(eq(paymentAccounts.organisationId, world.b.id)),
    );
    const done = await runCommand(
      owner,
      world.b.id,
      { currency: "EUR", amount: "40.00" },
      requestPayoutCommand,
    );
    expect(done.status).toBe("done");
    await settlePayouts({ provider });
    const [failed] = await runAsSystem(db(), "test", (tx) =>
      tx.select().from(paymentPayouts).where(eq(paymentPayouts.organisationId, world.b.id)),
    );
    expect(failed).toMatchObject({ status: "failed", failureCode: "not_found" });
    expect(await runAsSystem(db(), "test", (tx) => balanceOf(tx, world.b.id, "EUR"))).toMatchObject(
      { available: 4000 },
    );
    // Another organisation's owner reads none of A's account.
    const foreign = await runAsUser(db(), world.b.members.owner.claims, (tx) =>
      tx.select().from(paymentAccounts).where(eq(paymentAccounts.organisationId, world.a.id)),
    );
    expect(foreign).toHaveLength(0);
  });
});
