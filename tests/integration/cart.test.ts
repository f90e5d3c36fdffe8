import { randomUUID } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  addToCart,
  cartItemCount,
  getCart,
  holdCartAgain,
  listCarts,
  updateCartLine,
} from "@/lib/cart/cart";
import { claimGuestCartsFor } from "@/lib/cart/claim";
import { cartLines, carts } from "@/lib/cart/schema";
import { productVariants } from "@/lib/commerce/schema";
import { closeDb, getDb } from "@/lib/db/client";
import { queryRows } from "@/lib/db/rows";
import { runAsAnon, runAsSystem, runAsUser } from "@/lib/db/run-context";
import { listings } from "@/lib/listings/schema";
import { offers } from "@/lib/offers/schema";
import { enableCommerce } from "./support/commerce";
import { code, sellableProduct, shopper } from "./support/shop";
import { createOrganisationWorld, type OrganisationWorld } from "./support/organisations";

/**
 * Carts (issue 12 §1): one per shopper per shop, stock held for 15 minutes by each add, holds
 * that stop counting by themselves, price changes and missing stock shown, a guest's carts
 * following them into their account; nobody reads or changes another's cart, in code and
 * under RLS.
 */
const db = () => getDb();
let world: OrganisationWorld;
/** Shop A: a shirt in S (3 counted) and M (not counted); shop B: a mug (5 counted). */
const ids = { shirt: randomUUID(), mug: randomUUID(), draft: randomUUID() };
let variantS: string;
let variantM: string;

const shirt = (size: "S" | "M", quantity = 1) => ({
  productId: ids.shirt,
  option: [size],
  quantity,
});
const mug = (quantity = 1) => ({ productId: ids.mug, option: [], quantity });

async function expireHolds(userId: string) {
  await runAsSystem(db(), "test: expire holds", (tx) =>
    tx
      .update(cartLines)
      .set({ holdExpiresAt: sql`now() - interval '1 second'` })
      .where(eq(cartLines.userId, userId)),
  );
}

beforeAll(async () => {
  world = await createOrganisationWorld(db());
  await enableCommerce(db(), world.a.id);
  await enableCommerce(db(), world.b.id);
  [variantS, variantM] = (await sellableProduct(
    world.a.id,
    ids.shirt,
    "published",
    [{ name: "Size", values: ["S", "M"] }],
    [
      { values: ["S"], price: 2000, stock: 3 },
      { values: ["M"], price: 2500, stock: null },
    ],
  )) as [string, string];
  await sellableProduct(
    world.b.id,
    ids.mug,
    "published",
    [],
    [{ values: [], price: 900, stock: 5 }],
  );
  await sellableProduct(
    world.a.id,
    ids.draft,
    "draft",
    [],
    [{ values: [], price: 100, stock: null }],
  );
});

afterAll(async () => {
  await closeDb();
});

describe("adding to a cart", () => {
  it("makes one cart per shop, adds up the same unit and counts the units", async () => {
    const alice = await shopper("cart-alice");
    const first = await addToCart(alice.claims, shirt("M", 2));
    expect(first.itemCount).toBe(2);
    const again = await addToCart(alice.claims, shirt("M", 1));
    expect(again).toEqual({ cartId: first.cartId, itemCount: 3 });
    const other = await addToCart(alice.claims, mug(1));
    expect(other.cartId).not.toBe(first.cartId);
    expect(other.itemCount).toBe(4);
    const all = await listCarts(alice.claims);
    expect(all.map((c) => [c.organisationId, c.itemCount, c.subtotalMinor])).toEqual([
      [world.a.id, 3, 7500],
      [world.b.id, 1, 900],
    ]);
    const [line] = all[0]!.lines;
    expect(line).toMatchObject({ title: `Product ${ids.shirt.slice(0, 4)}`, quantity: 3 });
    expect(line!.optionLabel).toBe("Size: M");
    expect(line!.state).toBe("open");
    expect(await cartItemCount(alice.claims)).toBe(4);
  });

  it("refuses what cannot be bought, and writes nothing", async () => {
    const bob = await shopper("cart-bob");
    expect(await code(addToCart(bob.claims, { ...shirt("S"), option: ["XL"] }))).toBe("notFound");
    expect(
      await code(addToCart(bob.claims, { productId: ids.draft, option: [], quantity: 1 })),
    ).toBe("notFound");
    expect(await code(addToCart(bob.claims, shirt("M", 99)))).toBe("done");
    expect(await code(addToCart(bob.claims, shirt("M", 1)))).toBe("quantityLimit");
    expect(await code(addToCart(bob.claims, shirt("S", 4)))).toBe("notEnoughStock");
    expect(await cartItemCount(bob.claims)).toBe(99);
  });
});

describe("stock holds", () => {
  it("hold the stock for others until they expire, then stop counting by themselves", async () => {
    const [carol, dan, erin] = await Promise.all([
      shopper("hold-carol"),
      shopper("hold-dan"),
      shopper("hold-erin"),
    ]);
    await addToCart(carol.claims, shirt("S", 2));
    expect(await code(addToCart(dan.claims, shirt("S", 2)))).toBe("notEnoughStock");
    expect(await code(addToCart(dan.claims, shirt("S", 1)))).toBe("done");
    expect(await code(addToCart(erin.claims, shirt("S", 1)))).toBe("outOfStock");

    const held = (await listCarts(carol.claims))[0]!;
    expect(held.lines[0]!.state).toBe("held");
    const left = new Date(held.holdEndsAt!).getTime() - Date.now();
    expect(left).toBeGreaterThan(14 * 60_000);
    expect(left).toBeLessThanOrEqual(15 * 60_000 + 5_000);

    // Carol's hold runs out: nothing releases it, it simply no longer counts.
    await expireHolds(carol.userId);
    expect(await code(addToCart(erin.claims, shirt("S", 2)))).toBe("done");
    const expired = (await listCarts(carol.claims))[0]!;
    expect(expired.holdExpired).toBe(true);
    expect(expired.lines[0]).toMatchObject({ state: "short", available: 0 });

    // Holding again fails for what is gone, and says so.
    const again = await holdCartAgain(carol.claims, { cartId: expired.id });
    expect(again.notHeld).toBe(1);
    // Erin's lines are held: hers is renewed when she holds again.
    await expireHolds(erin.userId);
    const erinCart = (await listCarts(erin.claims))[0]!;
    expect(erinCart.lines[0]!.state).toBe("expired");
    expect((await holdCartAgain(erin.claims, { cartId: erinCart.id })).notHeld).toBe(0);
    expect((await listCarts(erin.claims))[0]!.lines[0]!.state).toBe("held");
  });

  it("never sells the last units twice when shoppers add at once", async () => {
    const stockId = randomUUID();
    const [variant] = await sellableProduct(
      world.b.id,
      stockId,
      "published",
      [],
      [{ values: [], price: 100, stock: 5 }],
    );
    const buyers = await Promise.all(Array.from({ length: 20 }, (_, i) => shopper(`rush-${i}`)));
    const results = await Promise.all(
      buyers.map((buyer) =>
        code(addToCart(buyer.claims, { productId: stockId, option: [], quantity: 1 })),
      ),
    );
    expect(results.filter((r) => r === "done")).toHaveLength(5);
    expect(results.filter((r) => r === "outOfStock")).toHaveLength(15);
    const [row] = await runAsSystem(db(), "test: holds", (tx) =>
      queryRows<{ held: number }>(
        tx,
        sql`select coalesce(sum(quantity), 0)::int as held from cart_lines
            where sellable_id = ${variant!}::uuid and hold_expires_at > now()`,
      ),
    );
    expect(Number(row!.held)).toBe(5);
  });
});

describe("what a cart shows", () => {
  it("shows price changes, missing stock and units that can no longer be bought", async () => {
    const fay = await shopper("show-fay");
    const id = randomUUID();
    const [variant] = await sellableProduct(
      world.a.id,
      id,
      "published",
      [],
      [{ values: [], price: 1000, stock: 10 }],
    );
    await addToCart(fay.claims, { productId: id, option: [], quantity: 4 });
    await addToCart(fay.claims, shirt("M", 1));
    await runAsSystem(db(), "test: seller edits", (tx) =>
      tx
        .update(productVariants)
        .set({ priceMinor: 1200, stock: 2 })
        .where(eq(productVariants.id, variant!)),
    );
    let cart = (await listCarts(fay.claims)).find((c) => c.organisationId === world.a.id)!;
    const line = cart.lines.find((l) => l.lineTotalMinor === 4800)!;
    expect(line).toMatchObject({
      unitPriceMinor: 1200,
      previousPriceMinor: 1000,
      state: "short",
      available: 2,
    });
    // Changing the quantity takes today's price (now seen) and is checked against the stock.
    expect(await code(updateCartLine(fay.claims, { lineId: line.id, quantity: 3 }))).toBe(
      "notEnoughStock",
    );
    await updateCartLine(fay.claims, { lineId: line.id, quantity: 2 });
    cart = (await getCart(fay.claims, cart.id))!;
    expect(cart.lines.find((l) => l.id === line.id)).toMatchObject({
      previousPriceMinor: null,
      state: "held",
      quantity: 2,
    });
    // Unpublished: gone, out of the subtotal.
    await runAsSystem(db(), "test: unpublish", (tx) =>
      tx.update(listings).set({ status: "draft" }).where(eq(listings.id, id)),
    );
    cart = (await getCart(fay.claims, cart.id))!;
    expect(cart.lines.find((l) => l.id === line.id)).toMatchObject({
      state: "gone",
      unitPriceMinor: null,
      lineTotalMinor: 0,
    });
    expect(cart.subtotalMinor).toBe(2500);
    expect(await code(updateCartLine(fay.claims, { lineId: line.id, quantity: 1 }))).toBe(
      "unavailable",
    );
    // Removing the last line drops the cart.
    for (const l of cart.lines) await updateCartLine(fay.claims, { lineId: l.id, quantity: 0 });
    expect(await getCart(fay.claims, cart.id)).toBeNull();
  });
});

describe("offers in the cart", () => {
  it("price a line at a running offer, show the normal price, and stop when the offer ends", async () => {
    const gus = await shopper("offer-gus");
    const id = randomUUID();
    await sellableProduct(
      world.a.id,
      id,
      "published",
      [],
      [{ values: [], price: 10000, stock: null }],
    );
    const offerId = randomUUID();
    await runAsSystem(db(), "test: offer", (tx) =>
      tx.insert(offers).values({
        id: offerId,
        organisationId: world.a.id,
        listingId: id,
        title: "A quarter off",
        kind: "percentage",
        value: 25,
        startsAt: new Date(Date.now() - 60_000),
        endsAt: new Date(Date.now() + 3_600_000),
      }),
    );
    const { cartId } = await addToCart(gus.claims, { productId: id, option: [], quantity: 2 });
    let [line] = (await getCart(gus.claims, cartId))!.lines;
    expect(line).toMatchObject({
      unitPriceMinor: 7500,
      normalPriceMinor: 10000,
      lineTotalMinor: 15000,
      previousPriceMinor: null,
    });
    // The offer ends: the cart says the price went up, never silently.
    await runAsSystem(db(), "test: end offer", (tx) =>
      tx.update(offers).set({ endedAt: new Date() }).where(eq(offers.id, offerId)),
    );
    [line] = (await getCart(gus.claims, cartId))!.lines;
    expect(line).toMatchObject({
      unitPriceMinor: 10000,
      normalPriceMinor: null,
      previousPriceMinor: 7500,
      lineTotalMinor: 20000,
    });
  });
});

describe("whose cart", () => {
  it("is nobody else's: not in code, not under RLS", async () => {
    const [gina, hal] = await Promise.all([shopper("own-gina"), shopper("own-hal")]);
    const { cartId } = await addToCart(gina.claims, shirt("M", 1));
    const [line] = (await getCart(gina.claims, cartId))!.lines;

    expect(await getCart(hal.claims, cartId)).toBeNull();
    expect(await listCarts(hal.claims)).toEqual([]);
    expect(await code(updateCartLine(hal.claims, { lineId: line!.id, quantity: 5 }))).toBe(
      "notFound",
    );
    expect(await code(holdCartAgain(hal.claims, { cartId }))).toBe("notFound");
    expect((await getCart(gina.claims, cartId))!.lines[0]!.quantity).toBe(1);

    // The SQL backstop: another shopper, the shop's own owner, and anon see and change nothing.
    const owner = world.a.members.owner.claims;
    for (const claims of [hal.claims, owner]) {
      const seen = await runAsUser(db(), claims, async (tx) => ({
        carts: (await tx.select().from(carts).where(eq(carts.id, cartId))).length,
        lines: (await tx.select().from(cartLines).where(eq(cartLines.cartId, cartId))).length,
        changed: (
          await tx
            .update(cartLines)
            .set({ quantity: 50 })
            .where(eq(cartLines.cartId, cartId))
            .returning()
        ).length,
        deleted: (await tx.delete(carts).where(eq(carts.id, cartId)).returning()).length,
      }));
      expect(seen).toEqual({ carts: 0, lines: 0, changed: 0, deleted: 0 });
    }
    const anon = await runAsAnon(db(), (tx) =>
      queryRows<{ n: number }>(tx, sql`select count(*)::int as n from cart_lines`),
    ).catch((error: { cause?: { code?: string } }) => error.cause?.code);
    expect(anon === "42501" || Number((anon as { n: number }[])[0]?.n) === 0).toBe(true);
    // Nor can anyone put a line in someone else's cart, or a cart in someone else's name.
    const intrude = await runAsUser(db(), hal.claims, (tx) =>
      tx.insert(cartLines).values({
        cartId,
        organisationId: world.a.id,
        userId: hal.userId,
        sellableKind: "product_variant",
        sellableId: variantM,
        listingId: ids.shirt,
        title: "x",
        quantity: 1,
        unitPriceMinor: 1,
        currency: "EUR",
      }),
    ).then(
      () => "inserted",
      (error: { cause?: { code?: string } }) => error.cause?.code,
    );
    expect(intrude).toBe("42501");
    const forged = await runAsUser(db(), hal.claims, (tx) =>
      tx.insert(carts).values({ userId: gina.userId, organisationId: world.b.id, currency: "EUR" }),
    ).then(
      () => "inserted",
      (error: { cause?: { code?: string } }) => error.cause?.code,
    );
    expect(forged).toBe("42501");
    // Others' holds count for everyone, but the function answers quantities only.
    const holds = await runAsUser(db(), hal.claims, (tx) =>
      queryRows<{ sellable_id: string; held: number }>(
        tx,
        sql`select * from app.sellable_holds('product_variant', array[${variantS}::uuid])`,
      ),
    );
    expect(Object.keys(holds[0] ?? { sellable_id: 1, held: 1 }).sort()).toEqual([
      "held",
      "sellable_id",
    ]);
  });
});

describe("a guest's carts", () => {
  it("follow the guest into the account they sign in with", async () => {
    const guest = await shopper("guest", true);
    const ivy = await shopper("claim-ivy");
    const guestCart = (await addToCart(guest.claims, shirt("M", 2))).cartId;
    await addToCart(guest.claims, mug(1));
    const extra = randomUUID();
    await sellableProduct(
      world.a.id,
      extra,
      "published",
      [],
      [{ values: [], price: 300, stock: 9 }],
    );
    const ivysCart = (await addToCart(ivy.claims, shirt("M", 1))).cartId;
    await addToCart(ivy.claims, { productId: extra, option: [], quantity: 1 });
    expect(ivysCart).not.toBe(guestCart);

    // Only a guest's carts move, only into a real account, never into itself.
    expect(await claimGuestCartsFor(ivy.claims, ivy.claims)).toBeNull();
    expect(await claimGuestCartsFor(guest.claims, guest.claims)).toBeNull();
    expect(await claimGuestCartsFor(null, guest.claims)).toBeNull();
    expect(await claimGuestCartsFor(ivy.claims, null)).toBeNull();

    expect(await claimGuestCartsFor(ivy.claims, guest.claims)).toBe(5);
    const mine = (await listCarts(ivy.claims)).sort((x) =>
      x.organisationId === world.a.id ? -1 : 1,
    );
    expect(
      mine.map((c) => [c.organisationId, c.lines.map((l) => [l.optionLabel, l.quantity]).sort()]),
    ).toEqual([
      [
        world.a.id,
        [
          ["", 1],
          ["Size: M", 3],
        ],
      ],
      [world.b.id, [["", 1]]],
    ]);
    // The shop's cart is the guest's, by its id: the page the guest signed in from (its
    // checkout, say) is found again; the account's older cart with that shop is gone.
    expect(mine[0]?.id).toBe(guestCart);
    expect(await getCart(ivy.claims, guestCart)).not.toBeNull();
    expect(await getCart(ivy.claims, ivysCart)).toBeNull();
    expect(await listCarts(guest.claims)).toEqual([]);
    const left = await runAsSystem(db(), "test: guest rows", (tx) =>
      tx
        .select()
        .from(cartLines)
        .where(and(eq(cartLines.userId, guest.userId))),
    );
    expect(left).toEqual([]);
  });
});
