import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditEntries } from "@/lib/audit/schema";
import { runCommand } from "@/lib/backoffice/doors";
import { ensureBillingCustomer } from "@/lib/billing/customers";
import { listSavedMethods, removeMethodIn, setDefaultMethodIn } from "@/lib/billing/methods";
import { payPendingCharge, startTierPurchaseCommand } from "@/lib/billing/purchase";
import { renewDueModuleTiers } from "@/lib/billing/renewal";
import {
  billingCustomers,
  billingPaymentMethods,
  billingSubscriptions,
} from "@/lib/billing/schema";
import { completeSetupReturn, saveSandboxCard } from "@/lib/billing/setups";
import { closeDb, getDb } from "@/lib/db/client";
import { runAsSystem, runAsUser } from "@/lib/db/run-context";
import { getSandboxProvider } from "@/lib/payments/get-provider";
import { paymentEvents, sandboxCustomers, sandboxEvents } from "@/lib/payments/schema";
import { sandboxWebhookSecret } from "@/lib/payments/get-provider";
import { signWebhookPayload } from "@/lib/payments/signature";
import { receivePaymentWebhook } from "@/lib/payments/webhook";
import { AUTH_ONCE, billingRows, card, DECLINED, NO_FUNDS, VISA } from "./support/billing";
import { enableCommerce } from "./support/commerce";
import {
  createOrganisationWorld,
  createTestUser,
  type OrganisationWorld,
} from "./support/organisations";

/**
 * Billing with the sandbox provider (docs/billing.md): customers made once, cards saved
 * through setups (success, decline, authentication), mirrored once by the webhook and the
 * callback, default and removal under RLS, a paid tier taking effect once on success and
 * never on a decline, renewal and its fallback, and another owner's rows out of reach.
 */
const db = () => getDb();
let world: OrganisationWorld;
const CALLBACK = "/profile/billing/payment-method/callback";
const user = (userId: string) => ({ kind: "user" as const, userId });
const org = (organisationId: string) => ({ kind: "organisation" as const, organisationId });

beforeAll(async () => {
  world = await createOrganisationWorld(db());
});

afterAll(async () => {
  await closeDb();
});

async function saveOrgCard(organisationId: string, number: string) {
  const result = await saveSandboxCard(
    org(organisationId),
    randomUUID(),
    "/backoffice",
    card(number),
  );
  expect(result).toEqual({ outcome: "saved" });
  const rows = await billingRows(db(), organisationId);
  return rows.methods.find((m) => m.last4 === number.slice(-4))!;
}

async function buy(
  claims: typeof world.a.members.owner.claims,
  orgId: string,
  methodId: string,
  tier = "pro",
) {
  const state = await runCommand(
    claims,
    orgId,
    { module: "commerce", tier, methodId },
    startTierPurchaseCommand,
  );
  if (state.status !== "done") return { state, payment: null };
  const payment = await payPendingCharge(state.data, "test");
  return { state, payment };
}

/** Delivers the charge's payment event again, signed as the sandbox signs it. */
async function redeliver(paymentId: string) {
  const [event] = await runAsSystem(db(), "test", (tx) =>
    tx
      .select()
      .from(sandboxEvents)
      .where(
        sql`${sandboxEvents.payload}::jsonb->'data'->'payment'->>'id' = ${paymentId} and ${sandboxEvents.type} = 'payment.succeeded'`,
      ),
  );
  const body = event!.payload;
  const sandbox = getSandboxProvider()!;
  return receivePaymentWebhook({
    db: db(),
    provider: sandbox,
    rawBody: body,
    signature: signWebhookPayload(body, await sandboxWebhookSecret()),
  });
}

describe("billing customers", () => {
  it("creates one customer per owner, even when asked five times at once", async () => {
    const { userId } = await createTestUser(db(), "billing-concurrent");
    const rows = await Promise.all(
      Array.from({ length: 5 }, () => ensureBillingCustomer(user(userId))),
    );
    expect(new Set(rows.map((r) => r.id)).size).toBe(1);
    expect(new Set(rows.map((r) => r.customerId)).size).toBe(1);
    const [mirror, provider] = await runAsSystem(db(), "test", async (tx) => [
      await tx.select().from(billingCustomers).where(eq(billingCustomers.userId, userId)),
      await tx
        .select()
        .from(sandboxCustomers)
        .where(eq(sandboxCustomers.idempotencyKey, `billing-customer:user:${userId}`)),
    ]);
    expect(mirror).toHaveLength(1);
    expect(provider).toHaveLength(1);
  });
});

describe("a consumer's saved cards", () => {
  it("saves 4242, mirrors it once (webhook, then callback) as the default", async () => {
    const consumer = await createTestUser(db(), "billing-save");
    const token = randomUUID();
    expect(await saveSandboxCard(user(consumer.userId), token, CALLBACK, card(VISA))).toEqual({
      outcome: "saved",
    });
    // The same form posted again is the same setup: nothing new.
    expect(await saveSandboxCard(user(consumer.userId), token, CALLBACK, card(VISA))).toEqual({
      outcome: "saved",
    });
    const methods = await listSavedMethods({ ...user(consumer.userId), claims: consumer.claims });
    expect(methods).toHaveLength(1);
    expect(methods[0]).toMatchObject({
      brand: "visa",
      last4: "4242",
      expMonth: 12,
      expYear: 2034,
      isDefault: true,
    });
  });

  it("refuses a declined card with its code and saves nothing", async () => {
    const consumer = await createTestUser(db(), "billing-decline");
    const result = await saveSandboxCard(
      user(consumer.userId),
      randomUUID(),
      CALLBACK,
      card(DECLINED),
    );
    expect(result).toEqual({ outcome: "failed", failureCode: "card_declined" });
    expect((await billingRows(db(), null, consumer.userId)).methods).toHaveLength(0);
  });

  it("goes through authentication: nothing saved until approved, then once by webhook and callback", async () => {
    const consumer = await createTestUser(db(), "billing-auth");
    await saveSandboxCard(user(consumer.userId), randomUUID(), CALLBACK, card(VISA));
    const result = await saveSandboxCard(
      user(consumer.userId),
      randomUUID(),
      CALLBACK,
      card(AUTH_ONCE),
    );
    expect(result.outcome).toBe("authenticate");
    const setupId = (result as { url: string }).url.split("/").pop()!;
    expect((await billingRows(db(), null, consumer.userId)).methods).toHaveLength(1);
    // Before the challenge the callback reports it unfinished.
    expect((await completeSetupReturn(user(consumer.userId), setupId))?.outcome).toBe(
      "authenticate",
    );
    const answer = await getSandboxProvider()!.completeChallenge(setupId, "approve");
    expect(answer.returnUrl).toBe(`${CALLBACK}?setup_intent=${setupId}&redirect_status=succeeded`);
    expect(await completeSetupReturn(user(consumer.userId), setupId)).toEqual({ outcome: "saved" });
    expect(await completeSetupReturn(user(consumer.userId), setupId)).toEqual({ outcome: "saved" });
    const methods = (await billingRows(db(), null, consumer.userId)).methods;
    expect(methods.map((m) => [m.last4, m.isDefault]).sort()).toEqual([
      ["3155", false],
      ["4242", true],
    ]);
    // Another owner's callback with this setup: refused, nothing written.
    const other = await createTestUser(db(), "billing-other");
    await ensureBillingCustomer(user(other.userId));
    expect(await completeSetupReturn(user(other.userId), setupId)).toBeNull();
    expect((await billingRows(db(), null, other.userId)).methods).toHaveLength(0);
  });

  it("a failed challenge saves nothing", async () => {
    const consumer = await createTestUser(db(), "billing-auth-fail");
    const result = await saveSandboxCard(
      user(consumer.userId),
      randomUUID(),
      CALLBACK,
      card(AUTH_ONCE),
    );
    const setupId = (result as { url: string }).url.split("/").pop()!;
    await getSandboxProvider()!.completeChallenge(setupId, "fail");
    expect(await completeSetupReturn(user(consumer.userId), setupId)).toEqual({
      outcome: "failed",
      failureCode: "setup_intent_authentication_failure",
    });
    expect((await billingRows(db(), null, consumer.userId)).methods).toHaveLength(0);
  });

  it("makes another card the default and removes cards; another user reaches none of them", async () => {
    const consumer = await createTestUser(db(), "billing-manage");
    const stranger = await createTestUser(db(), "billing-stranger");
    const owner = user(consumer.userId);
    await saveSandboxCard(owner, randomUUID(), CALLBACK, card(VISA));
    await saveSandboxCard(owner, randomUUID(), CALLBACK, card("5555555555554444"));
    const saved = await listSavedMethods({ ...owner, claims: consumer.claims });
    const mc = saved.find((x) => x.last4 === "4444")!;
    const visa = saved.find((x) => x.last4 === "4242")!;
    expect(visa.isDefault).toBe(true);
    // The stranger: RLS and the owner filter both hide the card.
    expect(
      await runAsUser(db(), stranger.claims, (tx) => setDefaultMethodIn(tx, owner, mc.id)),
    ).toBeNull();
    expect(
      await runAsUser(db(), stranger.claims, (tx) => removeMethodIn(tx, owner, mc.id)),
    ).toBeNull();
    const seen = await runAsUser(db(), stranger.claims, (tx) =>
      tx
        .select()
        .from(billingPaymentMethods)
        .where(eq(billingPaymentMethods.userId, consumer.userId)),
    );
    expect(seen).toHaveLength(0);
    const changed = await runAsUser(db(), stranger.claims, (tx) =>
      tx
        .update(billingPaymentMethods)
        .set({ isDefault: false })
        .where(eq(billingPaymentMethods.id, visa.id))
        .returning(),
    );
    expect(changed).toHaveLength(0);
    // The owner.
    await runAsUser(db(), consumer.claims, (tx) => setDefaultMethodIn(tx, owner, mc.id));
    let methods = (await billingRows(db(), null, consumer.userId)).methods;
    expect(methods.find((m) => m.isDefault)?.last4).toBe("4444");
    await runAsUser(db(), consumer.claims, (tx) => removeMethodIn(tx, owner, mc.id));
    methods = (await billingRows(db(), null, consumer.userId)).methods;
    expect(methods.map((m) => [m.last4, m.isDefault])).toEqual([["4242", true]]);
    // A user cannot change a card's other columns (column grant) nor insert one.
    await expect(
      runAsUser(db(), consumer.claims, (tx) =>
        tx
          .update(billingPaymentMethods)
          .set({ last4: "0000" })
          .where(eq(billingPaymentMethods.id, visa.id)),
      ),
    ).rejects.toThrow();
  });
});

describe("an organisation's paid tier", () => {
  it("takes effect once when the payment succeeds, with its limits", async () => {
    const { a } = world;
    await enableCommerce(db(), a.id, "free");
    const method = await saveOrgCard(a.id, VISA);
    const { state, payment } = await buy(a.members.owner.claims, a.id, method.id);
    expect(state.status).toBe("done");
    expect(payment?.status).toBe("succeeded");
    let rows = await billingRows(db(), a.id);
    expect(rows.charges).toHaveLength(1);
    expect(rows.charges[0]).toMatchObject({
      status: "succeeded",
      amountMinor: 2900,
      currency: "EUR",
      kind: "purchase",
      cardLast4: "4242",
      paymentId: payment!.id,
    });
    expect(rows.modules.find((m) => m.module === "commerce")).toMatchObject({
      tier: "pro",
      enabled: true,
    });
    expect(rows.subscriptions).toHaveLength(1);
    expect(rows.subscriptions[0]).toMatchObject({ tier: "pro", status: "active" });
    // The same event again: a duplicate, nothing happens twice.
    expect((await redeliver(payment!.id)).outcome).toBe("duplicate");
    const audits = await runAsSystem(db(), "test", (tx) =>
      tx.select().from(auditEntries).where(eq(auditEntries.resourceId, rows.charges[0]!.id)),
    );
    expect(audits.map((e) => e.action).sort()).toEqual([
      "billing.charge.succeed",
      "billing.tier.purchase",
    ]);
    // Buying it again while it runs is refused, and writes nothing.
    const again = await buy(a.members.owner.claims, a.id, method.id);
    expect(again.state).toEqual({ status: "error", code: "tierAlreadyActive", field: "tier" });
    rows = await billingRows(db(), a.id);
    expect(rows.charges).toHaveLength(1);
  });

  it("changes nothing when the card is declined", async () => {
    const { b } = world;
    await enableCommerce(db(), b.id, "free");
    const method = await saveOrgCard(b.id, NO_FUNDS);
    const { payment } = await buy(b.members.admin.claims, b.id, method.id);
    expect(payment).toMatchObject({
      status: "requires_payment_method",
      failureCode: "insufficient_funds",
    });
    const rows = await billingRows(db(), b.id);
    expect(rows.charges.map((c) => [c.status, c.failureCode])).toEqual([
      ["failed", "insufficient_funds"],
    ]);
    expect(rows.modules.find((m) => m.module === "commerce")?.tier).toBe("free");
    expect(rows.subscriptions).toHaveLength(0);
  });

  it("refuses members without billing.account.write, another organisation's card, and free tiers", async () => {
    const { a, b } = world;
    const bCard = (await billingRows(db(), b.id)).methods[0]!;
    const aCard = (await billingRows(db(), a.id)).methods[0]!;
    for (const claims of [
      a.members.manager.claims,
      a.members.staff.claims,
      world.custom.claims,
      world.outsider.claims,
    ]) {
      expect((await buy(claims, a.id, aCard.id, "enterprise")).state).toEqual({
        status: "error",
        code: "notFound",
      });
    }
    expect((await buy(a.members.owner.claims, a.id, bCard.id, "enterprise")).state).toEqual({
      status: "error",
      code: "notFound",
      field: "methodId",
    });
    expect((await buy(a.members.owner.claims, a.id, aCard.id, "free")).state).toEqual({
      status: "error",
      code: "moduleTierNotAvailable",
      field: "tier",
    });
    expect((await billingRows(db(), a.id)).charges).toHaveLength(1);
    // RLS: B's admin reads none of A's billing rows; A's manager none either.
    for (const claims of [b.members.admin.claims, a.members.manager.claims]) {
      const seen = await runAsUser(db(), claims, async (tx) => [
        ...(await tx
          .select()
          .from(billingPaymentMethods)
          .where(eq(billingPaymentMethods.organisationId, a.id))),
        ...(await tx
          .select()
          .from(billingSubscriptions)
          .where(eq(billingSubscriptions.organisationId, a.id))),
        ...(await tx
          .select()
          .from(billingCustomers)
          .where(eq(billingCustomers.organisationId, a.id))),
      ]);
      expect(seen).toHaveLength(0);
    }
    const own = await runAsUser(db(), a.members.admin.claims, (tx) =>
      tx.select().from(billingSubscriptions).where(eq(billingSubscriptions.organisationId, a.id)),
    );
    expect(own).toHaveLength(1);
  });
});

describe("renewal", () => {
  async function expire(organisationId: string) {
    await runAsSystem(db(), "test: expire", (tx) =>
      tx
        .update(billingSubscriptions)
        .set({ currentPeriodEnd: new Date(Date.now() - 60_000) })
        .where(eq(billingSubscriptions.organisationId, organisationId)),
    );
  }

  it("charges the default card once per period and extends the tier", async () => {
    const { a } = world;
    await expire(a.id);
    const first = await renewDueModuleTiers(new Date());
    expect(first.charged).toBeGreaterThanOrEqual(1);
    const rows = await billingRows(db(), a.id);
    const renewal = rows.charges.filter((c) => c.kind === "renewal");
    expect(renewal.map((c) => c.status)).toEqual(["succeeded"]);
    expect(rows.subscriptions[0]!.currentPeriodEnd.getTime()).toBeGreaterThan(Date.now());
    expect(rows.modules.find((m) => m.module === "commerce")?.tier).toBe("pro");
    await renewDueModuleTiers(new Date());
    expect(
      (await billingRows(db(), a.id)).charges.filter((c) => c.kind === "renewal"),
    ).toHaveLength(1);
  });

  it("falls back to the free tier when the renewal is declined, keeping the data", async () => {
    const organisation = await createOrganisationWorld(db());
    const { a } = organisation;
    await enableCommerce(db(), a.id, "free");
    const good = await saveOrgCard(a.id, VISA);
    expect((await buy(a.members.owner.claims, a.id, good.id)).payment?.status).toBe("succeeded");
    const poor = await saveOrgCard(a.id, NO_FUNDS);
    await runAsUser(db(), a.members.owner.claims, (tx) =>
      setDefaultMethodIn(tx, org(a.id), poor.id),
    );
    await expire(a.id);
    await renewDueModuleTiers(new Date());
    const rows = await billingRows(db(), a.id);
    expect(
      rows.charges.filter((c) => c.kind === "renewal").map((c) => [c.status, c.failureCode]),
    ).toEqual([["failed", "insufficient_funds"]]);
    expect(rows.subscriptions[0]).toMatchObject({ status: "lapsed" });
    expect(rows.modules.find((m) => m.module === "commerce")).toMatchObject({
      tier: "free",
      enabled: true,
    });
    expect(rows.methods).toHaveLength(2);
  });
});

describe("webhook events", () => {
  it("records each billing event once", async () => {
    const rows = await runAsSystem(db(), "test", (tx) =>
      tx
        .select({ id: paymentEvents.eventId, n: sql<number>`count(*)::int` })
        .from(paymentEvents)
        .groupBy(paymentEvents.eventId)
        .having(sql`count(*) > 1`),
    );
    expect(rows).toHaveLength(0);
  });
});
