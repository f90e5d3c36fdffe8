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
 * - a guest cart whose organisation the account has no cart with becomes the account's;
 * - otherwise its lines join the account's cart: the same unit adds up (at most 99, the later
 *   hold kept), a new unit moves over; the guest cart is then deleted.
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
    await mergeIntoExisting(tx, guestId, userId);
    const [row] = await queryRows<{ n: number }>(
      tx,
      sql`select coalesce(sum(quantity), 0)::int as n from cart_lines where user_id = ${userId}::uuid`,
    );
    return Number(row?.n ?? 0);
  });
}

async function mergeIntoExisting(tx: Tx, guestId: string, userId: string): Promise<void> {
  // Units in both: add up into the account's line.
  await queryRows(
    tx,
    sql`update cart_lines mine set
          quantity = least(${MAX_LINE_QUANTITY}, mine.quantity + theirs.quantity),
          hold_expires_at = greatest(mine.hold_expires_at, theirs.hold_expires_at),
          updated_at = now()
        from cart_lines theirs
        join carts gc on gc.id = theirs.cart_id and gc.user_id = ${guestId}::uuid
        join carts mc on mc.user_id = ${userId}::uuid and mc.organisation_id = gc.organisation_id
                     and mc.currency = gc.currency
        where mine.cart_id = mc.id
          and mine.sellable_kind = theirs.sellable_kind
          and mine.sellable_id = theirs.sellable_id`,
  );
  await queryRows(
    tx,
    sql`delete from cart_lines theirs
        using carts gc, carts mc
        where gc.id = theirs.cart_id and gc.user_id = ${guestId}::uuid
          and mc.user_id = ${userId}::uuid and mc.organisation_id = gc.organisation_id
          and mc.currency = gc.currency
          and exists (select 1 from cart_lines mine where mine.cart_id = mc.id
                        and mine.sellable_kind = theirs.sellable_kind
                        and mine.sellable_id = theirs.sellable_id)`,
  );
  // Units only the guest had: move the lines to the account's cart with that shop.
  await queryRows(
    tx,
    sql`update cart_lines theirs set cart_id = mc.id, user_id = ${userId}::uuid, updated_at = now()
        from carts gc, carts mc
        where gc.id = theirs.cart_id and gc.user_id = ${guestId}::uuid
          and mc.user_id = ${userId}::uuid and mc.organisation_id = gc.organisation_id
          and mc.currency = gc.currency`,
  );
  await queryRows(
    tx,
    sql`delete from carts gc
        where gc.user_id = ${guestId}::uuid
          and not exists (select 1 from cart_lines l where l.cart_id = gc.id)`,
  );
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
