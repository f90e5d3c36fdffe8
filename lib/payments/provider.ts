/**
 * The payment port (docs/payments.md): one interface, two providers chosen from settings
 * (lib/payments/get-provider.ts). Plain DTOs only: no Stripe type and no table row leaves
 * this module. Amounts are integer minor units with an ISO currency in lower case (Stripe's
 * convention); ids are the provider's own. No order logic lives here: checkout keeps its
 * checkout or order id in `metadata` and finds its own rows from the events.
 */

export type PaymentProviderName = "sandbox" | "stripe";

/**
 * A payment's state, Stripe's PaymentIntent states without `requires_capture` (payments are
 * captured automatically; a held authorisation reads as `processing`).
 */
export type PaymentStatus =
  | "requires_payment_method"
  | "requires_confirmation"
  | "requires_action"
  | "processing"
  | "succeeded"
  | "canceled";

export type Metadata = Record<string, string>;

export interface Payment {
  id: string;
  provider: PaymentProviderName;
  status: PaymentStatus;
  amountMinor: number;
  currency: string;
  /** What has been refunded so far (succeeded and pending refunds). */
  amountRefundedMinor: number;
  /** Why the last attempt failed: `card_declined`, `insufficient_funds`, `expired_card`, … */
  failureCode: string | null;
  metadata: Metadata;
  /** Handed to the browser (Stripe.js, or the sandbox's card form) to confirm the payment. */
  clientSecret: string | null;
  /** Where the buyer goes for an authentication step (status `requires_action`), if a page. */
  nextActionUrl: string | null;
  customerId: string | null;
  paymentMethodId: string | null;
  /**
   * The card that paid, when the provider tells it with the payment (the sandbox always; Stripe
   * when the charge or the payment method came expanded). For receipts only.
   */
  card?: PaymentCard | null;
  createdAt: Date;
}

/** A card as a receipt shows it: the brand (`visa`, …) and the last four digits. */
export interface PaymentCard {
  brand: string;
  last4: string;
}

export type RefundStatus = "pending" | "succeeded" | "failed" | "canceled";
/** Stripe's refund reasons; a longer explanation goes in the refund's metadata. */
export type RefundReason = "requested_by_customer" | "duplicate" | "fraudulent";

export interface Refund {
  id: string;
  provider: PaymentProviderName;
  paymentId: string;
  amountMinor: number;
  currency: string;
  status: RefundStatus;
  reason: RefundReason | null;
  metadata: Metadata;
  createdAt: Date;
}

export interface SavedPaymentMethod {
  id: string;
  customerId: string | null;
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
}

export type SetupStatus =
  | "requires_payment_method"
  | "requires_confirmation"
  | "requires_action"
  | "processing"
  | "succeeded"
  | "canceled";

/** Saving a card for later (Stripe's SetupIntent). */
export interface Setup {
  id: string;
  provider: PaymentProviderName;
  status: SetupStatus;
  customerId: string | null;
  clientSecret: string | null;
  nextActionUrl: string | null;
  failureCode: string | null;
  paymentMethod: SavedPaymentMethod | null;
  metadata: Metadata;
  createdAt: Date;
}

export interface Customer {
  id: string;
  email: string | null;
  name: string | null;
  metadata: Metadata;
}

/**
 * Normalised event types. Payment and setup events follow the provider's event; refund
 * events carry the refund's status (`refund.succeeded`, …); `account.updated` carries a
 * connected account's status (Stripe Connect). Anything else is `other`, with the provider's
 * own type in `providerType`.
 */
export type PaymentEventType =
  | "payment.created"
  | "payment.processing"
  | "payment.requires_action"
  | "payment.succeeded"
  | "payment.failed"
  | "payment.canceled"
  | "refund.pending"
  | "refund.succeeded"
  | "refund.failed"
  | "refund.canceled"
  | "setup.created"
  | "setup.requires_action"
  | "setup.succeeded"
  | "setup.failed"
  | "setup.canceled"
  | "account.updated"
  | "other";

export type PaymentEventData =
  | { kind: "payment"; payment: Payment }
  | { kind: "refund"; refund: Refund }
  | { kind: "setup"; setup: Setup }
  | { kind: "account"; account: ConnectAccount }
  | { kind: "other" };

export interface PaymentEvent {
  /** The provider's event id (`evt_…`): the key that makes a second delivery a no-op. */
  id: string;
  provider: PaymentProviderName;
  type: PaymentEventType;
  providerType: string;
  createdAt: Date;
  data: PaymentEventData;
}

export interface CreatePaymentInput {
  amountMinor: number;
  currency: string;
  /** The same key with the same input returns the same payment (a retry creates nothing). */
  idempotencyKey: string;
  metadata?: Metadata;
  /** Sandbox: the same-site path the challenge page returns to (Stripe.js is given its own). */
  returnUrl?: string;
  customerId?: string;
  /** Keep the card for later off-session charges (Stripe's setup_future_usage). */
  saveForLater?: boolean;
  description?: string;
}

export interface ChargeSavedMethodInput {
  amountMinor: number;
  currency: string;
  customerId: string;
  paymentMethodId: string;
  idempotencyKey: string;
  metadata?: Metadata;
  description?: string;
}

export interface CreateRefundInput {
  paymentId: string;
  /** Omitted: what is left of the payment. */
  amountMinor?: number;
  reason?: RefundReason;
  idempotencyKey: string;
  metadata?: Metadata;
}

export interface CreateCustomerInput {
  email?: string;
  name?: string;
  idempotencyKey: string;
  metadata?: Metadata;
}

export interface CreateSetupInput {
  customerId: string;
  idempotencyKey: string;
  metadata?: Metadata;
  /** Sandbox: the same-site path the challenge page returns to. */
  returnUrl?: string;
}

/** A connected account that receives an organisation's payouts (Stripe Connect, express). */
export interface ConnectAccount {
  id: string;
  /** The holder finished the onboarding form. */
  detailsSubmitted: boolean;
  /** Transfers and payouts to it can be made. */
  payoutsEnabled: boolean;
  /** It can take payments (Stripe's `charges_enabled`). */
  chargesEnabled: boolean;
  /**
   * Why the provider keeps it from working, in its own words (Stripe's
   * `requirements.disabled_reason`: `requirements.past_due`, `under_review`, `rejected.fraud`…);
   * null when nothing is held back.
   */
  disabledReason: string | null;
}

export interface CreateConnectAccountInput {
  email?: string;
  idempotencyKey: string;
  metadata?: Metadata;
}

export interface CreateAccountLinkInput {
  accountId: string;
  /** Where the provider sends the holder back when the form is done (or left). */
  returnUrl: string;
  /** Where it sends them when the link expired or was used: a page that makes a new link. */
  refreshUrl: string;
}

export interface CreateTransferInput {
  accountId: string;
  amountMinor: number;
  currency: string;
  idempotencyKey: string;
  metadata?: Metadata;
}

/** What the browser needs to load the card form. */
export interface PaymentPublicConfig {
  provider: PaymentProviderName;
  publishableKey: string | null;
}

export interface PaymentProvider {
  readonly name: PaymentProviderName;
  publicConfig(): PaymentPublicConfig;
  createPayment(input: CreatePaymentInput): Promise<Payment>;
  /** The provider's current view (reconciliation after a crash); null when unknown. */
  getPayment(paymentId: string): Promise<Payment | null>;
  cancelPayment(paymentId: string): Promise<Payment>;
  /** An off-session charge of a saved card; a decline answers the payment with its failure. */
  chargeSavedMethod(input: ChargeSavedMethodInput): Promise<Payment>;
  /** Refuses (PaymentProviderError `refund_exceeds_payment`) more than is left to refund. */
  createRefund(input: CreateRefundInput): Promise<Refund>;
  getRefund(refundId: string): Promise<Refund | null>;
  createCustomer(input: CreateCustomerInput): Promise<Customer>;
  createSetup(input: CreateSetupInput): Promise<Setup>;
  getSetup(setupId: string): Promise<Setup | null>;
  listPaymentMethods(customerId: string): Promise<SavedPaymentMethod[]>;
  detachPaymentMethod(paymentMethodId: string): Promise<void>;
  /** Payouts (docs/income.md): the organisation's connected account and its onboarding. */
  createConnectAccount(input: CreateConnectAccountInput): Promise<ConnectAccount>;
  getConnectAccount(accountId: string): Promise<ConnectAccount | null>;
  /** A one-time onboarding URL (the provider's hosted form). */
  createAccountLink(input: CreateAccountLinkInput): Promise<{ url: string }>;
  /** Money of the platform's balance sent to a connected account; the transfer's id. */
  createTransfer(input: CreateTransferInput): Promise<{ id: string }>;
  /**
   * Checks a webhook's signature over its raw body and reads the event. Throws
   * `WebhookSignatureError` when the signature is missing, wrong or too old.
   */
  verifyWebhook(rawBody: string, signatureHeader: string | null): Promise<PaymentEvent>;
}

export type PaymentErrorCode =
  | "not_found"
  | "invalid_request"
  | "invalid_state"
  | "idempotency_conflict"
  | "refund_exceeds_payment"
  | "provider_unavailable";

/** An expected refusal of a provider, for the caller to turn into a message. */
export class PaymentProviderError extends Error {
  constructor(
    readonly code: PaymentErrorCode,
    message: string = code,
  ) {
    super(message);
    this.name = "PaymentProviderError";
  }
}

export class WebhookSignatureError extends Error {
  constructor(message = "invalid webhook signature") {
    super(message);
    this.name = "WebhookSignatureError";
  }
}
