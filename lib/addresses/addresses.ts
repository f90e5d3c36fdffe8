import "server-only";
import { and, count, desc, eq, ne, sql } from "drizzle-orm";
import { withUserContext, type UserClaims } from "@/lib/db/context";
import type { Tx } from "@/lib/db/types";
import { AppError } from "@/lib/errors/app-error";
import { isUuid } from "@/lib/organisations/access";
import { addressLines } from "./address-rules";
import {
  ADDRESS_LIMIT,
  type AddressDto,
  type AddressValues,
  type UpdateAddressValues,
} from "./address-schema";
import { addresses } from "./schema";

/**
 * A consumer's address book. Every query runs in the caller's user context, so RLS
 * (user_id = auth.uid()) decides what they reach, and every WHERE names the caller again.
 * Rules: at most ADDRESS_LIMIT addresses; the first one is the default; deleting the default
 * makes the newest remaining one the default; so a user with addresses has exactly one
 * default. Writes of one user are serialised by a transaction-level advisory lock on their
 * id (the limit and the default rule read, then write).
 */
export type { AddressDto } from "./address-schema";

type Row = typeof addresses.$inferSelect;

function toDto(row: Row): AddressDto {
  return {
    id: row.id,
    label: row.label,
    recipientName: row.recipientName,
    phone: row.phone,
    line1: row.line1,
    line2: row.line2,
    city: row.city,
    region: row.region,
    postalCode: row.postalCode,
    country: row.country,
    isDefault: row.isDefault,
    version: row.version,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The lines of an address as printed in its country, the country named in `locale`. */
export function formatAddressLines(
  address: Pick<
    AddressDto,
    "recipientName" | "line1" | "line2" | "city" | "region" | "postalCode" | "country"
  >,
  locale: string,
): string[] {
  return addressLines(address, locale);
}

const own = (claims: UserClaims) => eq(addresses.userId, claims.sub);

async function lockOwner(tx: Tx, claims: UserClaims): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`addresses:${claims.sub}`}))`);
}

export async function listAddresses(claims: UserClaims): Promise<AddressDto[]> {
  const rows = await withUserContext(claims, (tx) =>
    tx
      .select()
      .from(addresses)
      .where(own(claims))
      .orderBy(desc(addresses.isDefault), desc(addresses.createdAt), desc(addresses.id))
      .limit(ADDRESS_LIMIT),
  );
  return rows.map(toDto);
}

/** One of the caller's addresses; null for an unknown id or anyone else's. */
export async function getAddress(
  claims: UserClaims,
  addressId: string,
): Promise<AddressDto | null> {
  if (!isUuid(addressId)) return null;
  const rows = await withUserContext(claims, (tx) =>
    tx
      .select()
      .from(addresses)
      .where(and(eq(addresses.id, addressId), own(claims)))
      .limit(1),
  );
  return rows[0] ? toDto(rows[0]) : null;
}

/** Clears the caller's default (other than `keep`), bumping the version of what changed. */
async function clearDefault(tx: Tx, claims: UserClaims, keep?: string): Promise<void> {
  await tx
    .update(addresses)
    .set({ isDefault: false, version: sql`${addresses.version} + 1` })
    .where(
      and(own(claims), eq(addresses.isDefault, true), keep ? ne(addresses.id, keep) : undefined),
    );
}

export async function createAddress(
  claims: UserClaims,
  values: AddressValues,
): Promise<AddressDto> {
  return withUserContext(claims, async (tx) => {
    await lockOwner(tx, claims);
    const [existing] = await tx.select({ n: count() }).from(addresses).where(own(claims));
    const n = existing?.n ?? 0;
    if (n >= ADDRESS_LIMIT) throw new AppError("limitReached");
    const isDefault = n === 0 || values.isDefault;
    if (isDefault) await clearDefault(tx, claims);
    const [row] = await tx
      .insert(addresses)
      .values({ ...values, userId: claims.sub, isDefault })
      .returning();
    if (!row) throw new Error("The address was not created.");
    return toDto(row);
  });
}

/**
 * Changes one of the caller's addresses if it is still at the version they read: "stale"
 * when it changed since, "notFound" when it is gone or not theirs. Ticking "default" makes
 * it the default; the default stays the default when unticked (another one is made the
 * default from the list).
 */
export async function updateAddress(
  claims: UserClaims,
  values: UpdateAddressValues,
): Promise<AddressDto> {
  const { addressId, version, isDefault, ...fields } = values;
  return withUserContext(claims, async (tx) => {
    await lockOwner(tx, claims);
    const [current] = await tx
      .select({ version: addresses.version, isDefault: addresses.isDefault })
      .from(addresses)
      .where(and(eq(addresses.id, addressId), own(claims)));
    if (!current) throw new AppError("notFound");
    if (current.version !== version) throw new AppError("stale");
    if (isDefault && !current.isDefault) await clearDefault(tx, claims, addressId);
    const [row] = await tx
      .update(addresses)
      .set({ ...fields, isDefault: isDefault || current.isDefault, version: version + 1 })
      .where(and(eq(addresses.id, addressId), own(claims), eq(addresses.version, version)))
      .returning();
    if (!row) throw new AppError("stale");
    return toDto(row);
  });
}

/**
 * Removes one of the caller's addresses (at the version they saw, when given). When it was
 * the default, the newest remaining address becomes the default.
 */
export async function deleteAddress(
  claims: UserClaims,
  addressId: string,
  version?: number,
): Promise<void> {
  if (!isUuid(addressId)) throw new AppError("notFound");
  await withUserContext(claims, async (tx) => {
    await lockOwner(tx, claims);
    const [removed] = await tx
      .delete(addresses)
      .where(
        and(
          eq(addresses.id, addressId),
          own(claims),
          version === undefined ? undefined : eq(addresses.version, version),
        ),
      )
      .returning({ isDefault: addresses.isDefault });
    if (!removed) {
      const [still] = await tx
        .select({ id: addresses.id })
        .from(addresses)
        .where(and(eq(addresses.id, addressId), own(claims)));
      throw new AppError(still ? "stale" : "notFound");
    }
    if (!removed.isDefault) return;
    const [newest] = await tx
      .select({ id: addresses.id })
      .from(addresses)
      .where(own(claims))
      .orderBy(desc(addresses.createdAt), desc(addresses.id))
      .limit(1);
    if (newest) {
      await tx
        .update(addresses)
        .set({ isDefault: true, version: sql`${addresses.version} + 1` })
        .where(and(eq(addresses.id, newest.id), own(claims)));
    }
  });
}

/** Makes one of the caller's addresses their default (the previous one stops being it). */
export async function setDefaultAddress(claims: UserClaims, addressId: string): Promise<void> {
  if (!isUuid(addressId)) throw new AppError("notFound");
  await withUserContext(claims, async (tx) => {
    await lockOwner(tx, claims);
    const [target] = await tx
      .select({ isDefault: addresses.isDefault })
      .from(addresses)
      .where(and(eq(addresses.id, addressId), own(claims)));
    if (!target) throw new AppError("notFound");
    if (target.isDefault) return;
    await clearDefault(tx, claims, addressId);
    await tx
      .update(addresses)
      .set({ isDefault: true, version: sql`${addresses.version} + 1` })
      .where(and(eq(addresses.id, addressId), own(claims)));
  });
}
