import type Stripe from "stripe";
import type {
  ConnectAccount,
  Payment,
  PaymentCard,
  PaymentEvent,
  PaymentEventData,
  PaymentEventType,
  PaymentStatus,
  Refund,
  RefundReason,
  RefundStatus,
  SavedPaymentMethod,
  Setup,
  SetupStatus,
} from "../provider";

/** Stripe's objects as the port's DTOs. Pure: unit-tested on Stripe's fixtures. */

const fromUnix = (seconds: number) => new Date(seconds * 1000);
/**
 * Stripe's failure as one code, the sandbox's vocabulary: a specific decline reason
 * (`insufficient_funds`) over the generic `card_declined`, else the error's code.
 */
const failureOf = (error: { code?: string; decline_code?: string } | null | undefined) =>
  error
    ? error.decline_code && error.decline_code !== "generic_decline"
      ? error.decline_code
      : (error.code ?? null)
    : null;
const idOf = (value: string | { id: string } | null | undefined) =>
  value == null ? null : typeof value === "string" ? value : value.id;

/** The card that paid: from the charge or the payment method, when either came expanded. */
function cardOf(intent: Stripe.PaymentIntent): PaymentCard | null {
  const charge = intent.latest_charge;
  const fromCharge =
    charge && typeof charge === "object" ? charge.payment_method_details?.card : null;
  const method = intent.payment_method;
  const fromMethod = method && typeof method === "object" ? method.card : null;
  const card = fromCharge ?? fromMethod;
  return card?.brand && card.last4 ? { brand: card.brand, last4: card.last4 } : null;
}

export function paymentFromStripe(intent: Stripe.PaymentIntent): Payment {
  const status: PaymentStatus =
    intent.status === "requires_capture" ? "processing" : (intent.status as PaymentStatus);
  const charge = intent.latest_charge;
  const error = intent.last_payment_error;
  const next = intent.next_action;
  return {
    id: intent.id,
    provider: "stripe",
    status,
    amountMinor: intent.amount,
    currency: intent.currency,
    amountRefundedMinor: charge && typeof charge === "object" ? charge.amount_refunded : 0,
    failureCode: failureOf(error),
    metadata: { ...intent.metadata },
    clientSecret: intent.client_secret,
    nextActionUrl: next?.type === "redirect_to_url" ? (next.redirect_to_url?.url ?? null) : null,
    customerId: idOf(intent.customer),
    paymentMethodId: idOf(intent.payment_method),
    card: cardOf(intent),
    createdAt: fromUnix(intent.created),
  };
}

const REFUND_REASONS: readonly string[] = ["requested_by_customer", "duplicate", "fraudulent"];

export function refundFromStripe(refund: Stripe.Refund): Refund {
  const status: RefundStatus =
    refund.status === "succeeded" || refund.status === "failed" || refund.status === "canceled"
      ? refund.status
      : "pending";
  return {
    id: refund.id,
    provider: "stripe",
    paymentId: idOf(refund.payment_intent) ?? "",
    amountMinor: refund.amount,
    currency: refund.currency,
    status,
    reason:
      refund.reason && REFUND_REASONS.includes(refund.reason)
        ? (refund.reason as RefundReason)
        : null,
    metadata: { ...refund.metadata },
    createdAt: fromUnix(refund.created),
  };
}

export function paymentMethodFromStripe(method: Stripe.PaymentMethod): SavedPaymentMethod {
  return {
    id: method.id,
    customerId: idOf(method.customer),
    brand: method.card?.brand ?? method.type,
    last4: method.card?.last4 ?? "",
    expMonth: method.card?.exp_month ?? 0,
    expYear: method.card?.exp_year ?? 0,
  };
}

export function setupFromStripe(intent: Stripe.SetupIntent): Setup {
  const method = intent.payment_method;
  const error = intent.last_setup_error;
  const next = intent.next_action;
  return {
    id: intent.id,
    provider: "stripe",
    status: intent.status as SetupStatus,
    customerId: idOf(intent.customer),
    clientSecret: intent.client_secret,
    nextActionUrl: next?.type === "redirect_to_url" ? (next.redirect_to_url?.url ?? null) : null,
    failureCode: failureOf(error),
    paymentMethod: method && typeof method === "object" ? paymentMethodFromStripe(method) : null,
    metadata: { ...intent.metadata },
    createdAt: fromUnix(intent.created),
  };
}

/** A connected account's status (Connect, express): what the balance page shows. */
export function connectAccountFromStripe(account: Stripe.Account): ConnectAccount {
  return {
    id: account.id,
    detailsSubmitted: Boolean(account.details_submitted),
    payoutsEnabled: Boolean(account.payouts_enabled),
    chargesEnabled: Boolean(account.charges_enabled),
    disabledReason: account.requirements?.disabled_reason ?? null,
  };
}

const PAYMENT_EVENTS: Record<string, PaymentEventType> = {
  "payment_intent.created": "payment.created",
  "payment_intent.processing": "payment.processing",
  "payment_intent.requires_action": "payment.requires_action",
  "payment_intent.succeeded": "payment.succeeded",
  "payment_intent.payment_failed": "payment.failed",
  "payment_intent.canceled": "payment.canceled",
};
const SETUP_EVENTS: Record<string, PaymentEventType> = {
  "setup_intent.created": "setup.created",
  "setup_intent.requires_action": "setup.requires_action",
  "setup_intent.succeeded": "setup.succeeded",
  "setup_intent.setup_failed": "setup.failed",
  "setup_intent.canceled": "setup.canceled",
};
const REFUND_EVENTS = new Set([
  "refund.created",
  "refund.updated",
  "refund.failed",
  "charge.refund.updated",
]);

export function eventFromStripe(event: Stripe.Event): PaymentEvent {
  const object = event.data.object as { object?: string };
  let type: PaymentEventType = "other";
  let data: PaymentEventData = { kind: "other" };
  if (PAYMENT_EVENTS[event.type] && object.object === "payment_intent") {
    type = PAYMENT_EVENTS[event.type]!;
    data = { kind: "payment", payment: paymentFromStripe(object as Stripe.PaymentIntent) };
  } else if (SETUP_EVENTS[event.type] && object.object === "setup_intent") {
    type = SETUP_EVENTS[event.type]!;
    data = { kind: "setup", setup: setupFromStripe(object as Stripe.SetupIntent) };
  } else if (REFUND_EVENTS.has(event.type) && object.object === "refund") {
    const refund = refundFromStripe(object as Stripe.Refund);
    type = `refund.${refund.status}`;
    data = { kind: "refund", refund };
  } else if (event.type === "account.updated" && object.object === "account") {
    type = "account.updated";
    data = { kind: "account", account: connectAccountFromStripe(object as Stripe.Account) };
  }
  return {
    id: event.id,
    provider: "stripe",
    type,
    providerType: event.type,
    createdAt: fromUnix(event.created),
    data,
  };
}
