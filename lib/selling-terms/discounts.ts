import { and, count, eq, sql } from "drizzle-orm";
import { queryRows } from "@/lib/db/rows";
import type { Tx } from "@/lib/db/types";
import type { PricingDiscount } from "./pricing";
import type { DiscountRefusal } from "./kinds";
import { discountCodes, discountRedemptions } from "./schema";

/**
 * Discount codes at checkout (docs/selling-terms.md). `quoteDiscount` asks
 * app.quote_discount() (SECURITY DEFINER, migration 0028), so a shopper's own transaction can
 * try the code they typed without reading any code; `redeemDiscount` runs in checkout's
 * system transaction (it writes redemptions, which no user may).
 */
export type DiscountQuote =
  | { ok: true; discountCodeId: string; discount: PricingDiscount }
  | { ok: false; reason: DiscountRefusal };

export interface QuoteDiscountInput {
  organizationId: string;
  code: string;
  subtotalMinor: number;
  currency: string;
  /** The buyer; under RLS it must be the caller (auth.uid()), null for a visitor. */
  userId: string | null;
  now: Date;
}

const CODE = /^[A-Za-z0-9_-]{1,64}$/;

export async function quoteDiscount(tx: Tx, input: QuoteDiscountInput): Promise<DiscountQuote> {
  const code = input.code.trim();
  // Nothing that could not be a code reaches the database.
  if (!CODE.test(code)) return { ok: false, reason: "unknown" };
  if (!Number.isSafeInteger(input.subtotalMinor) || input.subtotalMinor < 0) {
    throw new RangeError("subtotalMinor must be a whole number of minor units");
  }
  const [row] = await queryRows<{
    reason: DiscountRefusal | null;
    discount_code_id: string | null;
    kind: "percent" | "fixed" | null;
    basis_points: number | null;
    amount_minor: string | number | null;
  }>(
    tx,
    sql`select * from app.quote_discount(${input.organizationId}::uuid, ${code},
          ${input.subtotalMinor}::bigint, ${input.currency}, ${input.userId}::uuid,
          ${input.now.toISOString()}::timestamptz)`,
  );
  if (!row || row.reason || !row.discount_code_id) {
    return { ok: false, reason: row?.reason ?? "unknown" };
  }
  const discount: PricingDiscount =
    row.kind === "percent"
      ? { kind: "percent", basisPoints: Number(row.basis_points) }
      : { kind: "fixed", amountMinor: Number(row.amount_minor) };
  return { ok: true, discountCodeId: row.discount_code_id, discount };
}

/** Why a redemption was refused: the code changed or ran out between quote and order. */
export class DiscountRedemptionError extends Error {
  constructor(readonly reason: Exclude<DiscountRefusal, "currency" | "min_subtotal">) {
    super(`The discount code cannot be redeemed: ${reason}.`);
    this.name = "DiscountRedemptionError";
  }
}

export interface RedeemDiscountInput {
  discountCodeId: string;
  orderId: string;
  userId: string;
  /** The discount the order got (priceOrder's totals.discountMinor). */
  amountMinor: number;
  now: Date;
}

/**
 * Records that an order used a code, in the order's transaction: locks the code row (so
 * concurrent orders queue on it), checks it again (active, dates, total and per-customer
 * limits), inserts the redemption and increments `used_count`. Throws
 * DiscountRedemptionError when it no longer applies; the caller's transaction then rolls
 * back or places the order without the code.
 */
export async function redeemDiscount(
  tx: Tx,
  input: RedeemDiscountInput,
): Promise<{ redemptionId: string; usedCount: number }> {
  if (!Number.isSafeInteger(input.amountMinor) || input.amountMinor < 0) {
    throw new RangeError("amountMinor must be a whole number of minor units");
  }
  const [code] = await tx
    .select({
      organisationId: discountCodes.organisationId,
      active: discountCodes.active,
      startsAt: discountCodes.startsAt,
      endsAt: discountCodes.endsAt,
      usageLimit: discountCodes.usageLimit,
      perCustomerLimit: discountCodes.perCustomerLimit,
      usedCount: discountCodes.usedCount,
    })
    .from(discountCodes)
    .where(eq(discountCodes.id, input.discountCodeId))
    .for("update");
  if (!code) throw new DiscountRedemptionError("unknown");
  if (!code.active) throw new DiscountRedemptionError("inactive");
  if (code.startsAt && input.now < code.startsAt) throw new DiscountRedemptionError("not_started");
  if (code.endsAt && input.now >= code.endsAt) throw new DiscountRedemptionError("ended");
  if (code.usageLimit !== null && code.usedCount >= code.usageLimit) {
    throw new DiscountRedemptionError("exhausted");
  }
  if (code.perCustomerLimit !== null) {
    const [mine] = await tx
      .select({ n: count() })
      .from(discountRedemptions)
      .where(
        and(
          eq(discountRedemptions.discountCodeId, input.discountCodeId),
          eq(discountRedemptions.userId, input.userId),
        ),
      );
    if ((mine?.n ?? 0) >= code.perCustomerLimit) {
      throw new DiscountRedemptionError("customer_limit");
    }
  }
  const [redemption] = await tx
    .insert(discountRedemptions)
    .values({
      organisationId: code.organisationId,
      discountCodeId: input.discountCodeId,
      orderId: input.orderId,
      userId: input.userId,
      amountMinor: input.amountMinor,
      createdAt: input.now,
    })
    .returning({ id: discountRedemptions.id });
  const [updated] = await tx
    .update(discountCodes)
    .set({ usedCount: sql`${discountCodes.usedCount} + 1` })
    .where(eq(discountCodes.id, input.discountCodeId))
    .returning({ usedCount: discountCodes.usedCount });
  return { redemptionId: redemption!.id, usedCount: updated!.usedCount };
}
