// First: the request scope sets up what Next's server sets up before its stores exist.
import { inRequestScope, pageOutcome, siteRequest } from "./support/request-scope";
import { randomUUID } from "node:crypto";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import SandboxChallengePage from "@/app/[locale]/(empty)/payments/sandbox/challenge/[intentId]/page";
import { closeDb } from "@/lib/db/client";
import { resetEnvForTests } from "@/lib/env";
import { getSandboxProvider } from "@/lib/payments/get-provider";
import { answerSandboxChallenge } from "@/lib/payments/sandbox/challenge-actions";
import { getChallengeView } from "@/lib/payments/sandbox/challenge-view";

/** The sandbox's challenge page and its action, as Next calls them. */
const saved = { ...process.env };
afterEach(() => {
  process.env = { ...saved };
  resetEnvForTests();
});
afterAll(async () => {
  await closeDb();
});

const card = (number: string) => ({ number, expMonth: 12, expYear: 2035, cvc: "123" });

async function waitingPayment(returnUrl?: string) {
  const sandbox = getSandboxProvider()!;
  const payment = await sandbox.createPayment({
    amountMinor: 4599,
    currency: "eur",
    idempotencyKey: randomUUID(),
    ...(returnUrl ? { returnUrl } : {}),
  });
  return sandbox.confirmPayment(payment.id, card("4000002500003155"));
}

/** Where the action sent the browser (redirect() throws NEXT_REDIRECT with the target). */
async function answer(intentId: string, outcome: string): Promise<string | number> {
  const form = new FormData();
  form.set("intentId", intentId);
  form.set("outcome", outcome);
  try {
    await inRequestScope(siteRequest("/payments/sandbox/challenge/x", { method: "POST" }), () =>
      answerSandboxChallenge(form),
    );
    return "no redirect";
  } catch (error) {
    const digest = String((error as { digest?: unknown }).digest);
    const redirect = /^NEXT_REDIRECT;\w+;([^;]+);/.exec(digest);
    if (redirect) return redirect[1]!;
    const status = /^NEXT_HTTP_ERROR_FALLBACK;(\d+)$/.exec(digest);
    if (status) return Number(status[1]);
    throw error;
  }
}

const view = (intentId: string) =>
  inRequestScope(siteRequest(`/payments/sandbox/challenge/${intentId}`), () =>
    getChallengeView(intentId),
  );
/** The page itself, up to its first translation: 404 is all it can answer before. */
const render = (intentId: string) =>
  inRequestScope(siteRequest(`/payments/sandbox/challenge/${intentId}`), () =>
    SandboxChallengePage({ params: Promise.resolve({ intentId }) }),
  );

describe("the sandbox challenge page", () => {
  it("shows the amount and waits for an answer", async () => {
    const payment = await waitingPayment("/commerce/cart/1");
    expect(await view(payment.id)).toEqual({
      intentId: payment.id,
      kind: "payment",
      amount: { minor: 4599, currency: "EUR" },
      waiting: true,
      approved: false,
    });
  });

  it("approves, then sends the buyer back to the same-site return path", async () => {
    const payment = await waitingPayment("/commerce/cart/1?step=pay");
    expect(await answer(payment.id, "approve")).toBe(
      `/commerce/cart/1?step=pay&payment_intent=${payment.id}&redirect_status=succeeded`,
    );
    expect(await getSandboxProvider()!.getPayment(payment.id)).toMatchObject({
      status: "succeeded",
    });
    // A second answer changes nothing and comes back to the page, which says it is over.
    expect(await answer(payment.id, "fail")).toBe(`/payments/sandbox/challenge/${payment.id}`);
    expect(await view(payment.id)).toMatchObject({ waiting: false, approved: true });
  });

  it("fails the authentication on request", async () => {
    const payment = await waitingPayment();
    expect(await answer(payment.id, "fail")).toBe(`/payments/sandbox/challenge/${payment.id}`);
    expect(await getSandboxProvider()!.getPayment(payment.id)).toMatchObject({
      status: "requires_payment_method",
      failureCode: "payment_intent_authentication_failure",
    });
  });

  it("answers 404 to an unknown or malformed id, a bad outcome, and with Stripe as the provider", async () => {
    const payment = await waitingPayment();
    expect(await pageOutcome(() => render("pi_sandboxunknown"))).toBe(404);
    expect(await pageOutcome(() => render("../../etc"))).toBe(404);
    expect(await answer(payment.id, "maybe")).toBe(404);
    expect(await answer("https://evil.example", "approve")).toBe(404);
    process.env.PAYMENTS_PROVIDER = "stripe";
    process.env.STRIPE_SECRET_KEY = "sk_test_1";
    process.env.STRIPE_WEBHOOK_SECRET = "whsec_1";
    process.env.STRIPE_PUBLISHABLE_KEY = "pk_test_1";
    resetEnvForTests();
    expect(await pageOutcome(() => render(payment.id))).toBe(404);
    expect(await answer(payment.id, "approve")).toBe(404);
  });
});
