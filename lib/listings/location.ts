import "server-only";
import { and, eq, sql } from "drizzle-orm";
import type { CommandConfig } from "@/lib/backoffice/doors";
import { withUserContext, type UserClaims } from "@/lib/db/context";
import type { Tx } from "@/lib/db/types";
import { AppError } from "@/lib/errors/app-error";
import { isUuid } from "@/lib/organisations/access";
import { listingWriteTags } from "./cache-tags";
import { builtListingKinds, type BuiltListingKind } from "./listing-kinds";
import { listingLocationSchema, type ListingLocation } from "./location-schema";
import { listings } from "./schema";

/**
 * A listing's location in the back office, for every kind of listing: the read the editor
 * starts from, and the command that saves it (address fields, latitude and longitude; an
 * empty form clears it). The command asks for the kind's write permission and module, locks
 * the listing with the version the form read, writes, moves the version on, records the
 * audit entry, all in the doors' one user transaction (RLS applies: the listings' policies
 * ask `app.listing_permission(kind, 'write')` too), and answers the cache tags to expire.
 */

export interface ListingLocationView extends ListingLocation {
  id: string;
  version: number;
}

export interface ListingLocationWrite {
  id: string;
  version: number;
  tags: string[];
}

const locationColumns = {
  addressLine1: listings.addressLine1,
  addressLine2: listings.addressLine2,
  city: listings.city,
  region: listings.region,
  postalCode: listings.postalCode,
  country: listings.country,
  latitude: listings.latitude,
  longitude: listings.longitude,
};

const listingOf = (kind: BuiltListingKind, organisationId: string, listingId: string) =>
  and(
    eq(listings.id, listingId),
    eq(listings.organisationId, organisationId),
    eq(listings.kind, kind),
  );

/** The location fields of a row (the audit entry's before and after). */
function locationOf(row: ListingLocation): ListingLocation {
  return {
    addressLine1: row.addressLine1,
    addressLine2: row.addressLine2,
    city: row.city,
    region: row.region,
    postalCode: row.postalCode,
    country: row.country,
    latitude: row.latitude,
    longitude: row.longitude,
  };
}

/**
 * The listing's location and version, for a member who may read the kind in this
 * organisation (published listings are public under RLS: the permission is asked here too).
 */
export async function getListingLocation(
  claims: UserClaims,
  organisationId: string,
  kind: BuiltListingKind,
  listingId: string,
): Promise<ListingLocationView | null> {
  if (!isUuid(organisationId) || !isUuid(listingId)) return null;
  const read = builtListingKinds[kind].read;
  return withUserContext(claims, async (tx) => {
    const [row] = await tx
      .select({ id: listings.id, version: listings.version, ...locationColumns })
      .from(listings)
      .where(
        and(
          listingOf(kind, organisationId, listingId),
          sql`(select app.has_permission(${organisationId}::uuid, ${read}))`,
        ),
      );
    return row ?? null;
  });
}

async function lockListing(
  tx: Tx,
  kind: BuiltListingKind,
  organisationId: string,
  listingId: string,
  version: number,
): Promise<ListingLocation> {
  const [row] = await tx
    .select({ version: listings.version, ...locationColumns })
    .from(listings)
    .where(listingOf(kind, organisationId, listingId))
    .for("update");
  if (!row) throw new AppError("notFound");
  if (row.version !== version) throw new AppError("stale");
  return locationOf(row);
}

/** The command that sets (or clears) the location of a listing of `kind`. */
export function setListingLocationCommand(
  kind: BuiltListingKind,
): CommandConfig<typeof listingLocationSchema, ListingLocationWrite> {
  const { module, write, auditResource, locationAudit } = builtListingKinds[kind];
  return {
    permission: write,
    module,
    schema: listingLocationSchema,
    async run({ tx, access, input, audit }) {
      const organisationId = access.organisation.id;
      const before = await lockListing(tx, kind, organisationId, input.listingId, input.version);
      const after = locationOf(input);
      const [row] = await tx
        .update(listings)
        .set({ ...after, version: sql`${listings.version} + 1` })
        .where(listingOf(kind, organisationId, input.listingId))
        .returning({ version: listings.version });
      if (!row) throw new AppError("notFound");
      await audit({
        action: locationAudit,
        resourceType: auditResource,
        resourceId: input.listingId,
        before,
        after,
      });
      return {
        id: input.listingId,
        version: row.version,
        tags: listingWriteTags(kind, [input.listingId]),
      };
    },
  };
}
