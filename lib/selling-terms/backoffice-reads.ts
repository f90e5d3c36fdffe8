import "server-only";
import { and, asc, desc, eq, sql, type SQL } from "drizzle-orm";
import { pageOffset } from "@/components/ui/data-table/pager";
import { countedPage, countRows } from "@/lib/db/counted-page";
import type { SortDirection } from "@/components/ui/data-table/params";
import { catalogueReader } from "@/lib/commerce/brands";
import type { TaxClass } from "@/lib/commerce/catalogue-types";
import { withUserContext, type UserClaims } from "@/lib/db/context";
import { isUuid } from "@/lib/organisations/access";
import type { DiscountKind } from "./kinds";
import type { DiscountSort, DiscountStatus } from "./list-params";
import { deliveryRates, discountCodes } from "./schema";
import { defaultTerms, ratesByClass, readTermsRows } from "./terms";

/**
 * The back office's reads of selling terms and discount codes (commerce.product.read, asked
 * in the query too: terms are public, codes are not). One transaction per screen.
 */
export interface DeliveryRateRow {
  id: string;
  name: string;
  priceMinor: number;
  currency: string;
  taxClass: TaxClass;
  active: boolean;
  sortOrder: number;
  version: number;
}

export interface SettingsScreen {
  pricesIncludeTax: boolean;
  pickupEnabled: boolean;
  pickupNote: string;
  /** 0 while the organisation has never saved its terms. */
  version: number;
  taxRates: Record<TaxClass, { basisPoints: number; label: string }>;
  /** Every rate, inactive ones too, in their sort order. */
  deliveryRates: DeliveryRateRow[];
}

export async function readSettingsScreen(
  claims: UserClaims,
  organisationId: string,
): Promise<SettingsScreen | null> {
  if (!isUuid(organisationId)) return null;
  return withUserContext(claims, async (tx) => {
    const { terms, rates } = await readTermsRows(tx, organisationId);
    const delivery = await tx
      .select({
        id: deliveryRates.id,
        name: deliveryRates.name,
        priceMinor: deliveryRates.priceMinor,
        currency: deliveryRates.currency,
        taxClass: deliveryRates.taxClass,
        active: deliveryRates.active,
        sortOrder: deliveryRates.sortOrder,
        version: deliveryRates.version,
      })
      .from(deliveryRates)
      .where(and(eq(deliveryRates.organisationId, organisationId), catalogueReader(organisationId)))
      .orderBy(asc(deliveryRates.sortOrder), asc(deliveryRates.name), asc(deliveryRates.id));
    return {
      ...(terms ?? { ...defaultTerms, version: 0 }),
      taxRates: ratesByClass(rates),
      deliveryRates: delivery,
    };
  });
}

export interface DiscountSummary {
  id: string;
  code: string;
  kind: DiscountKind;
  basisPoints: number | null;
  amountMinor: number | null;
  currency: string;
  minSubtotalMinor: number | null;
  startsAt: Date | null;
  endsAt: Date | null;
  usageLimit: number | null;
  perCustomerLimit: number | null;
  usedCount: number;
  active: boolean;
  status: DiscountStatus;
}

export interface DiscountDetail extends DiscountSummary {
  version: number;
}

const statusWhere: Record<DiscountStatus, SQL> = {
  inactive: sql`not ${discountCodes.active}`,
  scheduled: sql`${discountCodes.active} and ${discountCodes.startsAt} > now()`,
  ended: sql`${discountCodes.active} and coalesce(${discountCodes.startsAt} <= now(), true)
    and ${discountCodes.endsAt} <= now()`,
  exhausted: sql`${discountCodes.active} and coalesce(${discountCodes.startsAt} <= now(), true)
    and coalesce(${discountCodes.endsAt} > now(), true)
    and ${discountCodes.usedCount} >= ${discountCodes.usageLimit}`,
  active: sql`${discountCodes.active} and coalesce(${discountCodes.startsAt} <= now(), true)
    and coalesce(${discountCodes.endsAt} > now(), true)
    and coalesce(${discountCodes.usedCount} < ${discountCodes.usageLimit}, true)`,
};

const statusSql = sql<DiscountStatus>`case
  when ${statusWhere.inactive} then 'inactive'
  when ${statusWhere.scheduled} then 'scheduled'
  when ${statusWhere.ended} then 'ended'
  when ${statusWhere.exhausted} then 'exhausted'
  else 'active' end`;

const columns = {
  id: discountCodes.id,
  code: discountCodes.code,
  kind: discountCodes.kind,
  basisPoints: discountCodes.basisPoints,
  amountMinor: discountCodes.amountMinor,
  currency: discountCodes.currency,
  minSubtotalMinor: discountCodes.minSubtotalMinor,
  startsAt: discountCodes.startsAt,
  endsAt: discountCodes.endsAt,
  usageLimit: discountCodes.usageLimit,
  perCustomerLimit: discountCodes.perCustomerLimit,
  usedCount: discountCodes.usedCount,
  active: discountCodes.active,
  status: statusSql,
};

const sortColumns = {
  code: discountCodes.code,
  created: discountCodes.createdAt,
  used: discountCodes.usedCount,
};

export async function listDiscountCodes(
  claims: UserClaims,
  organisationId: string,
  query: {
    page: number;
    size: number;
    sort: DiscountSort;
    dir: SortDirection;
    status: DiscountStatus | null;
  },
): Promise<{ rows: DiscountSummary[]; total: number; page: number }> {
  if (!isUuid(organisationId)) return { rows: [], total: 0, page: 1 };
  const order = query.dir === "desc" ? desc : asc;
  return withUserContext(claims, async (tx) => {
    const where = and(
      eq(discountCodes.organisationId, organisationId),
      catalogueReader(organisationId),
      query.status ? statusWhere[query.status] : undefined,
    );
    return countedPage(
      query.page,
      query.size,
      () => countRows(tx, discountCodes, where),
      (page) =>
        tx
          .select(columns)
          .from(discountCodes)
          .where(where)
          .orderBy(order(sortColumns[query.sort]), asc(discountCodes.id))
          .limit(query.size)
          .offset(pageOffset(page, query.size)),
    );
  });
}

export async function getDiscountCode(
  claims: UserClaims,
  organisationId: string,
  discountCodeId: string,
): Promise<DiscountDetail | null> {
  if (!isUuid(organisationId) || !isUuid(discountCodeId)) return null;
  return withUserContext(claims, async (tx) => {
    const [row] = await tx
      .select({ ...columns, version: discountCodes.version })
      .from(discountCodes)
      .where(
        and(
          eq(discountCodes.id, discountCodeId),
          eq(discountCodes.organisationId, organisationId),
          catalogueReader(organisationId),
        ),
      );
    return row ?? null;
  });
}
