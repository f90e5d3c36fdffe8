import "server-only";
import Stripe from "stripe";
import {
  PaymentProviderError,
  WebhookSignatureError,
  type ChargeSavedMethodInput,
  type ConnectAccount,
  type CreateAccountLinkInput,
  type CreateConnectAccountInput,
  type CreateTransferInput,
  type CreateCustomerInput,
  type CreatePaymentInput,
  type CreateRefundInput,
  type CreateSetupInput,
  type Customer,
  type Payment,
  type PaymentEvent,
  type PaymentProvider,
  type PaymentPublicConfig,
  type Refund,
  type SavedPaymentMethod,
  type Setup,
} from "../provider";
import {
  connectAccountFromStripe,
  eventFromStripe,
  paymentFromStripe,
  paymentMethodFromStripe,
  refundFromStripe,
  setupFromStripe,
} from "./stripe-mapping";

export interface StripeProviderOptions {
  secretKey: string;
  webhookSecret: string;
  /** The Connect endpoint's secret (connected accounts' events), if it has one. */
  connectWebhookSecret?: string;
  publishableKey: string;
  /** Another API server (tests: tests/support/stripe-api-server.ts). */
  apiUrl?: string;
}

/**
 * Stripe through its official SDK (docs/payments.md): PaymentIntents with automatic payment
 * methods (the Payment Element), Refunds, Customers and SetupIntents for saved cards,
 * webhooks checked by `stripe.webhooks.constructEvent`. Every write carries an idempotency
 * key: the caller's, or for cancel and detach (idempotent by nature) one derived from the id.
 */
export class StripePaymentProvider implements PaymentProvider {
  readonly name = "stripe" as const;
  private readonly stripe: Stripe;

  constructor(private readonly options: StripeProviderOptions) {
    const api = options.apiUrl ? new URL(options.apiUrl) : null;
    this.stripe = new Stripe(options.secretKey, {
      maxNetworkRetries: 2,
      telemetry: false,
      appInfo: { name: "Live Market" },
      ...(api
        ? {
            host: api.hostname,
            port: api.port || (api.protocol === "https:" ? 443 : 80),
            protocol: api.protocol === "https:" ? "https" : "http",
          }
        : {}),
    });
  }

  publicConfig(): PaymentPublicConfig {
    return { provider: "stripe", publishableKey: this.options.publishableKey };
  }

  async createPayment(input: CreatePaymentInput): Promise<Payment> {
    const intent = await call(() =>
      this.stripe.paymentIntents.create(
        {
          amount: input.amountMinor,
          currency: input.currency.toLowerCase(),
          automatic_payment_methods: { enabled: true },
          metadata: input.metadata ?? {},
          ...(input.customerId ? { customer: input.customerId } : {}),
          ...(input.saveForLater ? { setup_future_usage: "off_session" as const } : {}),
          ...(input.description ? { description: input.description } : {}),
        },
        { idempotencyKey: input.idempotencyKey },
      ),
    );
    return paymentFromStripe(intent);
  }

  async getPayment(paymentId: string): Promise<Payment | null> {
    const intent = await orNull(() =>
      this.stripe.paymentIntents.retrieve(paymentId, { expand: ["latest_charge"] }),
    );
    return intent ? paymentFromStripe(intent) : null;
  }

  async cancelPayment(paymentId: string): Promise<Payment> {
    const intent = await call(() =>
      this.stripe.paymentIntents.cancel(paymentId, {}, { idempotencyKey: `cancel:${paymentId}` }),
    );
    return paymentFromStripe(intent);
  }

  async chargeSavedMethod(input: ChargeSavedMethodInput): Promise<Payment> {
    try {
      const intent = await this.stripe.paymentIntents.create(
        {
          amount: input.amountMinor,
          currency: input.currency.toLowerCase(),
          customer: input.customerId,
          payment_method: input.paymentMethodId,
          off_session: true,
          confirm: true,
          metadata: input.metadata ?? {},
          ...(input.description ? { description: input.description } : {}),
        },
        { idempotencyKey: input.idempotencyKey },
      );
      return paymentFromStripe(intent);
    } catch (error) {
      // A decline answers 402 with the failed PaymentIntent: that is a result, not an error.
      if (error instanceof Stripe.errors.StripeCardError && error.payment_intent) {
        return paymentFromStripe(error.payment_intent);
      }
      throw translate(error);
    }
  }

  async createRefund(input: CreateRefundInput): Promise<Refund> {
    const refund = await call(() =>
      this.stripe.refunds.create(
        {
          payment_intent: input.paymentId,
          ...(input.amountMinor !== undefined ? { amount: input.amountMinor } : {}),
          ...(input.reason ? { reason: input.reason } : {}),
          metadata: input.metadata ?? {},
        },
        { idempotencyKey: input.idempotencyKey },
      ),
    );
    return refundFromStripe(refund);
  }

  async getRefund(refundId: string): Promise<Refund | null> {
    const refund = await orNull(() => this.stripe.refunds.retrieve(refundId));
    return refund ? refundFromStripe(refund) : null;
  }

  async createCustomer(input: CreateCustomerInput): Promise<Customer> {
    const customer = await call(() =>
      this.stripe.customers.create(
        {
          ...(input.email ? { email: input.email } : {}),
          ...(input.name ? { name: input.name } : {}),
          metadata: input.metadata ?? {},
        },
        { idempotencyKey: input.idempotencyKey },
      ),
    );
    return {
      id: customer.id,
      email: customer.email ?? null,
      name: customer.name ?? null,
      metadata: { ...customer.metadata },
    };
  }

  async createSetup(input: CreateSetupInput): Promise<Setup> {
    const intent = await call(() =>
      this.stripe.setupIntents.create(
        {
          customer: input.customerId,
          usage: "off_session",
          automatic_payment_methods: { enabled: true },
          metadata: input.metadata ?? {},
        },
        { idempotencyKey: input.idempotencyKey },
      ),
    );
    return setupFromStripe(intent);
  }

  async getSetup(setupId: string): Promise<Setup | null> {
    const intent = await orNull(() =>
      this.stripe.setupIntents.retrieve(setupId, { expand: ["payment_method"] }),
    );
    return intent ? setupFromStripe(intent) : null;
  }

  async listPaymentMethods(customerId: string): Promise<SavedPaymentMethod[]> {
    const list = await call(() =>
      this.stripe.paymentMethods.list({ customer: customerId, type: "card", limit: 100 }),
    );
    return list.data.map(paymentMethodFromStripe);
  }

  async detachPaymentMethod(paymentMethodId: string): Promise<void> {
    await call(() =>
      this.stripe.paymentMethods.detach(
        paymentMethodId,
        {},
        { idempotencyKey: `detach:${paymentMethodId}` },
      ),
    );
  }

  async createConnectAccount(input: CreateConnectAccountInput): Promise<ConnectAccount> {
    const account = await call(() =>
      this.stripe.accounts.create(
        {
          type: "express",
          ...(input.email ? { email: input.email } : {}),
          metadata: input.metadata ?? {},
        },
        { idempotencyKey: input.idempotencyKey },
      ),
    );
    return connectAccountFromStripe(account);
  }

  async getConnectAccount(accountId: string): Promise<ConnectAccount | null> {
    const account = await orNull(() => this.stripe.accounts.retrieve(accountId));
    return account ? connectAccountFromStripe(account) : null;
  }

  async createAccountLink(input: CreateAccountLinkInput): Promise<{ url: string }> {
    const link = await call(() =>
      this.stripe.accountLinks.create({
        account: input.accountId,
        type: "account_onboarding",
        return_url: input.returnUrl,
        refresh_url: input.refreshUrl,
      }),
    );
    return { url: link.url };
  }

  async createTransfer(input: CreateTransferInput): Promise<{ id: string }> {
    const transfer = await call(() =>
      this.stripe.transfers.create(
        {
          amount: input.amountMinor,
          currency: input.currency.toLowerCase(),
          destination: input.accountId,
          metadata: input.metadata ?? {},
        },
        { idempotencyKey: input.idempotencyKey },
      ),
    );
    return { id: transfer.id };
  }

  async verifyWebhook(rawBody: string, signatureHeader: string | null): Promise<PaymentEvent> {
    if (!signatureHeader) throw new WebhookSignatureError("missing signature header");
    // The platform's endpoint, then the Connect endpoint (its own secret): one route for both.
    let event: Stripe.Event | null = null;
    let refusal: unknown;
    for (const secret of [this.options.webhookSecret, this.options.connectWebhookSecret]) {
      if (!secret || event) continue;
      try {
        event = this.stripe.webhooks.constructEvent(rawBody, signatureHeader, secret);
      } catch (error) {
        refusal = error;
      }
    }
    if (!event) {
      throw new WebhookSignatureError(refusal instanceof Error ? refusal.message : "invalid");
    }
    return eventFromStripe(event);
  }
}

async function call<T>(request: () => Promise<T>): Promise<T> {
  try {
    return await request();
  } catch (error) {
    throw translate(error);
  }
}

async function orNull<T>(request: () => Promise<T>): Promise<T | null> {
  try {
    return await request();
  } catch (error) {
    if (error instanceof Stripe.errors.StripeError && error.code === "resource_missing") {
      return null;
    }
    throw translate(error);
  }
}

/** Stripe's expected refusals as the port's errors; anything else goes up unchanged. */
function translate(error: unknown): unknown {
  if (!(error instanceof Stripe.errors.StripeError)) return error;
  if (error instanceof Stripe.errors.StripeIdempotencyError) {
    return new PaymentProviderError("idempotency_conflict", error.message);
  }
  if (error instanceof Stripe.errors.StripeConnectionError) {
    return new PaymentProviderError("provider_unavailable", error.message);
  }
  if (error.code === "resource_missing")
    return new PaymentProviderError("not_found", error.message);
  // A refund beyond what is left: `amount_too_large` ("Refund amount (…) is greater than
  // unrefunded amount on charge (…)"), or nothing left at all.
  if (error.code === "amount_too_large" || error.code === "charge_already_refunded") {
    return new PaymentProviderError("refund_exceeds_payment", error.message);
  }
  if (error.code === "payment_intent_unexpected_state") {
    return new PaymentProviderError("invalid_state", error.message);
  }
  if (error instanceof Stripe.errors.StripeInvalidRequestError) {
    return new PaymentProviderError("invalid_request", error.message);
  }
  return error;
}
