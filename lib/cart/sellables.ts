import "server-only";
import { and, eq, inArray, sql } from "drizzle-orm";
import { runningOfferPrices } from "@/lib/commerce/offer-running";
import { productVariants, products } from "@/lib/commerce/schema";
import type { Tx } from "@/lib/db/types";
import { queryRows } from "@/lib/db/rows";
import { uuidArray } from "@/lib/db/uuid-array";
import { toCover, type CardCover, type CoverRow } from "@/lib/listings/public-products";
import { listings } from "@/lib/listings/schema";
import type { SellableKind } from "./sellable-kinds";

/**
 * What a cart line sells, whatever it is (issue 12 §1): the one interface through which the
 * cart, and later checkout, read a product variant today and a ticket type, a service
 * booking or a menu item when those issues come. Each kind has a source that loads many units
 * in one query (never one per line), read under the caller's RLS: a unit whose listing is no
 * longer published is simply not found.
 */
export interface SellableUnit {
  kind: SellableKind;
  id: string;
  organisationId: string;
  listingId: string;
  title: string;
  /** The chosen options, e.g. "Size: M · Colour: Blue"; empty when there are none. */
  optionLabel: string;
  /** Today's price of one unit: a running offer's price when one applies. */
  unitPriceMinor: number;
  /** The price without the offer, when an offer applies; else null. */
  normalPriceMinor: number | null;
  /** The running offer that sets `unitPriceMinor`, if any. */
  offerId: string | null;
  /** The tax class its organisation's rates apply by (`standard` for kinds without one). */
  taxClass: string;
  currency: string;
  /** null when the unit's stock is not tracked (unlimited). */
  stock: number | null;
  picture: CardCover | null;
  /** The consumer's page of the listing. */
  path: string;
}

/** Units and how many of each, in a stock change. */
export type StockItems = { id: string; quantity: number }[];

interface SellableSource {
  load(tx: Tx, ids: string[]): Promise<SellableUnit[]>;
  /** The tracked stock of these units, whatever their listing's state (the system reads it). */
  stockOf(tx: Tx, ids: string[]): Promise<Map<string, number>>;
  /**
   * Moves tracked stock (as the system, units locked): `take` when an order is confirmed,
   * `return` when a confirmed order is cancelled before it left the shop.
   */
  moveStock(tx: Tx, items: StockItems, direction: "take" | "return"): Promise<void>;
}

const productVariantSource: SellableSource = {
  async load(tx, ids) {
    if (ids.length === 0) return [];
    const rows = await tx
      .select({
        id: productVariants.id,
        organisationId: productVariants.organisationId,
        listingId: listings.id,
        title: listings.title,
        options: products.options,
        taxClass: products.taxClass,
        optionValues: productVariants.optionValues,
        priceMinor: productVariants.priceMinor,
        currency: listings.currency,
        trackStock: productVariants.trackStock,
        stock: productVariants.stock,
        cover: sql<CoverRow | string | null>`coalesce(
          (select json_build_object('fileId', i.file_id, 'alt', i.alt_text, 'width', i.width, 'height', i.height)
             from listing_images i where i.listing_id = ${listings.id} and i.file_id = ${productVariants.imageFileId} limit 1),
          (select json_build_object('fileId', i.file_id, 'alt', i.alt_text, 'width', i.width, 'height', i.height)
             from listing_images i where i.listing_id = ${listings.id} order by i.position limit 1))`,
      })
      .from(productVariants)
      .innerJoin(products, eq(products.listingId, productVariants.productId))
      .innerJoin(listings, eq(listings.id, productVariants.productId))
      .where(
        and(
          inArray(productVariants.id, ids),
          eq(listings.kind, "product"),
          eq(listings.status, "published"),
        ),
      );
    // Running offers (lib/commerce/offer-running.ts) in one query for all the listings.
    const offers = await runningOfferPrices(
      tx,
      rows.map((row) => row.listingId),
    );
    return rows.map((row) => {
      const offer = offers.priceOf(row.listingId, row.priceMinor);
      return {
        kind: "product_variant" as const,
        id: row.id,
        organisationId: row.organisationId,
        listingId: row.listingId,
        title: row.title,
        optionLabel: row.options
          .map((option, index) => `${option.name}: ${row.optionValues[index] ?? ""}`)
          .join(" · "),
        unitPriceMinor: offer?.priceMinor ?? row.priceMinor,
        normalPriceMinor: offer ? row.priceMinor : null,
        offerId: offer?.offerId ?? null,
        taxClass: row.taxClass,
        currency: row.currency,
        stock: row.trackStock ? (row.stock ?? 0) : null,
        picture: toCover(row.cover),
        path: `/commerce/product/${row.listingId}`,
      };
    });
  },
  async stockOf(tx, ids) {
    if (ids.length === 0) return new Map();
    const rows = await queryRows<{ id: string; stock: number | null }>(
      tx,
      sql`select id, stock from product_variants where id = any (${uuidArray(ids)})`,
    );
    return new Map(rows.map((row) => [row.id, Number(row.stock ?? 0)]));
  },
  async moveStock(tx, items, direction) {
    for (const item of items) {
      const change = direction === "take" ? -item.quantity : item.quantity;
      await tx
        .update(productVariants)
        .set({ stock: sql`${productVariants.stock} + ${change}` })
        .where(and(eq(productVariants.id, item.id), eq(productVariants.trackStock, true)));
    }
  },
};

const sources: Record<SellableKind, SellableSource> = {
  product_variant: productVariantSource,
};

/** The units named, by id; a unit that cannot be sold (unpublished, gone) is absent. */
export async function loadSellables(
  tx: Tx,
  kind: SellableKind,
  ids: string[],
): Promise<Map<string, SellableUnit>> {
  const units = await sources[kind].load(tx, [...new Set(ids)]);
  return new Map(units.map((unit) => [unit.id, unit]));
}

/** The tracked stock of units of one kind (see SellableSource.stockOf). */
export async function stockOf(
  tx: Tx,
  kind: SellableKind,
  ids: string[],
): Promise<Map<string, number>> {
  return sources[kind].stockOf(tx, [...new Set(ids)]);
}

/** Takes sold units off their stock, or returns them (see SellableSource.moveStock). */
export async function moveStock(
  tx: Tx,
  kind: SellableKind,
  items: StockItems,
  direction: "take" | "return",
): Promise<void> {
  if (items.length > 0) await sources[kind].moveStock(tx, items, direction);
}

/**
 * Serialises everyone who changes the holds or the stock of these units (adding to a cart,
 * placing an order) until the transaction ends: advisory locks, taken in a fixed order so two
 * transactions locking several units cannot deadlock.
 */
export async function lockSellables(tx: Tx, kind: SellableKind, ids: string[]): Promise<void> {
  // Sent together (one round trip): the server takes them one after another, in this order.
  await Promise.all(
    [...new Set(ids)]
      .sort()
      .map((id) =>
        queryRows(tx, sql`select pg_advisory_xact_lock(hashtextextended(${`${kind}:${id}`}, 0))`),
      ),
  );
}

/**
 * What other shoppers' unexpired holds take from each unit (the caller's own lines are left
 * out): `app.sellable_holds`, which sees every cart but answers quantities only.
 */
export async function heldByOthers(
  tx: Tx,
  kind: SellableKind,
  ids: string[],
): Promise<Map<string, number>> {
  if (ids.length === 0) return new Map();
  const rows = await queryRows<{ sellable_id: string; held: number }>(
    tx,
    sql`select sellable_id, held from app.sellable_holds(${kind}, ${uuidArray(ids)})`,
  );
  return new Map(rows.map((row) => [row.sellable_id, Number(row.held)]));
}

/** Units a shopper can still take: stock minus others' holds; null = not tracked. */
export function availableFor(unit: SellableUnit, held: Map<string, number>): number | null {
  if (unit.stock === null) return null;
  return Math.max(0, unit.stock - (held.get(unit.id) ?? 0));
}
