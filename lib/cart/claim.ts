import "server-only";
import { sql } from "drizzle-orm";
import { withSystemContext, type UserClaims } from "@/lib/db/context";
import { queryRows } from "@/lib/db/rows";
import type { Tx } from "@/lib/db/types";
import { MAX_LINE_QUANTITY } from "./sellable-kinds";

/**
 * A guest's carts follow them into the account they sign in or register with (issue 12 §1).
 * The guest is an anonymous auth user; the browser proves it held that session by sending its
 * access token (verified by the caller, `claimGuestCartsFor`). The move runs as the system,
 * since it writes rows of two users:
 * - a guest cart becomes the account's;
 * - where the account had a cart with that shop already, that cart's lines join the guest
 *   cart (the same unit adds up, at most 99, the later hold kept) and it is deleted: the
 *   guest cart keeps its id, which the page the guest signed in from names.
 * Carts in another currency than the account's cart with that shop stay the guest's.
 * Answers the account's units in carts afterwards.
 */
export async function moveGuestCarts(guestId: string, userId: string): Promise<number> {
  if (guestId === userId) throw new Error("cart claim: the guest and the account are the same");
  return withSystemContext("cart: claim guest carts", async (tx) => {
    // Lock both users' carts in a fixed order (two tabs claiming at once).
    await queryRows(
      tx,
      sql`select id from carts where user_id in (${guestId}::uuid, ${userId}::uuid)
          order by id for update`,
    );
    await mergeIntoGuestCarts(tx, guestId, userId);
    await queryRows(
      tx,
      sql`update cart_lines l set user_id = ${userId}::uuid
          from carts c
          where l.cart_id = c.id and c.user_id = ${guestId}::uuid
            and not exists (select 1 from carts mine
                            where mine.user_id = ${userId}::uuid
                              and mine.organisation_id = c.organisation_id)`,
    );
    await queryRows(
      tx,
      sql`update carts c set user_id = ${userId}::uuid
          where c.user_id = ${guestId}::uuid
            and not exists (select 1 from carts mine
                            where mine.user_id = ${userId}::uuid
                              and mine.organisation_id = c.organisation_id)`,
    );
    const [row] = await queryRows<{ n: number }>(
      tx,
      sql`select coalesce(sum(quantity), 0)::int as n from cart_lines where user_id = ${userId}::uuid`,
    );
    return Number(row?.n ?? 0);
  });
}

/**
 * An account's cart with the same shop (and currency) as a guest cart joins the guest cart,
 * which keeps its id: the guest signed in from that cart's page or its checkout, whose address
 * names it, and lands there again (the account's older cart id is the one that goes).
 */
async function mergeIntoGuestCarts(tx: Tx, guestId: string, userId: string): Promise<void> {
  const pairs = sql`select gc.id as guest_cart, mc.id as account_cart
        from carts gc join carts mc on mc.user_id = ${userId}::uuid
          and mc.organisation_id = gc.organisation_id and mc.currency = gc.currency
        where gc.user_id = ${guestId}::uuid`;
  // Units in both: add up into the guest cart's line.
  await queryRows(
    tx,
    sql`update cart_lines theirs set
          quantity = least(${MAX_LINE_QUANTITY}, theirs.quantity + mine.quantity),
          hold_expires_at = greatest(theirs.hold_expires_at, mine.hold_expires_at),
          updated_at = now()
        from cart_lines mine, (${pairs}) p
        where theirs.cart_id = p.guest_cart and mine.cart_id = p.account_cart
          and mine.sellable_kind = theirs.sellable_kind
          and mine.sellable_id = theirs.sellable_id`,
  );
  await queryRows(
    tx,
    sql`delete from cart_lines mine
        using (${pairs}) p
        where mine.cart_id = p.account_cart
          and exists (select 1 from cart_lines theirs where theirs.cart_id = p.guest_cart
                        and theirs.sellable_kind = mine.sellable_kind
                        and theirs.sellable_id = mine.sellable_id)`,
  );
  // Units only the account had: their lines move to the guest cart.
  await queryRows(
    tx,
    sql`update cart_lines mine set cart_id = p.guest_cart, updated_at = now()
        from (${pairs}) p
        where mine.cart_id = p.account_cart`,
  );
  // The account's cart is empty now: it goes, and the guest cart becomes the account's below.
  await queryRows(tx, sql`delete from carts where id in (select account_cart from (${pairs}) p)`);
}

/**
 * The door: `guestClaims` are the verified claims of the token the browser sent. Only an
 * anonymous user's carts move, only into a signed-in account that is not anonymous itself.
 * Answers the account's unit count, or null when there was nothing to claim.
 */
export async function claimGuestCartsFor(
  account: UserClaims | null,
  guestClaims: UserClaims | null,
): Promise<number | null> {
  if (!account || account.is_anonymous === true) return null;
  if (!guestClaims || guestClaims.is_anonymous !== true) return null;
  if (guestClaims.sub === account.sub) return null;
  return moveGuestCarts(guestClaims.sub, account.sub);
}
