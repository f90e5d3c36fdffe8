import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  pgPolicy,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { authenticatedRole } from "drizzle-orm/supabase";
import { users } from "@/lib/auth/schema";
import { organisations } from "@/lib/organisations/schema";
import { hasPermissionIn } from "@/lib/db/policies";

/**
 * The organisation's money (docs/income.md), modelled on Stripe's balance transactions: one
 * entry per movement of an organisation's balance in one currency, appended and never
 * changed. Amounts are signed integer minor units: `gross` moved, `fee` the platform's part
 * of it, `net` = gross − fee (what the balance moves by).
 *
 * - `charge`: an order confirmed as paid (gross > 0, fee ≥ 0), available `hold` days later;
 * - `refund`: a refund that succeeded on a charged order (gross < 0; the fee on the refunded
 *   part is given back, so fee ≤ 0), available at once;
 * - `payout`: money sent out (gross = net < 0, fee 0), at once;
 * - `payout_reversal`: a payout that failed gives its amount back.
 *
 * Exactly once per source (`payment_balance_entries_source`: the order for a charge, the
 * refund for a refund, the payout for a payout and its reversal), written in the transaction
 * of the event that causes it. Read with payment.charge.read; charges and refunds are written
 * by the system (payment webhook), payouts by members with payment.payout.write, each only as
 * the policies below allow.
 */
export const balanceEntryKinds = ["charge", "refund", "payout", "payout_reversal"] as const;
export type BalanceEntryKind = (typeof balanceEntryKinds)[number];

export const payoutStatuses = ["pending", "paid", "failed"] as const;
export type PayoutStatus = (typeof payoutStatuses)[number];

/**
 * A payout: money of the available balance sent to the organisation. Requested pending by a
 * member with payment.payout.write (at most one open per organisation:
 * payment_payouts_one_open), then paid or failed by the system (lib/income/payouts.ts).
 */
export const paymentPayouts = pgTable(
  "payment_payouts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    organisationId: uuid("organisation_id")
      .notNull()
      .references(() => organisations.id, { onDelete: "restrict" }),
    currency: text("currency").notNull(),
    amountMinor: bigint("amount_minor", { mode: "number" }).notNull(),
    status: text("status", { enum: payoutStatuses }).notNull().default("pending"),
    provider: text("provider").notNull(),
    /** The provider's transfer (Stripe) or the sandbox's own id, once paid. */
    providerPayoutId: text("provider_payout_id"),
    failureCode: text("failure_code"),
    requestedBy: uuid("requested_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    settledAt: timestamp("settled_at", { withTimezone: true }),
  },
  (t) => [
    check("payment_payouts_amount", sql`${t.amountMinor} > 0`),
    check("payment_payouts_currency_format", sql`${t.currency} ~ '^[A-Z]{3}$'`),
    index("payment_payouts_organisation_idx").on(t.organisationId, t.createdAt),
    index("payment_payouts_requested_by_idx").on(t.requestedBy),
    uniqueIndex("payment_payouts_one_open")
      .on(t.organisationId)
      .where(sql`${t.status} = 'pending'`),
    uniqueIndex("payment_payouts_provider_key").on(t.provider, t.providerPayoutId),
    pgPolicy("payment_payouts_select_permitted", {
      for: "select",
      to: authenticatedRole,
      using: sql`${hasPermissionIn(t.organisationId, "payment.charge.read")}`,
    }),
    pgPolicy("payment_payouts_insert_permitted", {
      for: "insert",
      to: authenticatedRole,
      withCheck: sql`${hasPermissionIn(t.organisationId, "payment.payout.write")}
        and ${t.status} = 'pending' and ${t.requestedBy} = (select auth.uid())
        and ${t.providerPayoutId} is null and ${t.settledAt} is null`,
    }),
  ],
).enableRLS();

export const paymentBalanceEntries = pgTable(
  "payment_balance_entries",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    organisationId: uuid("organisation_id")
      .notNull()
      .references(() => organisations.id, { onDelete: "restrict" }),
    kind: text("kind", { enum: balanceEntryKinds }).notNull(),
    /** The order, refund or payout the entry comes from: one entry per kind and source. */
    sourceId: uuid("source_id").notNull(),
    /** The order a charge or refund belongs to (null for payouts). */
    orderId: uuid("order_id"),
    payoutId: uuid("payout_id").references(() => paymentPayouts.id, { onDelete: "restrict" }),
    currency: text("currency").notNull(),
    grossMinor: bigint("gross_minor", { mode: "number" }).notNull(),
    feeMinor: bigint("fee_minor", { mode: "number" }).notNull().default(0),
    netMinor: bigint("net_minor", { mode: "number" }).notNull(),
    /** The fee rate of the charge (the commerce tier's, at the moment of the charge). */
    feeBasisPoints: integer("fee_basis_points").notNull().default(0),
    /** The organisation's commerce tier when the charge was made (charges only). */
    tier: text("tier"),
    /** From when the entry counts as available (before: pending). */
    availableOn: timestamp("available_on", { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("payment_balance_entries_source").on(t.kind, t.sourceId),
    index("payment_balance_entries_organisation_idx").on(t.organisationId, t.currency, t.createdAt),
    index("payment_balance_entries_order_idx").on(t.orderId),
    index("payment_balance_entries_payout_idx").on(t.payoutId),
    check("payment_balance_entries_currency_format", sql`${t.currency} ~ '^[A-Z]{3}$'`),
    check("payment_balance_entries_net", sql`${t.netMinor} = ${t.grossMinor} - ${t.feeMinor}`),
    check(
      "payment_balance_entries_signs",
      sql`(${t.kind} = 'charge' and ${t.grossMinor} > 0 and ${t.feeMinor} between 0 and ${t.grossMinor} and ${t.orderId} = ${t.sourceId})
        or (${t.kind} = 'refund' and ${t.grossMinor} < 0 and ${t.feeMinor} between ${t.grossMinor} and 0 and ${t.orderId} is not null)
        or (${t.kind} = 'payout' and ${t.grossMinor} < 0 and ${t.feeMinor} = 0 and ${t.payoutId} = ${t.sourceId})
        or (${t.kind} = 'payout_reversal' and ${t.grossMinor} > 0 and ${t.feeMinor} = 0 and ${t.payoutId} = ${t.sourceId})`,
    ),
    pgPolicy("payment_balance_entries_select_permitted", {
      for: "select",
      to: authenticatedRole,
      using: sql`${hasPermissionIn(t.organisationId, "payment.charge.read")}`,
    }),
    // A member requesting a payout writes its debit, for a pending payout of theirs, of its
    // exact amount, in its organisation: nothing else.
    pgPolicy("payment_balance_entries_insert_payout", {
      for: "insert",
      to: authenticatedRole,
      withCheck: sql`${hasPermissionIn(t.organisationId, "payment.payout.write")}
        and ${t.kind} = 'payout' and exists (select 1 from payment_payouts p
          where p.id = ${t.payoutId} and p.organisation_id = ${t.organisationId}
            and p.status = 'pending' and p.requested_by = (select auth.uid())
            and p.currency = ${t.currency} and p.amount_minor = - ${t.grossMinor})`,
    }),
  ],
).enableRLS();

/**
 * The organisation's payout account at the provider (Stripe Connect, express): its id and its
 * status, as the provider's `account.updated` events tell it and as read back after
 * onboarding. One per organisation and provider. Read with payment.charge.read; written by the
 * system only (lib/income/connect.ts).
 */
export const paymentAccounts = pgTable(
  "payment_accounts",
  {
    organisationId: uuid("organisation_id")
      .notNull()
      .references(() => organisations.id, { onDelete: "restrict" }),
    provider: text("provider").notNull(),
    accountId: text("account_id").notNull(),
    detailsSubmitted: boolean("details_submitted").notNull().default(false),
    payoutsEnabled: boolean("payouts_enabled").notNull().default(false),
    chargesEnabled: boolean("charges_enabled").notNull().default(false),
    /** The provider's reason for holding the account back (Stripe's), null when none. */
    disabledReason: text("disabled_reason"),
    /**
     * When the provider said the stored status (an event's `created`, whole seconds); null
     * before its first word. An older word arriving later changes nothing.
     */
    statusAt: timestamp("status_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true })
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
  },
  (t) => [
    uniqueIndex("payment_accounts_organisation_provider").on(t.organisationId, t.provider),
    uniqueIndex("payment_accounts_account").on(t.provider, t.accountId),
    pgPolicy("payment_accounts_select_permitted", {
      for: "select",
      to: authenticatedRole,
      using: sql`${hasPermissionIn(t.organisationId, "payment.charge.read")}`,
    }),
  ],
).enableRLS();
