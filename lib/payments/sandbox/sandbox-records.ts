import { createHash, randomBytes } from "node:crypto";
import type { InferSelectModel } from "drizzle-orm";
import type {
  sandboxCustomers,
  sandboxPaymentMethods,
  sandboxPayments,
  sandboxRefunds,
  sandboxSetups,
} from "../schema";
import type {
  Customer,
  Payment,
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

/**
 * The sandbox's rows as the port's DTOs, its ids, and its events on the wire. Pure: no
 * database, so the mapping is unit-tested on its own.
 */
export type PaymentRow = InferSelectModel<typeof sandboxPayments>;
export type RefundRow = InferSelectModel<typeof sandboxRefunds>;
export type SetupRow = InferSelectModel<typeof sandboxSetups>;
export type CustomerRow = InferSelectModel<typeof sandboxCustomers>;
export type PaymentMethodRow = InferSelectModel<typeof sandboxPaymentMethods>;

/** A Stripe-shaped id: the object's prefix and 24 random characters. */
export function sandboxId(prefix: "pi" | "re" | "cus" | "seti" | "pm" | "evt"): string {
  return `${prefix}_sandbox${randomBytes(12).toString("hex")}`;
}

export function clientSecretFor(id: string): string {
  return `${id}_secret_${randomBytes(16).toString("hex")}`;
}

/** What an idempotency key is compared on: the request's parameters, canonically. */
export function requestHash(params: Record<string, unknown>): string {
  const canonical = JSON.stringify(
    Object.keys(params)
      .sort()
      .map((key) => [key, params[key] ?? null]),
  );
  return createHash("sha256").update(canonical).digest("hex");
}

/** The sandbox challenge page of a payment or setup in `requires_action`. */
export function challengePath(intentId: string): string {
  return `/payments/sandbox/challenge/${intentId}`;
}

/** A payment's DTO; `method`, when given, is its card (brand and last four on receipts). */
export function toPayment(
  row: PaymentRow,
  method?: { brand: string; last4: string } | null,
): Payment {
  const status = row.status as PaymentStatus;
  return {
    id: row.id,
    provider: "sandbox",
    status,
    amountMinor: row.amountMinor,
    currency: row.currency,
    amountRefundedMinor: row.amountRefundedMinor,
    failureCode: row.failureCode,
    metadata: row.metadata,
    clientSecret: row.clientSecret,
    nextActionUrl: status === "requires_action" ? challengePath(row.id) : null,
    customerId: row.customerId,
    paymentMethodId: row.paymentMethodId,
    card: method ? { brand: method.brand, last4: method.last4 } : null,
    createdAt: row.createdAt,
  };
}

export function toRefund(row: RefundRow): Refund {
  return {
    id: row.id,
    provider: "sandbox",
    paymentId: row.paymentId,
    amountMinor: row.amountMinor,
    currency: row.currency,
    status: row.status as RefundStatus,
    reason: row.reason as RefundReason | null,
    metadata: row.metadata,
    createdAt: row.createdAt,
  };
}

export function toPaymentMethod(row: PaymentMethodRow): SavedPaymentMethod {
  return {
    id: row.id,
    customerId: row.customerId,
    brand: row.brand,
    last4: row.last4,
    expMonth: row.expMonth,
    expYear: row.expYear,
  };
}

export function toSetup(row: SetupRow, method: PaymentMethodRow | null): Setup {
  const status = row.status as SetupStatus;
  return {
    id: row.id,
    provider: "sandbox",
    status,
    customerId: row.customerId,
    clientSecret: row.clientSecret,
    nextActionUrl: status === "requires_action" ? challengePath(row.id) : null,
    failureCode: row.failureCode,
    paymentMethod: method ? toPaymentMethod(method) : null,
    metadata: row.metadata,
    createdAt: row.createdAt,
  };
}

export function toCustomer(row: CustomerRow): Customer {
  return { id: row.id, email: row.email, name: row.name, metadata: row.metadata };
}

/** The sandbox's event body: our normalised event, as JSON (dates as ISO strings). */
export function sandboxEventBody(
  id: string,
  type: PaymentEventType,
  data: PaymentEventData,
  createdAt: Date,
): string {
  return JSON.stringify({
    id,
    object: "event",
    type,
    created: Math.floor(createdAt.getTime() / 1000),
    data,
  });
}

const EVENT_TYPES: ReadonlySet<string> = new Set<PaymentEventType>([
  "payment.created",
  "payment.processing",
  "payment.requires_action",
  "payment.succeeded",
  "payment.failed",
  "payment.canceled",
  "refund.pending",
  "refund.succeeded",
  "refund.failed",
  "refund.canceled",
  "setup.created",
  "setup.requires_action",
  "setup.succeeded",
  "setup.failed",
  "setup.canceled",
]);

type Wire = { createdAt: string } & Record<string, unknown>;

/** Reads a verified sandbox event body back; throws on anything not written by the sandbox. */
export function parseSandboxEvent(rawBody: string): PaymentEvent {
  const body = JSON.parse(rawBody) as {
    id?: unknown;
    object?: unknown;
    type?: unknown;
    created?: unknown;
    data?: { kind?: unknown; payment?: Wire; refund?: Wire; setup?: Wire };
  };
  const { id, type, created, data } = body;
  if (
    body.object !== "event" ||
    typeof id !== "string" ||
    typeof type !== "string" ||
    !EVENT_TYPES.has(type) ||
    typeof created !== "number" ||
    !data
  ) {
    throw new Error("not a sandbox event");
  }
  const withDate = <T>(object: Wire | undefined): T => {
    if (!object) throw new Error("sandbox event without its object");
    return { ...object, createdAt: new Date(object.createdAt) } as T;
  };
  const parsed: PaymentEventData =
    data.kind === "payment"
      ? { kind: "payment", payment: withDate<Payment>(data.payment) }
      : data.kind === "refund"
        ? { kind: "refund", refund: withDate<Refund>(data.refund) }
        : data.kind === "setup"
          ? { kind: "setup", setup: withDate<Setup>(data.setup) }
          : { kind: "other" };
  return {
    id,
    provider: "sandbox",
    type: type as PaymentEventType,
    providerType: type,
    createdAt: new Date(created * 1000),
    data: parsed,
  };
}
