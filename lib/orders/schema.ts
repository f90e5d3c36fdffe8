import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  foreignKey,
  index,
  integer,
  jsonb,
  pgPolicy,
  pgTable,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { authenticatedRole } from "drizzle-orm/supabase";
import { users } from "@/lib/auth/schema";
import { sellableKinds } from "@/lib/cart/sellable-kinds";
import { organisations } from "@/lib/organisations/schema";
import {
  fulfilmentStatuses,
  orderEventKinds,
  orderStatuses,
  orderTaskKinds,
  paymentStatuses,
  refundReasons,
  refundStatuses,
  type OrderAddress,
  type OrderContact,
  type OrderDelivery,
} from "./order-types";
import { hasPermissionIn } from "@/lib/db/policies";

/**
 * Orders (issue 12 §2–3; domain.md "Buying and booking"): one per organisation per checkout,
 * placed from one cart. Three separate states: the order's own (pending → confirmed →
 * completed, or cancelled | expired), its payment's and its fulfilment's.
 *
 * A pending order holds its lines' stock until `hold_expires_at` (counted by
 * `app.sellable_holds` beside the carts' holds); the stock itself is decremented once, in
 * the transaction that confirms the order (the payment's `payment.succeeded` handler).
 *
 * Written by the system (placing, payment events, refunds) and by members with
 * commerce.order.write (fulfilment, cancelling: `orders_update_permitted`); members with
 * payment.refund.write lock it to refund and write nothing (`orders_lock_refund`). Read by the
 * buyer and by members with commerce.order.read. Amounts are integer minor units of
 * `currency`; lines, contact, address and delivery are copies taken when the order was
 * placed, so later changes to the catalogue or the address book never rewrite an order.
 */
export const orders = pgTable(
  "orders",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    organisationId: uuid("organisation_id")
      .notNull()
      .references(() => organisations.id, { onDelete: "restrict" }),
    buyerUserId: uuid("buyer_user_id")
      .notNull()
      .references(() => users.id, { onDelete: "restrict" }),
    /** The shop's name when the order was placed (buyers cannot read organisations). */
    sellerName: text("seller_name").notNull(),
    /** What buyer and seller quote: eight characters, unique. */
    reference: text("reference").notNull(),
    status: text("status", { enum: orderStatuses }).notNull().default("pending"),
    paymentStatus: text("payment_status", { enum: paymentStatuses }).notNull().default("unpaid"),
    fulfilmentStatus: text("fulfilment_status", { enum: fulfilmentStatuses })
      .notNull()
      .default("unfulfilled"),
    currency: text("currency").notNull(),
    pricesIncludeTax: boolean("prices_include_tax").notNull().default(true),
    subtotalMinor: bigint("subtotal_minor", { mode: "number" }).notNull(),
    discountMinor: bigint("discount_minor", { mode: "number" }).notNull().default(0),
    deliveryMinor: bigint("delivery_minor", { mode: "number" }).notNull().default(0),
    taxMinor: bigint("tax_minor", { mode: "number" }).notNull().default(0),
    totalMinor: bigint("total_minor", { mode: "number" }).notNull(),
    refundedMinor: bigint("refunded_minor", { mode: "number" }).notNull().default(0),
    discountCode: text("discount_code"),
    contact: jsonb("contact").$type<OrderContact>().notNull(),
    shippingAddress: jsonb("shipping_address").$type<OrderAddress | null>(),
    delivery: jsonb("delivery").$type<OrderDelivery>().notNull(),
    /** The provider's payment (PaymentIntent) for this order; one per order, retried in place. */
    paymentProvider: text("payment_provider"),
    paymentId: text("payment_id"),
    holdExpiresAt: timestamp("hold_expires_at", { withTimezone: true }).notNull(),
    placedAt: timestamp("placed_at", { withTimezone: true }).notNull().defaultNow(),
    confirmedAt: timestamp("confirmed_at", { withTimezone: true }),
    /**
     * When the payment succeeded: set by the database the first time the payment status
     * becomes paid (migration 0033), whichever path paid it; null for unpaid and free orders.
     * The buyer's "payments made" are the orders that have one (docs/billing.md).
     */
    paidAt: timestamp("paid_at", { withTimezone: true }),
    /** The card that paid, as the provider told it with the payment (receipts), if it did. */
    cardBrand: text("card_brand"),
    cardLast4: text("card_last4"),
    updatedAt: timestamp("updated_at", { withTimezone: true })
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
  },
  (t) => [
    unique("orders_organisation_id_key").on(t.organisationId, t.id),
    uniqueIndex("orders_reference_key").on(t.reference),
    uniqueIndex("orders_payment_key").on(t.paymentProvider, t.paymentId),
    index("orders_buyer_placed_idx").on(t.buyerUserId, t.placedAt),
    index("orders_organisation_placed_idx").on(t.organisationId, t.placedAt),
    index("orders_buyer_paid_idx")
      .on(t.buyerUserId, t.paidAt)
      .where(sql`${t.paidAt} is not null`),
    // The ledger's catch-up (lib/income/ledger.ts) reads the orders confirmed lately, each minute.
    index("orders_confirmed_idx")
      .on(t.confirmedAt)
      .where(sql`${t.confirmedAt} is not null`),
    index("orders_pending_hold_idx")
      .on(t.holdExpiresAt)
      .where(sql`${t.status} = 'pending'`),
    check("orders_currency_format", sql`${t.currency} ~ '^[A-Z]{3}$'`),
    check("orders_card_last4", sql`${t.cardLast4} is null or ${t.cardLast4} ~ '^[0-9]{4}$'`),
    check(
      "orders_amounts",
      sql`${t.subtotalMinor} >= 0 and ${t.discountMinor} >= 0 and ${t.deliveryMinor} >= 0
        and ${t.taxMinor} >= 0 and ${t.totalMinor} >= 0
        and ${t.refundedMinor} between 0 and ${t.totalMinor}`,
    ),
    pgPolicy("orders_select_buyer", {
      for: "select",
      to: authenticatedRole,
      using: sql`${t.buyerUserId} = (select auth.uid())`,
    }),
    pgPolicy("orders_select_permitted", {
      for: "select",
      to: authenticatedRole,
      using: sql`${hasPermissionIn(t.organisationId, "commerce.order.read")}`,
    }),
    // The income pages (lib/income) read the orders that paid the organisation.
    pgPolicy("orders_select_payment", {
      for: "select",
      to: authenticatedRole,
      using: sql`${hasPermissionIn(t.organisationId, "payment.charge.read")}`,
    }),
    pgPolicy("orders_update_permitted", {
      for: "update",
      to: authenticatedRole,
      using: sql`${hasPermissionIn(t.organisationId, "commerce.order.write")}`,
      withCheck: sql`${hasPermissionIn(t.organisationId, "commerce.order.write")}`,
    }),
    // A refund locks the order (`select … for update`, which RLS checks against the update
    // policies) and changes nothing of it: payment.refund.write may lock, never write.
    pgPolicy("orders_lock_refund", {
      for: "update",
      to: authenticatedRole,
      using: sql`${hasPermissionIn(t.organisationId, "payment.refund.write")}`,
      withCheck: sql`false`,
    }),
  ],
).enableRLS();

/**
 * Who reads a part of an order (its lines, events, refunds): the order's buyer, and members
 * with commerce.order.read.
 */
function orderPartReaders(table: string, t: { orderId: AnyPgColumn; organisationId: AnyPgColumn }) {
  return [
    pgPolicy(`${table}_select_buyer`, {
      for: "select",
      to: authenticatedRole,
      using: sql`exists (select 1 from orders o where o.id = ${t.orderId}
        and o.buyer_user_id = (select auth.uid()))`,
    }),
    pgPolicy(`${table}_select_permitted`, {
      for: "select",
      to: authenticatedRole,
      using: sql`${hasPermissionIn(t.organisationId, "commerce.order.read")}`,
    }),
  ];
}

export const orderLines = pgTable(
  "order_lines",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    orderId: uuid("order_id").notNull(),
    organisationId: uuid("organisation_id").notNull(),
    position: integer("position").notNull(),
    sellableKind: text("sellable_kind", { enum: sellableKinds }).notNull(),
    sellableId: uuid("sellable_id").notNull(),
    /** The listing sold (no foreign key: an order outlives its listing). */
    listingId: uuid("listing_id").notNull(),
    title: text("title").notNull(),
    optionLabel: text("option_label").notNull().default(""),
    quantity: integer("quantity").notNull(),
    unitPriceMinor: bigint("unit_price_minor", { mode: "number" }).notNull(),
    /** The price without a running offer, when one applied. */
    normalPriceMinor: bigint("normal_price_minor", { mode: "number" }),
    offerId: uuid("offer_id"),
    /** Whether the line's stock is tracked (held while pending, decremented on confirmation). */
    tracked: boolean("tracked").notNull().default(true),
    /**
     * Whether its order is pending (and so may hold the line's units until `hold_expires_at`):
     * kept by the database (migration 0037: set on insert, and by a trigger when the order's
     * status changes), so the holds queries read the few pending lines through
     * `order_lines_pending_holds_idx` instead of every line ever sold.
     */
    pending: boolean("pending").notNull().default(false),
    taxClass: text("tax_class").notNull().default("standard"),
    taxRateBasisPoints: integer("tax_rate_basis_points").notNull().default(0),
    discountMinor: bigint("discount_minor", { mode: "number" }).notNull().default(0),
    taxMinor: bigint("tax_minor", { mode: "number" }).notNull().default(0),
    totalMinor: bigint("total_minor", { mode: "number" }).notNull(),
  },
  (t) => [
    foreignKey({
      name: "order_lines_order_fk",
      columns: [t.organisationId, t.orderId],
      foreignColumns: [orders.organisationId, orders.id],
    }).onDelete("cascade"),
    uniqueIndex("order_lines_order_position_key").on(t.orderId, t.position),
    index("order_lines_organisation_order_idx").on(t.organisationId, t.orderId),
    index("order_lines_sellable_idx").on(t.sellableKind, t.sellableId),
    index("order_lines_pending_holds_idx")
      .on(t.sellableKind, t.sellableId)
      .where(sql`${t.pending}`),
    index("order_lines_listing_idx").on(t.listingId),
    check("order_lines_quantity", sql`${t.quantity} between 1 and 99`),
    check("order_lines_amounts", sql`${t.unitPriceMinor} >= 0 and ${t.totalMinor} >= 0`),
    ...orderPartReaders("order_lines", t),
    // Those who read the orders that paid the organisation (lib/income) read their lines: a
    // refund that puts the units back in stock reads them.
    pgPolicy("order_lines_select_payment", {
      for: "select",
      to: authenticatedRole,
      using: sql`${hasPermissionIn(t.organisationId, "payment.charge.read")}`,
    }),
  ],
).enableRLS();

/** Every change of an order, oldest first: its timeline. Appended, never changed. */
export const orderEvents = pgTable(
  "order_events",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    orderId: uuid("order_id").notNull(),
    organisationId: uuid("organisation_id").notNull(),
    kind: text("kind", { enum: orderEventKinds }).notNull(),
    /** Who did it; null for the system (payment events, expiry). */
    actorUserId: uuid("actor_user_id"),
    /** Small facts of the change: amounts, failure codes, a note. */
    detail: jsonb("detail").$type<Record<string, string | number>>().notNull().default({}),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    foreignKey({
      name: "order_events_order_fk",
      columns: [t.organisationId, t.orderId],
      foreignColumns: [orders.organisationId, orders.id],
    }).onDelete("cascade"),
    index("order_events_order_at_idx").on(t.orderId, t.at),
    index("order_events_organisation_order_idx").on(t.organisationId, t.orderId),
    ...orderPartReaders("order_events", t),
    pgPolicy("order_events_insert_permitted", {
      for: "insert",
      to: authenticatedRole,
      withCheck: sql`${hasPermissionIn(t.organisationId, "commerce.order.write")}
        and ${t.actorUserId} = (select auth.uid())`,
    }),
    // The refund's own timeline entries, for a member who refunds without commerce.order.write:
    // the refund, and the units it put back in stock (that also needs commerce.product.write).
    pgPolicy("order_events_insert_refund", {
      for: "insert",
      to: authenticatedRole,
      withCheck: sql`(${t.kind} = 'refund_requested' or (${t.kind} = 'restocked'
          and ${hasPermissionIn(t.organisationId, "commerce.product.write")}))
        and ${hasPermissionIn(t.organisationId, "payment.refund.write")}
        and ${t.actorUserId} = (select auth.uid())`,
    }),
  ],
).enableRLS();

/**
 * Money given back on an order (domain.md: refund pending → succeeded | failed | cancelled;
 * partial refunds allowed; the reason kept). `requested` is ours: recorded in the deciding
 * transaction (with the order locked, so two refunds at once cannot exceed what was paid) and
 * sent to the provider after the commit by the task runner (tasks.ts), with the row's id as
 * the idempotency key, so a crash in between sends it once later.
 */
export const orderRefunds = pgTable(
  "order_refunds",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    orderId: uuid("order_id").notNull(),
    organisationId: uuid("organisation_id").notNull(),
    amountMinor: bigint("amount_minor", { mode: "number" }).notNull(),
    reason: text("reason", { enum: refundReasons }).notNull(),
    note: text("note"),
    status: text("status", { enum: refundStatuses }).notNull().default("requested"),
    providerRefundId: text("provider_refund_id"),
    failureCode: text("failure_code"),
    requestedBy: uuid("requested_by"),
    /**
     * The refund put the order's units back in stock, in its own transaction (the seller's
     * "Put the items back in stock"): at most one refund per order does
     * (`order_refunds_one_restock`), and never one of an order a cancellation restocked.
     */
    restock: boolean("restock").notNull().default(false),
    // Sending a requested refund to the provider: a failed try waits (growing pause) so one
    // refund the provider keeps refusing never holds back the ones after it.
    sendAttempts: integer("send_attempts").notNull().default(0),
    sendAfter: timestamp("send_after", { withTimezone: true }).notNull().defaultNow(),
    sendError: text("send_error"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true })
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
  },
  (t) => [
    foreignKey({
      name: "order_refunds_order_fk",
      columns: [t.organisationId, t.orderId],
      foreignColumns: [orders.organisationId, orders.id],
    }).onDelete("restrict"),
    index("order_refunds_order_idx").on(t.orderId),
    index("order_refunds_organisation_order_idx").on(t.organisationId, t.orderId),
    index("order_refunds_organisation_created_idx").on(t.organisationId, t.createdAt),
    // The ledger's catch-up reads the refunds that succeeded lately, each minute.
    index("order_refunds_succeeded_idx")
      .on(t.createdAt)
      .where(sql`${t.status} = 'succeeded'`),
    uniqueIndex("order_refunds_provider_key").on(t.providerRefundId),
    uniqueIndex("order_refunds_one_restock")
      .on(t.orderId)
      .where(sql`${t.restock}`),
    index("order_refunds_to_send_idx")
      .on(t.sendAfter)
      .where(sql`${t.status} = 'requested'`),
    check("order_refunds_amount", sql`${t.amountMinor} > 0`),
    ...orderPartReaders("order_refunds", t),
    pgPolicy("order_refunds_select_payment", {
      for: "select",
      to: authenticatedRole,
      using: sql`${hasPermissionIn(t.organisationId, "payment.charge.read")}`,
    }),
    pgPolicy("order_refunds_insert_permitted", {
      for: "insert",
      to: authenticatedRole,
      withCheck: sql`${hasPermissionIn(t.organisationId, "payment.refund.write")}
        and ${t.status} = 'requested' and ${t.requestedBy} = (select auth.uid())
        and (not ${t.restock} or ${hasPermissionIn(t.organisationId, "commerce.product.write")})`,
    }),
  ],
).enableRLS();

/**
 * Work that must follow a committed change but cannot be part of its transaction (a call to
 * the payment provider, an email): written in the change's transaction, done after the commit
 * by `runOrderTasks` (tasks.ts) and, should that fail or the server stop, by the periodic
 * upkeep. A task names only the order and what to do: the runner reads everything else from
 * the order itself (a payment is cancelled only if the order ended unpaid), so a task cannot
 * act beyond its order. Members who may change orders write them with their changes
 * (`order_tasks_insert_permitted`); nobody reads them but the system.
 */
export const orderTasks = pgTable(
  "order_tasks",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    orderId: uuid("order_id").notNull(),
    organisationId: uuid("organisation_id").notNull(),
    kind: text("kind", { enum: orderTaskKinds }).notNull(),
    payload: jsonb("payload").$type<Record<string, string>>().notNull().default({}),
    attempts: integer("attempts").notNull().default(0),
    runAfter: timestamp("run_after", { withTimezone: true }).notNull().defaultNow(),
    doneAt: timestamp("done_at", { withTimezone: true }),
    lastError: text("last_error"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("order_tasks_due_idx")
      .on(t.runAfter)
      .where(sql`${t.doneAt} is null`),
    index("order_tasks_organisation_order_idx").on(t.organisationId, t.orderId),
    foreignKey({
      name: "order_tasks_order_fk",
      columns: [t.organisationId, t.orderId],
      foreignColumns: [orders.organisationId, orders.id],
    }).onDelete("cascade"),
    pgPolicy("order_tasks_insert_permitted", {
      for: "insert",
      to: authenticatedRole,
      withCheck: sql`${hasPermissionIn(t.organisationId, "commerce.order.write")}`,
    }),
  ],
).enableRLS();
