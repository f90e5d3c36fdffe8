import { randomInt } from "node:crypto";

/** Letters and digits a person reads back without confusion (no 0/O, 1/I/L). */
const ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ";

/**
 * An order's reference, e.g. `K7QM-4TXA`: eight random characters (31^8 ≈ 8.5 × 10^11), not a
 * counter, so placing orders never serialises on one row per organisation and the number of
 * orders a shop takes is not shown to every buyer. Unique in the database (`orders_reference_key`).
 */
export function newOrderReference(): string {
  let out = "";
  for (let i = 0; i < 8; i += 1) {
    if (i === 4) out += "-";
    out += ALPHABET[randomInt(ALPHABET.length)];
  }
  return out;
}
