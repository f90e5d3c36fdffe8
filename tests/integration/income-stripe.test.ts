import { randomUUID } from "node:crypto";
import type { Server } from "node:http";
import { eq } from "drizzle-orm";
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { POST } from "@/app/api/payments/webhook/route";
import { runCommand } from "@/lib/backoffice/doors";
import { closeDb, getDb } from "@/lib/db/client";
import { runAsSystem, runAsUser } from "@/lib/db/run-context";
import { resetEnvForTests } from "@/lib/env";
import { onboardingLink, refreshConnectAccount } from "@/lib/income/connect";
import { balanceOf, requestPayoutCommand, settlePayouts } from "@/lib/income/payouts";
import { accountState } from "@/lib/income/account-state";
import { readPayoutAccount } from "@/lib/income/queries";
import { paymentAccounts, paymentBalanceEntries, paymentPayouts } from "@/lib/income/schema";
import { getPaymentProvider } from "@/lib/payments/get-provider";
import type { PaymentProvider } from "@/lib/payments/provider";
import { paymentEvents } from "@/lib/payments/schema";
import fixtures from "@/tests/support/stripe-fixtures.json";
import { startStripeApiServer, type StripeApiServer } from "@/tests/support/stripe-api-server";
import { getOrganisationAccessFor } from "./support/income-access";
import { createOrganisationWorld, type OrganisationWorld } from "./support/organisations";
import { startWebhookBridge } from "./support/webhook-bridge";

/**
 * Payouts with Stripe (docs/income.md, "Payouts"): Connect onboarding (an express account made
 * once, its onboarding link, its status from `account.updated` webhooks and read back) and the
 * payout as a transfer to the connected account, against the local Stripe API server through
 * the official SDK; its webhooks reach the real route handler.
 */
const SECRET_KEY = "sk_test_local";
const WEBHOOK_SECRET = "whsec_local_test";
/** The Connect endpoint's own secret: connected accounts' events are signed with it. */
const CONNECT_SECRET = "whsec_local_connect";
const saved = { ...process.env };
const db = () => getDb();

let api: StripeApiServer;
let bridge: Server;
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
  const webhook = await startWebhookBridge();
  bridge = webhook.server;
  api = await startStripeApiServer({
    secretKey: SECRET_KEY,
    webhookSecret: WEBHOOK_SECRET,
    webhookUrl: webhook.url,
  });
  process.env.PAYMENTS_PROVIDER = "stripe";
  process.env.STRIPE_SECRET_KEY = SECRET_KEY;
  process.env.STRIPE_WEBHOOK_SECRET = WEBHOOK_SECRET;
  process.env.STRIPE_CONNECT_WEBHOOK_SECRET = CONNECT_SECRET;
  process.env.STRIPE_PUBLISHABLE_KEY = "pk_test_local";
  process.env.STRIPE_API_URL = api.url;
  resetEnvForTests();
  provider = getPaymentProvider();
  world = await createOrganisationWorld(db());
});

afterAll(async () => {
  await api.flushWebhooks();
  await api.close();
  await new Promise((resolve) => bridge.close(resolve));
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

/** An `account.updated` of Stripe's shape, signed with the endpoint's secret, through the route. */
async function accountUpdated(
  account: Record<string, unknown>,
  created: number,
  secret = CONNECT_SECRET,
  status = 200,
) {
  const id = `evt_${randomUUID().replaceAll("-", "")}`;
  const payload = JSON.stringify({
    ...structuredClone(fixtures.event),
    id,
    type: "account.updated",
    created,
    data: { object: { ...structuredClone(fixtures.account), ...account } },
  });
  const signature = new Stripe(SECRET_KEY).webhooks.generateTestHeaderString({ payload, secret });
  const answer = await POST(
    new Request("http://127.0.0.1/api/payments/webhook", {
      method: "POST",
      headers: { "content-type": "application/json", "stripe-signature": signature },
      body: payload,
    }),
  );
  expect(answer.status).toBe(status);
  return id;
}

const accountRow = async (organisationId: string) =>
  (
    await runAsSystem(db(), "test: account", (tx) =>
      tx.select().from(paymentAccounts).where(eq(paymentAccounts.organisationId, organisationId)),
    )
  )[0]!;

describe("account.updated", () => {
  it("keeps the status Stripe sends when the holder finishes the form, with no read back", async () => {
    const { a } = await createOrganisationWorld(db());
    const balanceUrl = `http://127.0.0.1/backoffice/organisation/${a.id}/payment/balance`;
    await onboardingLink(provider, a.id, balanceUrl);
    const before = await accountRow(a.id);
    expect(before).toMatchObject({
      detailsSubmitted: false,
      chargesEnabled: false,
      payoutsEnabled: false,
      statusAt: null,
    });
    await fetch(`${api.url}/_test/onboard/${before.accountId}`, { method: "POST" });
    await api.flushWebhooks();
    const delivery = api.deliveries.find(
      (d) => d.type === "account.updated" && api.eventBody(d.id)?.includes(before.accountId),
    )!;
    expect(delivery.status).toBe(200);
    const after = await accountRow(a.id);
    expect(after).toMatchObject({
      detailsSubmitted: true,
      chargesEnabled: true,
      payoutsEnabled: true,
      disabledReason: null,
    });
    const created = (JSON.parse(api.eventBody(delivery.id)!) as { created: number }).created;
    expect(after.statusAt?.getTime()).toBe(created * 1000);
    // What the balance page reads, as a manager (payment.charge.read), and tells.
    const seen = await readPayoutAccount(
      await getOrganisationAccessFor(a.members.manager.claims, a.id),
      "stripe",
    );
    expect(seen).toEqual(after);
    expect(accountState(seen!)).toBe("ready");
    // The owner can now request a payout (the account's row says so).
    await credit(a.id, 1000);
    expect(
      await runCommand(
        a.members.owner.claims,
        a.id,
        { currency: "EUR", amount: "5.00" },
        requestPayoutCommand,
      ),
    ).toMatchObject({ status: "done" });
  });

  it("an older event arriving after a newer one changes nothing", async () => {
    const { a } = await createOrganisationWorld(db());
    await onboardingLink(provider, a.id, "http://127.0.0.1/balance");
    const { accountId } = await accountRow(a.id);
    const at = Math.floor(Date.now() / 1000);
    // The newer word: Stripe has paused payouts, it needs more information.
    await accountUpdated(
      {
        id: accountId,
        details_submitted: true,
        charges_enabled: true,
        payouts_enabled: false,
        requirements: {
          ...fixtures.account.requirements,
          disabled_reason: "requirements.past_due",
        },
      },
      at,
    );
    const newer = await accountRow(a.id);
    expect(newer).toMatchObject({
      detailsSubmitted: true,
      chargesEnabled: true,
      payoutsEnabled: false,
      disabledReason: "requirements.past_due",
    });
    expect(newer.statusAt?.getTime()).toBe(at * 1000);
    expect(accountState(newer)).toBe("moreInformation");
    // Then the older one (everything enabled, a minute before), delivered late.
    const late = await accountUpdated(
      {
        id: accountId,
        details_submitted: true,
        charges_enabled: true,
        payouts_enabled: true,
        requirements: { ...fixtures.account.requirements, disabled_reason: null },
      },
      at - 60,
    );
    const [recorded] = await runAsSystem(db(), "test", (tx) =>
      tx.select().from(paymentEvents).where(eq(paymentEvents.eventId, late)),
    );
    expect(recorded).toMatchObject({ type: "account.updated", objectId: accountId });
    expect(await accountRow(a.id)).toEqual(newer);
  });

  it("comes signed by the Connect endpoint's secret or the platform's; another is refused", async () => {
    const { a } = await createOrganisationWorld(db());
    await onboardingLink(provider, a.id, "http://127.0.0.1/balance");
    const { accountId } = await accountRow(a.id);
    const enabled = { id: accountId, details_submitted: true, payouts_enabled: true };
    const at = Math.floor(Date.now() / 1000);
    const forged = await accountUpdated(enabled, at, "whsec_someone_else", 400);
    expect(await accountRow(a.id)).toMatchObject({ payoutsEnabled: false, statusAt: null });
    const recorded = await runAsSystem(db(), "test", (tx) =>
      tx.select().from(paymentEvents).where(eq(paymentEvents.eventId, forged)),
    );
    expect(recorded).toEqual([]);
    await accountUpdated(enabled, at, WEBHOOK_SECRET);
    expect(await accountRow(a.id)).toMatchObject({ payoutsEnabled: true });
  });

  it("an account that is no organisation's changes nothing", async () => {
    const rows = () =>
      runAsSystem(db(), "test: accounts", (tx) =>
        tx.select().from(paymentAccounts).orderBy(paymentAccounts.accountId),
      );
    const before = await rows();
    expect(before.length).toBeGreaterThan(0);
    const id = await accountUpdated(
      {
        id: "acct_1NobodysAccount",
        details_submitted: true,
        charges_enabled: true,
        payouts_enabled: true,
      },
      Math.floor(Date.now() / 1000),
    );
    expect(await rows()).toEqual(before);
    const [recorded] = await runAsSystem(db(), "test", (tx) =>
      tx.select().from(paymentEvents).where(eq(paymentEvents.eventId, id)),
    );
    expect(recorded).toMatchObject({ type: "account.updated", objectId: "acct_1NobodysAccount" });
  });
});
