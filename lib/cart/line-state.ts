/**
 * What a cart line tells the shopper (issue 12 §1), decided from the unit and the clock:
 * - `gone`: the unit can no longer be bought (unpublished, removed);
 * - `short`: fewer units can be had than the line asks for (`available`: 0 is out of stock);
 * - `held`: tracked stock, held for this shopper until the hold ends;
 * - `expired`: tracked stock whose hold has run out: it counts for nobody now and may go;
 * - `open`: stock is not tracked, nothing to hold.
 */
export type CartLineState = "gone" | "short" | "held" | "expired" | "open";

export function cartLineState(line: {
  found: boolean;
  tracked: boolean;
  /** Stock minus other shoppers' running holds; null when not tracked. */
  available: number | null;
  quantity: number;
  holdExpiresAt: Date | null;
  now: Date;
}): CartLineState {
  if (!line.found) return "gone";
  if (!line.tracked || line.available === null) return "open";
  if (line.available < line.quantity) return "short";
  return line.holdExpiresAt && line.holdExpiresAt > line.now ? "held" : "expired";
}
