import "server-only";
import { and, asc, desc, eq, ne, sql, type SQL } from "drizzle-orm";
import { pageOffset } from "@/components/ui/data-table/pager";
import { countedPage, countRows } from "@/lib/db/counted-page";
import type { SortDirection } from "@/components/ui/data-table/params";
import { withUserContext, type UserClaims } from "@/lib/db/context";
import { listings } from "@/lib/listings/schema";
import { offers } from "@/lib/offers/schema";
import { isUuid } from "@/lib/organisations/access";
import { catalogueReader } from "./brands";
import type { OfferKind } from "./catalogue-types";
import type { OfferSort, OfferState } from "./list-params";

/**
 * The back office's reads of offers (commerce.product.read): the paged list filtered by
 * state, one offer, and the products an offer can be put on. RLS is the backstop; the
 * permission is asked in the query too (`catalogueReader`), since running offers of published
 * listings are public.
 */
export interface OfferSummary {
  id: string;
  title: string;
  kind: OfferKind;
  value: number;
  currency: string;
  listingId: string;
  listingTitle: string;
  listingStatus: string;
  startsAt: Date;
  endsAt: Date;
  endedAt: Date | null;
  usageLimit: number | null;
  used: number;
  state: OfferState;
}

export interface OfferDetail extends OfferSummary {
  version: number;
}

/** Ended: by hand, by the clock, or by its usage limit. */
export const offerEndedSql = sql`(${offers.endedAt} is not null or ${offers.endsAt} <= now()
  or (${offers.usageLimit} is not null and ${offers.used} >= ${offers.usageLimit}))`;

const stateSql = sql<OfferState>`case when ${offerEndedSql} then 'ended'
  when ${offers.startsAt} > now() then 'scheduled' else 'running' end`;

const stateWhere: Record<OfferState, SQL> = {
  ended: offerEndedSql,
  scheduled: sql`not ${offerEndedSql} and ${offers.startsAt} > now()`,
  running: sql`not ${offerEndedSql} and ${offers.startsAt} <= now()`,
};

const sortColumns = { ends: offers.endsAt, starts: offers.startsAt, title: offers.title };

const summaryColumns = {
  id: offers.id,
  title: offers.title,
  kind: offers.kind,
  value: offers.value,
  currency: listings.currency,
  listingId: offers.listingId,
  listingTitle: listings.title,
  listingStatus: listings.status,
  startsAt: offers.startsAt,
  endsAt: offers.endsAt,
  endedAt: offers.endedAt,
  usageLimit: offers.usageLimit,
  used: offers.used,
  state: stateSql,
};

export async function listOffers(
  claims: UserClaims,
  organisationId: string,
  query: {
    page: number;
    size: number;
    sort: OfferSort;
    dir: SortDirection;
    state: OfferState | null;
  },
): Promise<{ rows: OfferSummary[]; total: number; page: number }> {
  if (!isUuid(organisationId)) return { rows: [], total: 0, page: 1 };
  const order = query.dir === "desc" ? desc : asc;
  return withUserContext(claims, async (tx) => {
    const where = and(
      eq(offers.organisationId, organisationId),
      catalogueReader(organisationId),
      query.state ? stateWhere[query.state] : undefined,
    );
    return countedPage(
      query.page,
      query.size,
      () => countRows(tx, offers, where),
      (page) =>
        tx
          .select(summaryColumns)
          .from(offers)
          .innerJoin(
            listings,
            and(eq(listings.id, offers.listingId), eq(listings.organisationId, organisationId)),
          )
          .where(where)
          .orderBy(order(sortColumns[query.sort]), asc(offers.id))
          .limit(query.size)
          .offset(pageOffset(page, query.size)),
    );
  });
}

export async function getOffer(
  claims: UserClaims,
  organisationId: string,
  offerId: string,
): Promise<OfferDetail | null> {
  if (!isUuid(organisationId) || !isUuid(offerId)) return null;
  return withUserContext(claims, async (tx) => {
    const [row] = await tx
      .select({ ...summaryColumns, version: offers.version })
      .from(offers)
      .innerJoin(
        listings,
        and(eq(listings.id, offers.listingId), eq(listings.organisationId, organisationId)),
      )
      .where(
        and(
          eq(offers.id, offerId),
          eq(offers.organisationId, organisationId),
          catalogueReader(organisationId),
        ),
      );
    return row ?? null;
  });
}

export interface OfferListingOption {
  id: string;
  title: string;
  status: string;
  priceFromMinor: number | null;
  currency: string;
}

/** The products an offer can be put on (not archived), by title; at most 1,000. */
export async function offerListingOptions(
  claims: UserClaims,
  organisationId: string,
): Promise<OfferListingOption[]> {
  if (!isUuid(organisationId)) return [];
  return withUserContext(claims, (tx) =>
    tx
      .select({
        id: listings.id,
        title: listings.title,
        status: listings.status,
        priceFromMinor: listings.priceFromMinor,
        currency: listings.currency,
      })
      .from(listings)
      .where(
        and(
          eq(listings.organisationId, organisationId),
          eq(listings.kind, "product"),
          ne(listings.status, "archived"),
          catalogueReader(organisationId),
        ),
      )
      .orderBy(asc(listings.title), asc(listings.id))
      .limit(1000),
  );
}
