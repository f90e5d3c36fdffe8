import "server-only";
import { and, eq, isNull, ne } from "drizzle-orm";
import type { CommandConfig } from "@/lib/backoffice/doors";
import type { Tx } from "@/lib/db/types";
import { AppError } from "@/lib/errors/app-error";
import { listings } from "@/lib/listings/schema";
import { offers } from "@/lib/offers/schema";
import { zonedWallTimeToInstant } from "@/lib/schedules/opening-intervals";
import { currencyDigits, toMinorUnits } from "./money";
import {
  localTimeToWall,
  offerRefSchema,
  offerSchema,
  updateOfferSchema,
  type OfferValues,
} from "./offer-schema";

/**
 * Offer writes (commerce.offer.write), run through the back office's doors: create, update
 * (version check), end now, delete; each audited. The listing must be one of the
 * organisation's products that is not archived (else `notFound`: another organisation's
 * listing is not named); a fixed price must be below the product's lowest price. Each answers
 * the listings whose cache tags the action expires (`offerWriteTags`).
 */
export interface OfferWrite {
  id: string;
  version: number;
  listingIds: string[];
}

async function readListing(tx: Tx, organisationId: string, listingId: string) {
  const [row] = await tx
    .select({ priceFromMinor: listings.priceFromMinor, currency: listings.currency })
    .from(listings)
    .where(
      and(
        eq(listings.id, listingId),
        eq(listings.organisationId, organisationId),
        eq(listings.kind, "product"),
        ne(listings.status, "archived"),
      ),
    );
  if (!row) throw new AppError("notFound", "listingId");
  return row;
}

/** The row's values: the value in minor units or percent, the times as instants. */
async function offerRow(tx: Tx, organisationId: string, timeZone: string, input: OfferValues) {
  const listing = await readListing(tx, organisationId, input.listingId);
  let value: number;
  if (input.kind === "percentage") {
    value = Number(input.value);
    if (!Number.isInteger(value) || value < 1 || value > 90) {
      throw new AppError("offerPercentRange", "value");
    }
  } else {
    const minor = toMinorUnits(input.value, currencyDigits(listing.currency));
    if (minor === null) throw new AppError("amountInvalid", "value");
    if (listing.priceFromMinor === null || minor >= listing.priceFromMinor) {
      throw new AppError("offerPriceNotBelow", "value");
    }
    value = minor;
  }
  const startsAt = new Date(zonedWallTimeToInstant(localTimeToWall(input.startsAt), timeZone));
  const endsAt = new Date(zonedWallTimeToInstant(localTimeToWall(input.endsAt), timeZone));
  if (endsAt <= startsAt) throw new AppError("offerEndsBeforeStart", "endsAt");
  return {
    listingId: input.listingId,
    title: input.title,
    kind: input.kind,
    value,
    startsAt,
    endsAt,
    usageLimit: input.usageLimit,
  };
}

async function readOffer(tx: Tx, organisationId: string, offerId: string) {
  const [row] = await tx
    .select({
      listingId: offers.listingId,
      title: offers.title,
      kind: offers.kind,
      value: offers.value,
      startsAt: offers.startsAt,
      endsAt: offers.endsAt,
      endedAt: offers.endedAt,
      usageLimit: offers.usageLimit,
      version: offers.version,
    })
    .from(offers)
    .where(and(eq(offers.id, offerId), eq(offers.organisationId, organisationId)))
    .for("update");
  if (!row) throw new AppError("notFound");
  return row;
}

export const createOfferCommand = {
  permission: "commerce.offer.write",
  module: "commerce",
  schema: offerSchema,
  async run({ tx, access, input, audit }) {
    const organisationId = access.organisation.id;
    const values = await offerRow(tx, organisationId, access.organisation.timeZone, input);
    const [created] = await tx
      .insert(offers)
      .values({ organisationId, ...values })
      .returning({ id: offers.id, version: offers.version });
    if (!created) throw new Error("The offer was not created.");
    await audit({
      action: "commerce.offer.create",
      resourceType: "offer",
      resourceId: created.id,
      after: values,
    });
    return { ...created, listingIds: [values.listingId] };
  },
} satisfies CommandConfig<typeof offerSchema, OfferWrite>;

export const updateOfferCommand = {
  permission: "commerce.offer.write",
  module: "commerce",
  schema: updateOfferSchema,
  async run({ tx, access, input, audit }) {
    const organisationId = access.organisation.id;
    const before = await readOffer(tx, organisationId, input.offerId);
    if (before.version !== input.version) throw new AppError("stale");
    const values = await offerRow(tx, organisationId, access.organisation.timeZone, input);
    const [updated] = await tx
      .update(offers)
      .set({ ...values, version: input.version + 1 })
      .where(and(eq(offers.id, input.offerId), eq(offers.organisationId, organisationId)))
      .returning({ id: offers.id, version: offers.version });
    if (!updated) throw new AppError("notFound");
    await audit({
      action: "commerce.offer.update",
      resourceType: "offer",
      resourceId: updated.id,
      before,
      after: { ...values, version: updated.version },
    });
    return { ...updated, listingIds: [before.listingId, values.listingId] };
  },
} satisfies CommandConfig<typeof updateOfferSchema, OfferWrite>;

/** Ends the offer now (it stays in the list as ended); an offer ended already is refused. */
export const endOfferCommand = {
  permission: "commerce.offer.write",
  module: "commerce",
  schema: offerRefSchema,
  async run({ tx, access, input, audit }) {
    const organisationId = access.organisation.id;
    const before = await readOffer(tx, organisationId, input.offerId);
    if (before.version !== input.version) throw new AppError("stale");
    if (before.endedAt || before.endsAt <= new Date()) throw new AppError("offerEnded");
    const [updated] = await tx
      .update(offers)
      .set({ endedAt: new Date(), version: input.version + 1 })
      .where(
        and(
          eq(offers.id, input.offerId),
          eq(offers.organisationId, organisationId),
          isNull(offers.endedAt),
        ),
      )
      .returning({ id: offers.id, version: offers.version, endedAt: offers.endedAt });
    if (!updated) throw new AppError("offerEnded");
    await audit({
      action: "commerce.offer.end",
      resourceType: "offer",
      resourceId: updated.id,
      before: { endedAt: null },
      after: { endedAt: updated.endedAt, version: updated.version },
    });
    return { id: updated.id, version: updated.version, listingIds: [before.listingId] };
  },
} satisfies CommandConfig<typeof offerRefSchema, OfferWrite>;

export const deleteOfferCommand = {
  permission: "commerce.offer.write",
  module: "commerce",
  schema: offerRefSchema,
  async run({ tx, access, input, audit }) {
    const organisationId = access.organisation.id;
    const before = await readOffer(tx, organisationId, input.offerId);
    if (before.version !== input.version) throw new AppError("stale");
    const [removed] = await tx
      .delete(offers)
      .where(and(eq(offers.id, input.offerId), eq(offers.organisationId, organisationId)))
      .returning({ id: offers.id });
    if (!removed) throw new AppError("notFound");
    await audit({
      action: "commerce.offer.delete",
      resourceType: "offer",
      resourceId: removed.id,
      before,
    });
    return { id: removed.id, version: before.version, listingIds: [before.listingId] };
  },
} satisfies CommandConfig<typeof offerRefSchema, OfferWrite>;
