import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  unique,
  uuid,
} from "drizzle-orm/pg-core";

/**
 * The payments module's tables (docs/payments.md). All are system-only: RLS is on with no
 * policy for anon or authenticated, so only system contexts (the webhook, the sandbox
 * provider) read or write them. Checkout's own tables refer to payments by provider id.
 */

/**
 * Every verified webhook event, once: the unique (provider, event id) makes a second
 * delivery a no-op, and the handlers run in the transaction that inserts the row.
 */
export const paymentEvents = pgTable(
  "payment_events",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    provider: text("provider").notNull(),
    eventId: text("event_id").notNull(),
    type: text("type").notNull(),
    providerType: text("provider_type").notNull(),
    /** The payment, refund or setup the event is about. */
    objectId: text("object_id"),
    payload: jsonb("payload").notNull(),
    occurredAt: timestamp("occurred_at", { withTimezone: true }).notNull(),
    receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique("payment_events_provider_event_unique").on(t.provider, t.eventId),
    index("payment_events_object_idx").on(t.objectId),
  ],
).enableRLS();

const money = (name: string) => bigint(name, { mode: "number" });

/** The sandbox provider's customers (Stripe's Customer). */
export const sandboxCustomers = pgTable(
  "sandbox_customers",
  {
    id: text("id").primaryKey(),
    email: text("email"),
    name: text("name"),
    metadata: jsonb("metadata").$type<Record<string, string>>().notNull().default({}),
    idempotencyKey: text("idempotency_key").notNull(),
    requestHash: text("request_hash").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique("sandbox_customers_idempotency_unique").on(t.idempotencyKey)],
).enableRLS();

/** Cards the sandbox has seen, by their test-card behaviour; attached to a customer once saved. */
export const sandboxPaymentMethods = pgTable(
  "sandbox_payment_methods",
  {
    id: text("id").primaryKey(),
    customerId: text("customer_id").references(() => sandboxCustomers.id),
    brand: text("brand").notNull(),
    last4: text("last4").notNull(),
    expMonth: integer("exp_month").notNull(),
    expYear: integer("exp_year").notNull(),
    /** Which test card (its `pm_card_…` token, lib/payments/test-cards.ts): decides later charges. */
    testCard: text("test_card").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("sandbox_payment_methods_customer_idx").on(t.customerId)],
).enableRLS();

/** The sandbox provider's payments (Stripe's PaymentIntent). */
export const sandboxPayments = pgTable(
  "sandbox_payments",
  {
    id: text("id").primaryKey(),
    status: text("status").notNull(),
    amountMinor: money("amount_minor").notNull(),
    currency: text("currency").notNull(),
    amountRefundedMinor: money("amount_refunded_minor").notNull().default(0),
    failureCode: text("failure_code"),
    metadata: jsonb("metadata").$type<Record<string, string>>().notNull().default({}),
    clientSecret: text("client_secret").notNull(),
    returnUrl: text("return_url"),
    customerId: text("customer_id").references(() => sandboxCustomers.id),
    paymentMethodId: text("payment_method_id").references(() => sandboxPaymentMethods.id),
    saveForLater: boolean("save_for_later").notNull().default(false),
    description: text("description"),
    idempotencyKey: text("idempotency_key").notNull(),
    requestHash: text("request_hash").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique("sandbox_payments_idempotency_unique").on(t.idempotencyKey),
    index("sandbox_payments_customer_idx").on(t.customerId),
    index("sandbox_payments_payment_method_idx").on(t.paymentMethodId),
    check("sandbox_payments_amount", sql`${t.amountMinor} > 0`),
    check(
      "sandbox_payments_refunded",
      sql`${t.amountRefundedMinor} between 0 and ${t.amountMinor}`,
    ),
  ],
).enableRLS();

/** The sandbox provider's refunds. */
export const sandboxRefunds = pgTable(
  "sandbox_refunds",
  {
    id: text("id").primaryKey(),
    paymentId: text("payment_id")
      .notNull()
      .references(() => sandboxPayments.id),
    amountMinor: money("amount_minor").notNull(),
    currency: text("currency").notNull(),
    status: text("status").notNull(),
    reason: text("reason"),
    metadata: jsonb("metadata").$type<Record<string, string>>().notNull().default({}),
    idempotencyKey: text("idempotency_key").notNull(),
    requestHash: text("request_hash").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique("sandbox_refunds_idempotency_unique").on(t.idempotencyKey),
    index("sandbox_refunds_payment_idx").on(t.paymentId),
    check("sandbox_refunds_amount", sql`${t.amountMinor} > 0`),
  ],
).enableRLS();

/** The sandbox provider's card setups (Stripe's SetupIntent). */
export const sandboxSetups = pgTable(
  "sandbox_setups",
  {
    id: text("id").primaryKey(),
    customerId: text("customer_id")
      .notNull()
      .references(() => sandboxCustomers.id),
    status: text("status").notNull(),
    paymentMethodId: text("payment_method_id").references(() => sandboxPaymentMethods.id),
    failureCode: text("failure_code"),
    clientSecret: text("client_secret").notNull(),
    returnUrl: text("return_url"),
    metadata: jsonb("metadata").$type<Record<string, string>>().notNull().default({}),
    idempotencyKey: text("idempotency_key").notNull(),
    requestHash: text("request_hash").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique("sandbox_setups_idempotency_unique").on(t.idempotencyKey),
    index("sandbox_setups_customer_idx").on(t.customerId),
    index("sandbox_setups_payment_method_idx").on(t.paymentMethodId),
  ],
).enableRLS();

/**
 * The sandbox's outgoing webhook events, written in the transaction of the state change
 * (so none is lost) and delivered after the commit; `delivered_at` stays null until the
 * webhook endpoint answered 2xx, and `deliverPendingSandboxEvents` sends what is left.
 */
export const sandboxEvents = pgTable(
  "sandbox_events",
  {
    id: text("id").primaryKey(),
    type: text("type").notNull(),
    payload: text("payload").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    deliveredAt: timestamp("delivered_at", { withTimezone: true }),
    attempts: integer("attempts").notNull().default(0),
  },
  (t) => [
    index("sandbox_events_pending_idx")
      .on(t.createdAt)
      .where(sql`${t.deliveredAt} is null`),
  ],
).enableRLS();
