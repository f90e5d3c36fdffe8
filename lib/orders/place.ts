import "server-only";
import { randomUUID } from "node:crypto";
import { and, eq, inArray, sql } from "drizzle-orm";
import { addresses } from "@/lib/addresses/schema";
import { cartLines, carts } from "@/lib/cart/schema";
import { HOLD_MINUTES, type SellableKind } from "@/lib/cart/sellable-kinds";
import {
  availableFor,
  loadSellables,
  lockSellables,
  type SellableUnit,
} from "@/lib/cart/sellables";
import { offers } from "@/lib/offers/schema";
import { organisations } from "@/lib/organisations/schema";
import { withSystemContext, type UserClaims } from "@/lib/db/context";
import { queryRows } from "@/lib/db/rows";
import { statement, statementFamily } from "@/lib/db/statement";
import type { Tx } from "@/lib/db/types";
import { uuidArray } from "@/lib/db/uuid-array";
import { AppError, isUniqueViolation } from "@/lib/errors/app-error";
import { consumeRateLimit } from "@/lib/rate-limit/rate-limit";
import { DiscountRedemptionError, redeemDiscount } from "@/lib/selling-terms/discounts";
import type { CheckoutInput } from "./checkout-schema";
import { priceCheckout, type DeliveryChoice, type PricedCheckout } from "./checkout-pricing";
import { recordEvents } from "./confirm";
import { holdsExcept } from "./holds";
import type { OrderAddress } from "./order-types";
import { newOrderReference } from "./reference";
import { orderLines, orders } from "./schema";

/** A cart's lines with the units they sell, as checkout reads them (system context). */
export interface CheckoutLine {
  lineId: string;
  kind: SellableKind;
  sellableId: string;
  quantity: number;
  unit: SellableUnit | null;
}

export interface CheckoutCart {
  id: string;
  userId: string;
  organisationId: string;
  organisationName: string;
  currency: string;
  lines: CheckoutLine[];
}

async function shopName(tx: Tx, organisationId: string): Promise<string> {
  const [card] = await queryRows<{ name: string }>(
    tx,
    sql`select name from app.seller_cards(${uuidArray([organisationId])})`,
  );
  return card?.name ?? "";
}

/** Only an account places orders: a guest is asked to sign in or register first. */
export function requireAccount(claims: UserClaims): void {
  if (claims.is_anonymous === true) throw new AppError("accountRequired");
}

type CartValues = { cartId: string; userId: string };
type CartHead = {
  id: string;
  organisationId: string;
  organisationName: string | null;
  currency: string;
};

/** The buyer's cart, read or locked (for the placing transaction). */
const cartHead = statementFamily<"read" | "lock", CartValues, CartHead[]>(
  "orders: cart",
  (db, mode) => {
    const query = db
      .select({
        id: carts.id,
        organisationId: carts.organisationId,
        organisationName: organisations.name,
        currency: carts.currency,
      })
      .from(carts)
      .leftJoin(organisations, eq(organisations.id, carts.organisationId))
      .where(
        and(eq(carts.id, sql.placeholder("cartId")), eq(carts.userId, sql.placeholder("userId"))),
      );
    return mode === "lock" ? query.for("update", { of: carts }) : query;
  },
);

const cartLinesOf = statement<
  { cartId: string },
  { lineId: string; kind: SellableKind; sellableId: string; quantity: number }[]
>("orders: cart lines", (db) =>
  db
    .select({
      lineId: cartLines.id,
      kind: cartLines.sellableKind,
      sellableId: cartLines.sellableId,
      quantity: cartLines.quantity,
    })
    .from(cartLines)
    .where(eq(cartLines.cartId, sql.placeholder("cartId")))
    .orderBy(cartLines.addedAt, cartLines.id),
);

/** The buyer's cart with its units; `lock` takes the cart row for the placing transaction. */
export async function readCheckoutCart(
  tx: Tx,
  userId: string,
  cartId: string,
  options: { lock: boolean } = { lock: false },
): Promise<CheckoutCart | null> {
  const [row] = await cartHead(options.lock ? "lock" : "read")(tx, { cartId, userId });
  if (!row) return null;
  // A shopper cannot read organisations: their public card gives the name (lib/cart).
  const cart = {
    ...row,
    organisationName: row.organisationName ?? (await shopName(tx, row.organisationId)),
  };
  const rows = await cartLinesOf(tx, { cartId: cart.id });
  const kinds = [...new Set(rows.map((row) => row.kind))];
  const units = new Map<string, SellableUnit>();
  for (const kind of kinds) {
    const ids = rows.filter((row) => row.kind === kind).map((row) => row.sellableId);
    for (const [id, unit] of await loadSellables(tx, kind, ids)) units.set(`${kind}:${id}`, unit);
  }
  return {
    ...cart,
    userId,
    lines: rows.map((row) => ({
      ...row,
      unit: units.get(`${row.kind}:${row.sellableId}`) ?? null,
    })),
  };
}

/** Prices the cart as it stands (the checkout page and placing use this one function). */
export async function priceCart(
  tx: Tx,
  cart: CheckoutCart,
  choice: { delivery: DeliveryChoice; discountCode: string | null },
) {
  return priceCheckout(tx, {
    organisationId: cart.organisationId,
    currency: cart.currency,
    userId: cart.userId,
    lines: cart.lines.flatMap((line) =>
      line.unit
        ? [
            {
              key: line.lineId,
              unitPriceMinor: line.unit.unitPriceMinor,
              quantity: line.quantity,
              taxClass: line.unit.taxClass,
            },
          ]
        : [],
    ),
    delivery: choice.delivery,
    discountCode: choice.discountCode,
  });
}

async function shippingAddress(
  tx: Tx,
  userId: string,
  addressId: string | null,
): Promise<OrderAddress | null> {
  if (!addressId) return null;
  const [row] = await tx
    .select()
    .from(addresses)
    .where(and(eq(addresses.id, addressId), eq(addresses.userId, userId)));
  if (!row) throw new AppError("notFound", "addressId");
  return {
    recipient: row.recipientName,
    line1: row.line1,
    line2: row.line2,
    city: row.city,
    region: row.region,
    postalCode: row.postalCode || null,
    country: row.country,
    phone: row.phone,
  };
}

/** Every line can be sold now in its quantity, counting everyone else's holds. */
async function checkAvailability(tx: Tx, cart: CheckoutCart): Promise<void> {
  for (const line of cart.lines) {
    if (!line.unit) throw new AppError("unavailable", line.lineId);
  }
  for (const kind of new Set(cart.lines.map((line) => line.kind))) {
    const ids = cart.lines.filter((line) => line.kind === kind).map((line) => line.sellableId);
    await lockSellables(tx, kind, ids);
    const held = await holdsExcept(tx, kind, ids, { cartId: cart.id });
    for (const line of cart.lines.filter((l) => l.kind === kind)) {
      const available = availableFor(line.unit as SellableUnit, held);
      if (available !== null && line.quantity > available) {
        throw new AppError(available === 0 ? "outOfStock" : "notEnoughStock", line.lineId);
      }
    }
  }
}

/**
 * Counts the units sold at an offer price against the offer's usage limit (rows locked in id
 * order). An offer that ran out in the meantime means the price moved: the buyer sees it.
 */
async function useOffers(tx: Tx, cart: CheckoutCart): Promise<void> {
  const byOffer = new Map<string, number>();
  for (const line of cart.lines) {
    const offerId = line.unit?.offerId;
    if (offerId) byOffer.set(offerId, (byOffer.get(offerId) ?? 0) + line.quantity);
  }
  if (byOffer.size === 0) return;
  const ids = [...byOffer.keys()].sort();
  const rows = await tx
    .select({ id: offers.id, used: offers.used, limit: offers.usageLimit })
    .from(offers)
    .where(inArray(offers.id, ids))
    .orderBy(offers.id)
    .for("update");
  for (const row of rows) {
    const wanted = byOffer.get(row.id) ?? 0;
    if (row.limit !== null && row.used + wanted > row.limit) throw new AppError("priceChanged");
  }
  for (const [id, quantity] of byOffer) {
    await tx
      .update(offers)
      .set({ used: sql`${offers.used} + ${quantity}` })
      .where(eq(offers.id, id));
  }
}

/** Counts the code's use (locked; its limits checked again): a code that ran out meanwhile refuses. */
async function useDiscount(
  tx: Tx,
  orderId: string,
  userId: string,
  discount: NonNullable<PricedCheckout["discount"]>,
): Promise<void> {
  try {
    await redeemDiscount(tx, {
      discountCodeId: discount.codeId,
      orderId,
      userId,
      amountMinor: discount.amountMinor,
      now: new Date(),
    });
  } catch (error) {
    if (error instanceof DiscountRedemptionError)
      throw new AppError("discountInvalid", "discountCode");
    throw error;
  }
}

type OrderValues = Omit<
  typeof orders.$inferInsert,
  "status" | "paymentStatus" | "fulfilmentStatus" | "holdExpiresAt"
>;

const placeholders = <K extends string>(keys: readonly K[]) =>
  Object.fromEntries(keys.map((key) => [key, sql.placeholder(key)])) as unknown as Record<
    K,
    ReturnType<typeof sql.placeholder>
  >;

const ORDER_COLUMNS = [
  "id",
  "organisationId",
  "buyerUserId",
  "sellerName",
  "reference",
  "currency",
  "pricesIncludeTax",
  "subtotalMinor",
  "discountMinor",
  "deliveryMinor",
  "taxMinor",
  "totalMinor",
  "discountCode",
  "contact",
  "shippingAddress",
  "delivery",
] as const satisfies readonly (keyof OrderValues)[];

const insertOrderRow = statement<
  Pick<Required<OrderValues>, (typeof ORDER_COLUMNS)[number]>,
  unknown
>("orders: insert", (db) =>
  db.insert(orders).values({
    ...placeholders(ORDER_COLUMNS),
    holdExpiresAt: sql`now() + make_interval(mins => ${HOLD_MINUTES})`,
  }),
);

const LINE_COLUMNS = [
  "orderId",
  "organisationId",
  "position",
  "sellableKind",
  "sellableId",
  "listingId",
  "title",
  "optionLabel",
  "quantity",
  "unitPriceMinor",
  "normalPriceMinor",
  "offerId",
  "tracked",
  "taxClass",
  "taxRateBasisPoints",
  "discountMinor",
  "taxMinor",
  "totalMinor",
] as const satisfies readonly (keyof typeof orderLines.$inferInsert)[];

const insertLineRow = statement<Record<(typeof LINE_COLUMNS)[number], unknown>, unknown>(
  "orders: insert line",
  (db) => db.insert(orderLines).values(placeholders(LINE_COLUMNS)),
);

const deleteCart = statement<{ cartId: string }, unknown>("orders: cart placed", (db) =>
  db.delete(carts).where(eq(carts.id, sql.placeholder("cartId"))),
);

/**
 * The order, its lines, the `placed` entry and the cart's removal, sent together: the order's
 * id and reference are made here, so nothing waits for the order row.
 */
async function insertOrder(
  tx: Tx,
  cart: CheckoutCart,
  priced: PricedCheckout,
  input: CheckoutInput,
  address: OrderAddress | null,
): Promise<{ id: string; reference: string }> {
  const order = { id: randomUUID(), reference: newOrderReference() };
  await Promise.all([
    insertOrderRow(tx, {
      ...order,
      organisationId: cart.organisationId,
      buyerUserId: cart.userId,
      sellerName: cart.organisationName,
      currency: cart.currency,
      pricesIncludeTax: priced.pricesIncludeTax,
      ...priced.totals,
      discountCode: priced.discount?.code ?? null,
      contact: { name: input.name, email: input.email, phone: input.phone },
      shippingAddress: address,
      delivery: priced.delivery,
    }),
    insertLines(tx, order.id, cart, priced),
    recordEvents(
      tx,
      { id: order.id, organisationId: cart.organisationId },
      [["placed", { totalMinor: priced.totals.totalMinor, currency: cart.currency }]],
      cart.userId,
    ),
    deleteCart(tx, { cartId: cart.id }),
  ]);
  return order;
}

async function insertLines(tx: Tx, orderId: string, cart: CheckoutCart, priced: PricedCheckout) {
  const pricedByKey = new Map(priced.lines.map((line) => [line.key, line]));
  await Promise.all(
    cart.lines.map((line, position) => {
      const unit = line.unit as SellableUnit;
      const price = pricedByKey.get(line.lineId);
      if (!price) throw new Error("orders: a line was not priced");
      return insertLineRow(tx, {
        orderId,
        organisationId: cart.organisationId,
        position,
        sellableKind: line.kind,
        sellableId: line.sellableId,
        listingId: unit.listingId,
        title: unit.title,
        optionLabel: unit.optionLabel,
        quantity: line.quantity,
        unitPriceMinor: unit.unitPriceMinor,
        normalPriceMinor: unit.normalPriceMinor,
        offerId: unit.offerId,
        tracked: unit.stock !== null,
        taxClass: unit.taxClass,
        taxRateBasisPoints: price.taxRateBasisPoints,
        discountMinor: price.discountMinor,
        taxMinor: price.taxMinor,
        totalMinor: price.totalMinor,
      });
    }),
  );
}

/**
 * Places the order of one cart (issue 12 §2), as the system after checking that the cart is
 * the caller's: the cart row and its units are locked (advisory, sorted, the same locks adding
 * to a cart takes), every line must be available counting everyone else's holds, the price
 * must be the one the buyer was shown, offer usage is counted, and the order with its lines
 * replaces the cart in one transaction. The order then holds the stock for HOLD_MINUTES while
 * the buyer pays; the stock is decremented when the payment confirms it (confirm.ts).
 */
export async function placeOrder(
  claims: UserClaims,
  input: CheckoutInput,
): Promise<{ orderId: string; reference: string }> {
  requireAccount(claims);
  const limit = await consumeRateLimit({
    key: `checkout:${claims.sub}`,
    limit: 20,
    windowSeconds: 60,
  });
  if (!limit.allowed) throw new AppError("rateLimited");
  // A reference another order has (one chance in ~10^11 per order) fails the transaction:
  // the whole of it runs again with a new one.
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await placeCart(claims, input);
    } catch (error) {
      if (attempt < 3 && isUniqueViolation(error, "orders_reference_key")) continue;
      throw error;
    }
  }
}

function placeCart(
  claims: UserClaims,
  input: CheckoutInput,
): Promise<{ orderId: string; reference: string }> {
  return withSystemContext("orders: place", async (tx) => {
    const cart = await readCheckoutCart(tx, claims.sub, input.cartId, { lock: true });
    if (!cart) throw new AppError("notFound");
    if (cart.lines.length === 0) throw new AppError("cartEmpty");
    await checkAvailability(tx, cart);
    const delivery: DeliveryChoice =
      input.delivery === "pickup"
        ? { method: "pickup" }
        : { method: "delivery", rateId: input.delivery };
    const priced = await priceCart(tx, cart, { delivery, discountCode: input.discountCode });
    if ("problem" in priced) {
      throw new AppError(
        priced.problem,
        priced.problem === "discountInvalid" ? "discountCode" : "delivery",
      );
    }
    if (priced.totals.totalMinor !== input.expectedTotalMinor) throw new AppError("priceChanged");
    const address = await shippingAddress(
      tx,
      claims.sub,
      delivery.method === "delivery" ? input.addressId : null,
    );
    await useOffers(tx, cart);
    const order = await insertOrder(tx, cart, priced, input, address);
    if (priced.discount) await useDiscount(tx, order.id, claims.sub, priced.discount);
    return { orderId: order.id, reference: order.reference };
  });
}
