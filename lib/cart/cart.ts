import "server-only";
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { productVariants } from "@/lib/commerce/schema";
import { withUserContext, type UserClaims } from "@/lib/db/context";
import { queryRows } from "@/lib/db/rows";
import { uuidArray } from "@/lib/db/uuid-array";
import type { Tx } from "@/lib/db/types";
import { AppError } from "@/lib/errors/app-error";
import { isUuid } from "@/lib/organisations/access";
import { consumeRateLimit } from "@/lib/rate-limit/rate-limit";
import type { AddToCartInput } from "./cart-schema";
import { cartLineState, type CartLineState } from "./line-state";
import { cartLines, carts } from "./schema";
import { HOLD_MINUTES, MAX_LINE_QUANTITY, type SellableKind } from "./sellable-kinds";
import {
  availableFor,
  heldByOthers,
  loadSellables,
  lockSellables,
  type SellableUnit,
} from "./sellables";

/**
 * The consumer's carts (issue 12 §1): one per organisation, lines of sellable units, stock
 * held for HOLD_MINUTES from each add or change. Every function runs under the caller's
 * claims (RLS: only their own carts exist for them) and filters on their id as well.
 */

/** Lines one cart takes; carts one shopper keeps. */
export const MAX_CART_LINES = 50;
export const MAX_CARTS = 20;

export interface CartWrite {
  cartId: string;
  /** Units in all the shopper's carts, for the top bar. */
  itemCount: number;
}

async function guard(claims: UserClaims): Promise<void> {
  const limit = await consumeRateLimit({
    key: `cart:${claims.sub}`,
    limit: 120,
    windowSeconds: 60,
  });
  if (!limit.allowed) throw new AppError("rateLimited");
}

async function itemCountIn(tx: Tx, userId: string): Promise<number> {
  const [row] = await tx
    .select({ n: sql<number>`coalesce(sum(${cartLines.quantity}), 0)::int` })
    .from(cartLines)
    .where(eq(cartLines.userId, userId));
  return Number(row?.n ?? 0);
}

/** The variant a buy box's option values name, read under RLS (published products only). */
async function findVariant(tx: Tx, input: AddToCartInput): Promise<string> {
  const rows = await tx
    .select({ id: productVariants.id, optionValues: productVariants.optionValues })
    .from(productVariants)
    .where(eq(productVariants.productId, input.productId));
  const match = rows.find(
    (row) =>
      row.optionValues.length === input.option.length &&
      row.optionValues.every((value, index) => value === input.option[index]),
  );
  if (!match) throw new AppError("notFound");
  return match.id;
}

/** Throws unless `quantity` of the unit can be held by this shopper now. */
async function checkStock(tx: Tx, unit: SellableUnit, quantity: number): Promise<void> {
  const held = await heldByOthers(tx, unit.kind, [unit.id]);
  const available = availableFor(unit, held);
  if (available !== null && quantity > available) {
    throw new AppError(available === 0 ? "outOfStock" : "notEnoughStock", "quantity");
  }
}

function holdUntil(unit: SellableUnit) {
  return unit.stock === null ? null : sql`now() + make_interval(mins => ${HOLD_MINUTES})`;
}

async function cartFor(tx: Tx, userId: string, unit: SellableUnit): Promise<string> {
  const [existing] = await tx
    .select({ id: carts.id, currency: carts.currency })
    .from(carts)
    .where(and(eq(carts.userId, userId), eq(carts.organisationId, unit.organisationId)));
  if (existing) {
    if (existing.currency !== unit.currency) throw new AppError("cartCurrency");
    return existing.id;
  }
  const [{ n } = { n: 0 }] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(carts)
    .where(eq(carts.userId, userId));
  if (Number(n) >= MAX_CARTS) throw new AppError("limitReached");
  const [created] = await tx
    .insert(carts)
    .values({ userId, organisationId: unit.organisationId, currency: unit.currency })
    .returning({ id: carts.id });
  if (!created) throw new Error("cart: insert returned nothing");
  return created.id;
}

/**
 * Adds a product variant (chosen by its option values) to the shopper's cart with that
 * organisation, creating the cart, and holds the stock for HOLD_MINUTES. Adding what is
 * already in the cart adds to its quantity and renews its hold.
 */
export async function addToCart(claims: UserClaims, input: AddToCartInput): Promise<CartWrite> {
  await guard(claims);
  return withUserContext(claims, async (tx) => {
    const variantId = await findVariant(tx, input);
    const kind: SellableKind = "product_variant";
    await lockSellables(tx, kind, [variantId]);
    const unit = (await loadSellables(tx, kind, [variantId])).get(variantId);
    if (!unit) throw new AppError("notFound");
    const cartId = await cartFor(tx, claims.sub, unit);
    const [line] = await tx
      .select({ id: cartLines.id, quantity: cartLines.quantity })
      .from(cartLines)
      .where(
        and(
          eq(cartLines.cartId, cartId),
          eq(cartLines.sellableKind, kind),
          eq(cartLines.sellableId, unit.id),
        ),
      );
    const quantity = (line?.quantity ?? 0) + input.quantity;
    if (quantity > MAX_LINE_QUANTITY) throw new AppError("quantityLimit", "quantity");
    await checkStock(tx, unit, quantity);
    if (line) {
      await tx
        .update(cartLines)
        .set({
          quantity,
          unitPriceMinor: unit.unitPriceMinor,
          title: unit.title,
          holdExpiresAt: holdUntil(unit),
        })
        .where(and(eq(cartLines.id, line.id), eq(cartLines.userId, claims.sub)));
    } else {
      const [{ n } = { n: 0 }] = await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(cartLines)
        .where(eq(cartLines.cartId, cartId));
      if (Number(n) >= MAX_CART_LINES) throw new AppError("limitReached");
      await tx.insert(cartLines).values({
        cartId,
        organisationId: unit.organisationId,
        userId: claims.sub,
        sellableKind: kind,
        sellableId: unit.id,
        listingId: unit.listingId,
        title: unit.title,
        quantity,
        unitPriceMinor: unit.unitPriceMinor,
        currency: unit.currency,
        holdExpiresAt: holdUntil(unit),
      });
    }
    return { cartId, itemCount: await itemCountIn(tx, claims.sub) };
  });
}

async function ownLine(tx: Tx, userId: string, lineId: string) {
  if (!isUuid(lineId)) throw new AppError("notFound");
  const [line] = await tx
    .select({
      id: cartLines.id,
      cartId: cartLines.cartId,
      kind: cartLines.sellableKind,
      sellableId: cartLines.sellableId,
    })
    .from(cartLines)
    .where(and(eq(cartLines.id, lineId), eq(cartLines.userId, userId)));
  if (!line) throw new AppError("notFound");
  return line;
}

/** Drops a cart that has no line left. */
async function dropIfEmpty(tx: Tx, userId: string, cartId: string): Promise<void> {
  await tx
    .delete(carts)
    .where(
      and(
        eq(carts.id, cartId),
        eq(carts.userId, userId),
        sql`not exists (select 1 from cart_lines l where l.cart_id = ${carts.id})`,
      ),
    );
}

/**
 * Sets a line's quantity (0 removes it). A new quantity is checked against the stock, takes
 * the unit's current price (the shopper has now seen it) and renews the hold.
 */
export async function updateCartLine(
  claims: UserClaims,
  input: { lineId: string; quantity: number },
): Promise<CartWrite> {
  await guard(claims);
  return withUserContext(claims, async (tx) => {
    const line = await ownLine(tx, claims.sub, input.lineId);
    if (input.quantity === 0) {
      await tx.delete(cartLines).where(eq(cartLines.id, line.id));
      await dropIfEmpty(tx, claims.sub, line.cartId);
      return { cartId: line.cartId, itemCount: await itemCountIn(tx, claims.sub) };
    }
    await lockSellables(tx, line.kind, [line.sellableId]);
    const unit = (await loadSellables(tx, line.kind, [line.sellableId])).get(line.sellableId);
    if (!unit) throw new AppError("unavailable");
    await checkStock(tx, unit, input.quantity);
    await tx
      .update(cartLines)
      .set({
        quantity: input.quantity,
        unitPriceMinor: unit.unitPriceMinor,
        title: unit.title,
        holdExpiresAt: holdUntil(unit),
      })
      .where(and(eq(cartLines.id, line.id), eq(cartLines.userId, claims.sub)));
    return { cartId: line.cartId, itemCount: await itemCountIn(tx, claims.sub) };
  });
}

/**
 * "Hold again" after the holds ran out: every line whose unit can still be had in its
 * quantity is held for HOLD_MINUTES more; the others keep their flags (the cart shows why).
 * Answers how many lines could not be held.
 */
export async function holdCartAgain(
  claims: UserClaims,
  input: { cartId: string },
): Promise<CartWrite & { notHeld: number }> {
  await guard(claims);
  return withUserContext(claims, async (tx) => {
    if (!isUuid(input.cartId)) throw new AppError("notFound");
    const lines = await tx
      .select({
        id: cartLines.id,
        kind: cartLines.sellableKind,
        sellableId: cartLines.sellableId,
        quantity: cartLines.quantity,
      })
      .from(cartLines)
      .where(and(eq(cartLines.cartId, input.cartId), eq(cartLines.userId, claims.sub)));
    if (lines.length === 0) throw new AppError("notFound");
    let notHeld = 0;
    for (const kind of new Set(lines.map((line) => line.kind))) {
      const ofKind = lines.filter((line) => line.kind === kind);
      const ids = ofKind.map((line) => line.sellableId);
      await lockSellables(tx, kind, ids);
      const [units, held] = await Promise.all([
        loadSellables(tx, kind, ids),
        heldByOthers(tx, kind, ids),
      ]);
      const renew: string[] = [];
      for (const line of ofKind) {
        const unit = units.get(line.sellableId);
        const available = unit ? availableFor(unit, held) : 0;
        if (!unit || (available !== null && available < line.quantity)) notHeld++;
        else if (unit.stock !== null) renew.push(line.id);
      }
      if (renew.length > 0) {
        await tx
          .update(cartLines)
          .set({ holdExpiresAt: sql`now() + make_interval(mins => ${HOLD_MINUTES})` })
          .where(and(inArray(cartLines.id, renew), eq(cartLines.userId, claims.sub)));
      }
    }
    return { cartId: input.cartId, notHeld, itemCount: await itemCountIn(tx, claims.sub) };
  });
}

// ── Reading ──────────────────────────────────────────────────────────────────────────────

export interface CartLineView {
  id: string;
  title: string;
  optionLabel: string;
  quantity: number;
  /** Today's unit price; null when the unit can no longer be bought. */
  unitPriceMinor: number | null;
  /** The price the shopper last saw, when it differs from today's. */
  previousPriceMinor: number | null;
  /** The price without today's offer, when an offer lowers it; else null. */
  normalPriceMinor: number | null;
  lineTotalMinor: number;
  picture: SellableUnit["picture"];
  path: string;
  state: CartLineState;
  /** Units that could be had now (tracked stock), for the "only n left" flag. */
  available: number | null;
}

export interface CartView {
  id: string;
  organisationId: string;
  /** The shop's public name; null when it has nothing published any more. */
  organisationName: string | null;
  currency: string;
  lines: CartLineView[];
  subtotalMinor: number;
  itemCount: number;
  /** The earliest running hold, ISO; null when nothing is held. */
  holdEndsAt: string | null;
  /** Some tracked line's hold has run out. */
  holdExpired: boolean;
}

async function readCarts(tx: Tx, userId: string, cartId?: string): Promise<CartView[]> {
  const [clock] = await queryRows<{ now: string }>(tx, sql`select now()::text as now`);
  const now = new Date(clock?.now ?? Date.now());
  const ownCarts = await tx
    .select({ id: carts.id, organisationId: carts.organisationId, currency: carts.currency })
    .from(carts)
    .where(cartId ? and(eq(carts.userId, userId), eq(carts.id, cartId)) : eq(carts.userId, userId))
    .orderBy(asc(carts.createdAt));
  if (ownCarts.length === 0) return [];
  // Shops' names as their public pages show them (a shopper is no member: RLS hides the
  // organisations table); a shop with nothing published any more has no card: null.
  const sellers = await queryRows<{ id: string; name: string }>(
    tx,
    sql`select id, name from app.seller_cards(${uuidArray(ownCarts.map((cart) => cart.organisationId))})`,
  );
  const names = new Map(sellers.map((seller) => [seller.id, seller.name]));
  const cartRows = ownCarts.map((cart) => ({
    ...cart,
    organisationName: names.get(cart.organisationId) ?? null,
  }));
  const lineRows = await tx
    .select()
    .from(cartLines)
    .where(
      and(
        eq(cartLines.userId, userId),
        inArray(
          cartLines.cartId,
          cartRows.map((cart) => cart.id),
        ),
      ),
    )
    .orderBy(asc(cartLines.addedAt), asc(cartLines.id));
  const units = new Map<string, SellableUnit>();
  const held = new Map<string, number>();
  for (const kind of new Set(lineRows.map((line) => line.sellableKind))) {
    const ids = lineRows.filter((l) => l.sellableKind === kind).map((l) => l.sellableId);
    const [loaded, others] = await Promise.all([
      loadSellables(tx, kind, ids),
      heldByOthers(tx, kind, ids),
    ]);
    for (const [id, unit] of loaded) units.set(`${kind}:${id}`, unit);
    for (const [id, n] of others) held.set(`${kind}:${id}`, n);
  }
  return cartRows.map((cart) => {
    const lines = lineRows
      .filter((line) => line.cartId === cart.id)
      .map((line): CartLineView => {
        const key = `${line.sellableKind}:${line.sellableId}`;
        const unit = units.get(key);
        const available =
          unit && unit.stock !== null ? Math.max(0, unit.stock - (held.get(key) ?? 0)) : null;
        const state = cartLineState({
          found: Boolean(unit),
          tracked: unit ? unit.stock !== null : false,
          available,
          quantity: line.quantity,
          holdExpiresAt: line.holdExpiresAt,
          now,
        });
        const price = unit?.unitPriceMinor ?? null;
        return {
          id: line.id,
          title: unit?.title ?? line.title,
          optionLabel: unit?.optionLabel ?? "",
          quantity: line.quantity,
          unitPriceMinor: price,
          previousPriceMinor:
            price !== null && price !== line.unitPriceMinor ? line.unitPriceMinor : null,
          normalPriceMinor: unit?.normalPriceMinor ?? null,
          lineTotalMinor: price === null ? 0 : price * line.quantity,
          picture: unit?.picture ?? null,
          path: unit?.path ?? `/commerce/product/${line.listingId}`,
          state,
          available,
        };
      });
    const running = lineRows
      .filter((line) => line.cartId === cart.id && line.holdExpiresAt && line.holdExpiresAt > now)
      .map((line) => line.holdExpiresAt!.getTime());
    return {
      ...cart,
      lines,
      subtotalMinor: lines.reduce((sum, line) => sum + line.lineTotalMinor, 0),
      itemCount: lines.reduce((sum, line) => sum + line.quantity, 0),
      holdEndsAt: running.length > 0 ? new Date(Math.min(...running)).toISOString() : null,
      // A counted unit still for sale whose hold is not running (ended, or lost to others).
      holdExpired: lineRows.some((line) => {
        const unit = units.get(`${line.sellableKind}:${line.sellableId}`);
        return (
          line.cartId === cart.id &&
          unit !== undefined &&
          unit.stock !== null &&
          !(line.holdExpiresAt && line.holdExpiresAt > now)
        );
      }),
    };
  });
}

/** Every cart of the shopper, oldest first, with their lines. */
export async function listCarts(claims: UserClaims): Promise<CartView[]> {
  return withUserContext(claims, (tx) => readCarts(tx, claims.sub));
}

/** One of the shopper's carts, or null (unknown, or someone else's: RLS hides it). */
export async function getCart(claims: UserClaims, cartId: string): Promise<CartView | null> {
  if (!isUuid(cartId)) return null;
  const [cart] = await withUserContext(claims, (tx) => readCarts(tx, claims.sub, cartId));
  return cart ?? null;
}

/** Units in all the shopper's carts. */
export async function cartItemCount(claims: UserClaims): Promise<number> {
  return withUserContext(claims, (tx) => itemCountIn(tx, claims.sub));
}
