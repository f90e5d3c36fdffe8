import "server-only";
import { sql, type SQL } from "drizzle-orm";
import type { SellableKind } from "@/lib/cart/sellable-kinds";
import { queryRows } from "@/lib/db/rows";
import type { Tx } from "@/lib/db/types";
import { uuidArray } from "@/lib/db/uuid-array";

/**
 * Everything holding these units now, as the system sees it (placing and confirming orders
 * run as the system): unexpired cart holds and the lines of pending orders whose hold has not
 * passed, except the cart being checked out or the order being confirmed. Pending orders'
 * lines are found through `order_lines.pending` (kept by the database while the order is
 * pending, migration 0037) and its partial index, not by scanning every line ever sold. The
 * shopper-facing twin is `app.sellable_holds` (migrations 0023, 0027, 0037), which leaves out
 * the caller's own. Call it with the units locked (`lockSellables`).
 */
export async function holdsExcept(
  tx: Tx,
  kind: SellableKind,
  ids: string[],
  except: { cartId?: string; orderId?: string },
): Promise<Map<string, number>> {
  if (ids.length === 0) return new Map();
  const rows = await queryRows<{ sellable_id: string; held: number }>(
    tx,
    holdsQuery(kind, ids, except),
  );
  return new Map(rows.map((row) => [row.sellable_id, Number(row.held)]));
}

/** The statement of `holdsExcept` (its plan is tested: orders-holds-index.test.ts). */
export function holdsQuery(
  kind: SellableKind,
  ids: string[],
  except: { cartId?: string; orderId?: string },
): SQL {
  return sql`select sellable_id, sum(quantity)::int as held from (
      select l.sellable_id, l.quantity from cart_lines l
      where l.sellable_kind = ${kind} and l.sellable_id = any (${uuidArray(ids)})
        and l.hold_expires_at > now()
        and l.cart_id is distinct from ${except.cartId ?? null}::uuid
      union all
      select ol.sellable_id, ol.quantity from order_lines ol
      join orders o on o.id = ol.order_id
      where ol.pending and ol.sellable_kind = ${kind} and ol.sellable_id = any (${uuidArray(ids)})
        and ol.tracked and o.status = 'pending' and o.hold_expires_at > now()
        and o.id is distinct from ${except.orderId ?? null}::uuid
    ) h group by sellable_id`;
}
