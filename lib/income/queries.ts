import "server-only";
import { and, asc, count, desc, eq, gte, ilike, lt, sql, type SQL } from "drizzle-orm";
import { actorNames } from "@/lib/audit/list";
import { withUserContext } from "@/lib/db/context";
import type { Tx } from "@/lib/db/types";
import { isUuid, type OrganisationAccess } from "@/lib/organisations/access";
import type { OrderContact } from "@/lib/orders/order-types";
import { orderRefunds, orders } from "@/lib/orders/schema";
import type { RefundStatus } from "./params";
import { balanceOf } from "./payouts";
import { paymentAccounts, paymentBalanceEntries, paymentPayouts } from "./schema";

/**
 * What the income pages read (payment.charge.read; RLS underneath and the organisation named
 * in every WHERE). Lists are paginated on the server, 25 a page.
 */
export const INCOME_PAGE_SIZE = 25;

type Entry = typeof paymentBalanceEntries.$inferSelect;
export type PayoutRow = typeof paymentPayouts.$inferSelect;

export interface Totals {
  gross: number;
  refunds: number;
  fees: number;
  net: number;
}

export interface CurrencyOverview {
  currency: string;
  last30: Totals;
  allTime: Totals;
  available: number;
  pending: number;
}

export interface ChargeListItem {
  orderId: string;
  reference: string;
  chargedAt: Date;
  buyerName: string;
  buyerEmail: string;
  currency: string;
  grossMinor: number;
  feeMinor: number;
  netMinor: number;
  refundedMinor: number;
  status: string;
  availableOn: Date;
}

export interface Paged<T> {
  rows: T[];
  total: number;
  page: number;
  pages: number;
}

function paging(total: number, page: number) {
  const pages = Math.max(1, Math.ceil(total / INCOME_PAGE_SIZE));
  const current = Math.min(Math.max(1, page), pages);
  return { pages, current, offset: (current - 1) * INCOME_PAGE_SIZE };
}

const n = (value: unknown) => Number(value ?? 0);

async function currencies(tx: Tx, organisationId: string): Promise<string[]> {
  const rows = await tx
    .selectDistinct({ currency: paymentBalanceEntries.currency })
    .from(paymentBalanceEntries)
    .where(eq(paymentBalanceEntries.organisationId, organisationId))
    .orderBy(asc(paymentBalanceEntries.currency));
  return rows.map((row) => row.currency);
}

/** Per currency: the last 30 days and all time (gross, refunds, fees, net) and the balance. */
export function readOverview(access: OrganisationAccess): Promise<CurrencyOverview[]> {
  const organisationId = access.organisation.id;
  return withUserContext(access.claims, async (tx) => {
    const rows = await tx
      .select({
        currency: paymentBalanceEntries.currency,
        recent: sql<boolean>`${paymentBalanceEntries.createdAt} > now() - interval '30 days'`,
        gross: sql<string>`coalesce(sum(${paymentBalanceEntries.grossMinor}) filter (where ${paymentBalanceEntries.kind} = 'charge'), 0)`,
        refunds: sql<string>`coalesce(sum(${paymentBalanceEntries.grossMinor}) filter (where ${paymentBalanceEntries.kind} = 'refund'), 0)`,
        fees: sql<string>`coalesce(sum(${paymentBalanceEntries.feeMinor}) filter (where ${paymentBalanceEntries.kind} in ('charge', 'refund')), 0)`,
        net: sql<string>`coalesce(sum(${paymentBalanceEntries.netMinor}) filter (where ${paymentBalanceEntries.kind} in ('charge', 'refund')), 0)`,
      })
      .from(paymentBalanceEntries)
      .where(eq(paymentBalanceEntries.organisationId, organisationId))
      .groupBy(
        paymentBalanceEntries.currency,
        sql`${paymentBalanceEntries.createdAt} > now() - interval '30 days'`,
      );
    const result: CurrencyOverview[] = [];
    for (const currency of await currencies(tx, organisationId)) {
      const zero = (): Totals => ({ gross: 0, refunds: 0, fees: 0, net: 0 });
      const last30 = zero();
      const allTime = zero();
      for (const row of rows.filter((r) => r.currency === currency)) {
        for (const target of row.recent ? [last30, allTime] : [allTime]) {
          target.gross += n(row.gross);
          target.refunds += n(row.refunds);
          target.fees += n(row.fees);
          target.net += n(row.net);
        }
      }
      const balance = await balanceOf(tx, organisationId, currency);
      result.push({ currency, last30, allTime, ...balance });
    }
    return result;
  });
}

export interface ChargeFilters {
  status: "paid" | "partially_refunded" | "refunded" | null;
  from: string | null;
  to: string | null;
  q: string | null;
}

function chargeWhere(organisationId: string, filters: ChargeFilters): SQL | undefined {
  return and(
    eq(paymentBalanceEntries.organisationId, organisationId),
    eq(paymentBalanceEntries.kind, "charge"),
    filters.status ? eq(orders.paymentStatus, filters.status) : undefined,
    filters.from
      ? gte(paymentBalanceEntries.createdAt, new Date(`${filters.from}T00:00:00Z`))
      : undefined,
    filters.to
      ? lt(
          paymentBalanceEntries.createdAt,
          new Date(new Date(`${filters.to}T00:00:00Z`).getTime() + 86_400_000),
        )
      : undefined,
    filters.q ? ilike(orders.reference, `%${filters.q.replace(/[%_\\]/g, "\\$&")}%`) : undefined,
  );
}

const chargeColumns = {
  orderId: orders.id,
  reference: orders.reference,
  chargedAt: paymentBalanceEntries.createdAt,
  contact: orders.contact,
  currency: paymentBalanceEntries.currency,
  grossMinor: paymentBalanceEntries.grossMinor,
  feeMinor: paymentBalanceEntries.feeMinor,
  netMinor: paymentBalanceEntries.netMinor,
  refundedMinor: orders.refundedMinor,
  status: orders.paymentStatus,
  availableOn: paymentBalanceEntries.availableOn,
};

function toChargeItem(row: { contact: OrderContact; [key: string]: unknown }): ChargeListItem {
  const { contact, ...rest } = row;
  return {
    ...(rest as Omit<ChargeListItem, "buyerName" | "buyerEmail">),
    buyerName: contact.name,
    buyerEmail: contact.email,
  };
}

/** Every payment received, newest first, filtered (all state in the URL: params.ts). */
export function listCharges(
  access: OrganisationAccess,
  filters: ChargeFilters,
  page: number,
  pageSize = INCOME_PAGE_SIZE,
): Promise<Paged<ChargeListItem>> {
  const where = chargeWhere(access.organisation.id, filters);
  return withUserContext(access.claims, async (tx) => {
    const [{ total } = { total: 0 }] = await tx
      .select({ total: count() })
      .from(paymentBalanceEntries)
      .innerJoin(orders, eq(orders.id, paymentBalanceEntries.orderId))
      .where(where);
    const { pages, current, offset } = paging(Number(total), page);
    const rows = await tx
      .select(chargeColumns)
      .from(paymentBalanceEntries)
      .innerJoin(orders, eq(orders.id, paymentBalanceEntries.orderId))
      .where(where)
      .orderBy(desc(paymentBalanceEntries.createdAt), desc(paymentBalanceEntries.id))
      .limit(pageSize)
      .offset(offset);
    return { rows: rows.map(toChargeItem), total: Number(total), page: current, pages };
  });
}

export interface ChargeDetail {
  charge: ChargeListItem & { feeBasisPoints: number; tier: string | null };
  order: typeof orders.$inferSelect;
  refunds: (typeof orderRefunds.$inferSelect & { feeBackMinor: number | null })[];
}

/** One charge (by its order), with the order's refunds and the fee each gave back. */
export async function getChargeDetail(
  access: OrganisationAccess,
  orderId: string,
): Promise<ChargeDetail | null> {
  if (!isUuid(orderId)) return null;
  const organisationId = access.organisation.id;
  return withUserContext(access.claims, async (tx) => {
    const [row] = await tx
      .select({
        ...chargeColumns,
        feeBasisPoints: paymentBalanceEntries.feeBasisPoints,
        tier: paymentBalanceEntries.tier,
        order: orders,
      })
      .from(paymentBalanceEntries)
      .innerJoin(orders, eq(orders.id, paymentBalanceEntries.orderId))
      .where(
        and(
          eq(paymentBalanceEntries.organisationId, organisationId),
          eq(paymentBalanceEntries.kind, "charge"),
          eq(paymentBalanceEntries.sourceId, orderId),
        ),
      );
    if (!row) return null;
    const { order, feeBasisPoints, tier, ...charge } = row;
    const refunds = await tx
      .select({ refund: orderRefunds, entry: paymentBalanceEntries })
      .from(orderRefunds)
      .leftJoin(
        paymentBalanceEntries,
        and(
          eq(paymentBalanceEntries.kind, "refund"),
          eq(paymentBalanceEntries.sourceId, orderRefunds.id),
        ),
      )
      .where(
        and(eq(orderRefunds.organisationId, organisationId), eq(orderRefunds.orderId, orderId)),
      )
      .orderBy(asc(orderRefunds.createdAt));
    return {
      charge: { ...toChargeItem(charge), feeBasisPoints, tier },
      order,
      refunds: refunds.map(({ refund, entry }) => ({
        ...refund,
        feeBackMinor: entry ? -entry.feeMinor : null,
      })),
    };
  });
}

export interface RefundFilters {
  status: RefundStatus | null;
  from: string | null;
  to: string | null;
}

export interface RefundListItem {
  id: string;
  orderId: string;
  reference: string;
  currency: string;
  amountMinor: number;
  reason: string;
  note: string | null;
  status: string;
  createdAt: Date;
  /** "system", "buyer" or the member's display name. */
  by: { kind: "system" | "buyer" | "member"; name: string | null };
}

/** Every refund of the organisation's orders, newest first. */
export async function listRefunds(
  access: OrganisationAccess,
  filters: RefundFilters,
  page: number,
): Promise<Paged<RefundListItem>> {
  const organisationId = access.organisation.id;
  const where = and(
    eq(orderRefunds.organisationId, organisationId),
    filters.status ? eq(orderRefunds.status, filters.status) : undefined,
    filters.from ? gte(orderRefunds.createdAt, new Date(`${filters.from}T00:00:00Z`)) : undefined,
    filters.to
      ? lt(
          orderRefunds.createdAt,
          new Date(new Date(`${filters.to}T00:00:00Z`).getTime() + 86_400_000),
        )
      : undefined,
  );
  const { rows, total, current, pages } = await withUserContext(access.claims, async (tx) => {
    const [{ total } = { total: 0 }] = await tx
      .select({ total: count() })
      .from(orderRefunds)
      .where(where);
    const paged = paging(Number(total), page);
    const rows = await tx
      .select({
        refund: orderRefunds,
        reference: orders.reference,
        currency: orders.currency,
        buyerUserId: orders.buyerUserId,
      })
      .from(orderRefunds)
      .innerJoin(orders, eq(orders.id, orderRefunds.orderId))
      .where(where)
      .orderBy(desc(orderRefunds.createdAt), desc(orderRefunds.id))
      .limit(INCOME_PAGE_SIZE)
      .offset(paged.offset);
    return { rows, total: Number(total), ...paged };
  });
  const memberIds = rows
    .map((row) => row.refund.requestedBy)
    .filter((id, index): id is string => id !== null && id !== rows[index]!.buyerUserId);
  const names = await actorNames(memberIds);
  return {
    rows: rows.map(({ refund, reference, currency, buyerUserId }) => ({
      id: refund.id,
      orderId: refund.orderId,
      reference,
      currency,
      amountMinor: refund.amountMinor,
      reason: refund.reason,
      note: refund.note,
      status: refund.status,
      createdAt: refund.createdAt,
      by:
        refund.requestedBy === null
          ? { kind: "system", name: null }
          : refund.requestedBy === buyerUserId
            ? { kind: "buyer", name: null }
            : { kind: "member", name: names.get(refund.requestedBy) ?? null },
    })),
    total,
    page: current,
    pages,
  };
}

export interface BalancePage {
  balances: { currency: string; available: number; pending: number }[];
  entries: Paged<Entry & { reference: string | null }>;
  payouts: PayoutRow[];
}

/** The balance page: per currency, the entries (newest first, paged) and the payouts. */
export function readBalance(access: OrganisationAccess, page: number): Promise<BalancePage> {
  const organisationId = access.organisation.id;
  const own = eq(paymentBalanceEntries.organisationId, organisationId);
  return withUserContext(access.claims, async (tx) => {
    const balances = [];
    for (const currency of await currencies(tx, organisationId)) {
      balances.push({ currency, ...(await balanceOf(tx, organisationId, currency)) });
    }
    const [{ total } = { total: 0 }] = await tx
      .select({ total: count() })
      .from(paymentBalanceEntries)
      .where(own);
    const { pages, current, offset } = paging(Number(total), page);
    const rows = await tx
      .select({ entry: paymentBalanceEntries, reference: orders.reference })
      .from(paymentBalanceEntries)
      .leftJoin(orders, eq(orders.id, paymentBalanceEntries.orderId))
      .where(own)
      .orderBy(desc(paymentBalanceEntries.createdAt), desc(paymentBalanceEntries.id))
      .limit(INCOME_PAGE_SIZE)
      .offset(offset);
    const payouts = await tx
      .select()
      .from(paymentPayouts)
      .where(eq(paymentPayouts.organisationId, organisationId))
      .orderBy(desc(paymentPayouts.createdAt))
      .limit(INCOME_PAGE_SIZE);
    return {
      balances,
      entries: {
        rows: rows.map(({ entry, reference }) => ({ ...entry, reference })),
        total: Number(total),
        page: current,
        pages,
      },
      payouts,
    };
  });
}

/** The organisation's payout account at the provider (Stripe Connect), if it has one. */
export async function readPayoutAccount(
  access: OrganisationAccess,
  provider: string,
): Promise<typeof paymentAccounts.$inferSelect | null> {
  const [row] = await withUserContext(access.claims, (tx) =>
    tx
      .select()
      .from(paymentAccounts)
      .where(
        and(
          eq(paymentAccounts.organisationId, access.organisation.id),
          eq(paymentAccounts.provider, provider),
        ),
      ),
  );
  return row ?? null;
}
