import type Stripe from "stripe";
import { describe, expect, it } from "vitest";
import fixtures from "@/tests/support/stripe-fixtures.json";
import {
  connectAccountFromStripe,
  eventFromStripe,
  paymentFromStripe,
  paymentMethodFromStripe,
  refundFromStripe,
  setupFromStripe,
} from "./stripe-mapping";

const intent = (changes: object = {}) =>
  ({ ...structuredClone(fixtures.payment_intent), ...changes }) as unknown as Stripe.PaymentIntent;
const event = (type: string, object: object) =>
  ({ ...structuredClone(fixtures.event), type, data: { object } }) as unknown as Stripe.Event;

describe("Stripe's objects as the port's DTOs (on Stripe's own fixtures)", () => {
  it("maps a PaymentIntent", () => {
    expect(paymentFromStripe(intent())).toEqual({
      id: "pi_1PgafyB7WZ01zgkWSjxsAJo3",
      provider: "stripe",
      status: "requires_payment_method",
      amountMinor: 1099,
      currency: "usd",
      amountRefundedMinor: 0,
      failureCode: null,
      metadata: {},
      clientSecret: fixtures.payment_intent.client_secret,
      nextActionUrl: null,
      customerId: null,
      paymentMethodId: null,
      card: null,
      createdAt: new Date(1234567890 * 1000),
    });
  });

  it("reads the card that paid from an expanded charge or payment method, never from an id", () => {
    const charge = {
      ...fixtures.charge,
      payment_method_details: { type: "card", card: { brand: "visa", last4: "4242" } },
    };
    expect(paymentFromStripe(intent({ latest_charge: charge })).card).toEqual({
      brand: "visa",
      last4: "4242",
    });
    const method = { ...fixtures.payment_method, card: { brand: "mastercard", last4: "4444" } };
    expect(paymentFromStripe(intent({ payment_method: method })).card).toEqual({
      brand: "mastercard",
      last4: "4444",
    });
    expect(paymentFromStripe(intent({ latest_charge: "ch_1", payment_method: "pm_1" })).card).toBe(
      null,
    );
  });

  it("reads the refunded amount, the failure, the redirect and a held authorisation", () => {
    const charge = { ...fixtures.charge, amount_refunded: 40 };
    expect(
      paymentFromStripe(
        intent({
          status: "requires_capture",
          latest_charge: charge,
          customer: { id: "cus_1" },
          payment_method: "pm_1",
          last_payment_error: { code: "card_declined", decline_code: "insufficient_funds" },
          next_action: { type: "redirect_to_url", redirect_to_url: { url: "https://x/3ds" } },
        }),
      ),
    ).toMatchObject({
      status: "processing",
      amountRefundedMinor: 40,
      customerId: "cus_1",
      paymentMethodId: "pm_1",
      failureCode: "insufficient_funds",
      nextActionUrl: "https://x/3ds",
    });
    const failure = (error: object) =>
      paymentFromStripe(intent({ last_payment_error: error })).failureCode;
    expect(failure({ code: "card_declined", decline_code: "generic_decline" })).toBe(
      "card_declined",
    );
    expect(failure({ code: "expired_card" })).toBe("expired_card");
    expect(paymentFromStripe(intent({ latest_charge: "ch_1" })).amountRefundedMinor).toBe(0);
  });

  it("maps a Refund, a SetupIntent and a PaymentMethod", () => {
    const refund = {
      ...fixtures.refund,
      payment_intent: "pi_1",
      reason: "expired_uncaptured_charge",
      status: "requires_action",
    } as unknown as Stripe.Refund;
    expect(refundFromStripe(refund)).toMatchObject({
      id: "re_1Pgc72B7WZ01zgkWqPvrRrPE",
      paymentId: "pi_1",
      amountMinor: 100,
      status: "pending",
      reason: null,
    });
    const method = fixtures.payment_method as unknown as Stripe.PaymentMethod;
    expect(paymentMethodFromStripe(method)).toEqual({
      id: "pm_1Pgc75B7WZ01zgkWlHVgdEGJ",
      customerId: null,
      brand: "visa",
      last4: "4242",
      expMonth: 8,
      expYear: 2030,
    });
    const setup = {
      ...fixtures.setup_intent,
      status: "succeeded",
      customer: "cus_1",
      payment_method: method,
    } as unknown as Stripe.SetupIntent;
    expect(setupFromStripe(setup)).toMatchObject({
      id: "seti_1Pgag7B7WZ01zgkWSgwGdb8Z",
      status: "succeeded",
      customerId: "cus_1",
      failureCode: null,
      paymentMethod: { last4: "4242" },
    });
  });

  it("normalises events and keeps the provider's event id", () => {
    const succeeded = eventFromStripe(
      event("payment_intent.succeeded", intent({ status: "succeeded" })),
    );
    expect(succeeded).toMatchObject({
      id: "evt_1Pgc76B7WZ01zgkWwyRHS12y",
      provider: "stripe",
      type: "payment.succeeded",
      providerType: "payment_intent.succeeded",
      data: { kind: "payment", payment: { status: "succeeded" } },
    });
    expect(eventFromStripe(event("payment_intent.payment_failed", intent())).type).toBe(
      "payment.failed",
    );
    expect(
      eventFromStripe(event("refund.updated", { ...fixtures.refund, status: "failed" })).type,
    ).toBe("refund.failed");
    expect(eventFromStripe(event("setup_intent.setup_failed", fixtures.setup_intent)).type).toBe(
      "setup.failed",
    );
    // The fixture's own event (plan.created) is nobody's business here.
    expect(
      eventFromStripe(structuredClone(fixtures.event) as unknown as Stripe.Event),
    ).toMatchObject({ type: "other", providerType: "plan.created", data: { kind: "other" } });
    // A type we know about an object we do not expect stays "other".
    expect(eventFromStripe(event("payment_intent.succeeded", fixtures.refund)).type).toBe("other");
  });

  it("reads a connected account's status from account.updated", () => {
    const created = fixtures.event.created;
    // The fixture: an express account that has not finished Stripe's form.
    expect(eventFromStripe(event("account.updated", fixtures.account))).toEqual({
      id: fixtures.event.id,
      provider: "stripe",
      type: "account.updated",
      providerType: "account.updated",
      createdAt: new Date(created * 1000),
      data: {
        kind: "account",
        account: {
          id: "acct_1PgafTB7WZ01zgkW",
          detailsSubmitted: false,
          payoutsEnabled: false,
          chargesEnabled: false,
          disabledReason: "requirements.past_due",
        },
      },
    });
    const enabled = {
      ...fixtures.account,
      details_submitted: true,
      charges_enabled: true,
      payouts_enabled: true,
      requirements: { ...fixtures.account.requirements, disabled_reason: null },
    };
    expect(connectAccountFromStripe(enabled as unknown as Stripe.Account)).toEqual({
      id: "acct_1PgafTB7WZ01zgkW",
      detailsSubmitted: true,
      payoutsEnabled: true,
      chargesEnabled: true,
      disabledReason: null,
    });
    // An account.updated about something that is not an account stays "other".
    expect(eventFromStripe(event("account.updated", fixtures.refund)).type).toBe("other");
  });
});
