import "server-only";
import { and, eq, ne, sql } from "drizzle-orm";
import type { CommandConfig } from "@/lib/backoffice/doors";
import { currencyDigits, toMinorUnits } from "@/lib/commerce/money";
import { localTimeToWall } from "@/lib/commerce/offer-schema";
import type { Tx } from "@/lib/db/types";
import { AppError, isUniqueViolation } from "@/lib/errors/app-error";
import { zonedWallTimeToInstant } from "@/lib/schedules/opening-intervals";
import {
  discountActiveSchema,
  discountSchema,
  updateDiscountSchema,
  type DiscountValues,
} from "./discount-schema";
import { discountCodes } from "./schema";
import { percentToBasisPoints } from "./settings-schema";

/**
 * Discount-code writes (commerce.discount.write): create, update (version check) and
 * deactivate or reactivate; each audited. Codes are never deleted once made (redemptions
 * refer to them): deactivating stops them. The code is unique per organisation whatever its
 * case (checked, and the unique index answers a concurrent twin); amounts are in the
 * organisation's currency, times in its time zone.
 */
export interface DiscountWrite {
  id: string;
  version: number;
}

function instant(local: string | null, timeZone: string): Date | null {
  return local ? new Date(zonedWallTimeToInstant(localTimeToWall(local), timeZone)) : null;
}

function codeRow(input: DiscountValues, currency: string, timeZone: string) {
  const digits = currencyDigits(currency);
  let basisPoints: number | null = null;
  let amountMinor: number | null = null;
  if (input.kind === "percent") {
    basisPoints = percentToBasisPoints(input.value);
    if (basisPoints === null || basisPoints < 1) {
      throw new AppError("discountPercentRange", "value");
    }
  } else {
    amountMinor = toMinorUnits(input.value, digits);
    if (amountMinor === null || amountMinor < 1) throw new AppError("amountInvalid", "value");
  }
  const minSubtotalMinor =
    input.minSubtotal === null ? null : toMinorUnits(input.minSubtotal, digits);
  if (input.minSubtotal !== null && minSubtotalMinor === null) {
    throw new AppError("amountInvalid", "minSubtotal");
  }
  const startsAt = instant(input.startsAt, timeZone);
  const endsAt = instant(input.endsAt, timeZone);
  if (startsAt && endsAt && endsAt <= startsAt) {
    throw new AppError("discountEndsBeforeStart", "endsAt");
  }
  return {
    code: input.code,
    kind: input.kind,
    basisPoints,
    amountMinor,
    currency,
    minSubtotalMinor,
    startsAt,
    endsAt,
    usageLimit: input.usageLimit,
    perCustomerLimit: input.perCustomerLimit,
  };
}

async function refuseTaken(tx: Tx, organisationId: string, code: string, except?: string) {
  const [taken] = await tx
    .select({ id: discountCodes.id })
    .from(discountCodes)
    .where(
      and(
        eq(discountCodes.organisationId, organisationId),
        sql`lower(${discountCodes.code}) = lower(${code})`,
        except ? ne(discountCodes.id, except) : undefined,
      ),
    );
  if (taken) throw new AppError("discountCodeTaken", "code");
}

const takenMeanwhile = (error: unknown) => {
  if (isUniqueViolation(error, "discount_codes_organisation_code_key")) {
    throw new AppError("discountCodeTaken", "code");
  }
  throw error;
};

async function readCode(tx: Tx, organisationId: string, id: string) {
  const [row] = await tx
    .select({
      code: discountCodes.code,
      kind: discountCodes.kind,
      basisPoints: discountCodes.basisPoints,
      amountMinor: discountCodes.amountMinor,
      currency: discountCodes.currency,
      minSubtotalMinor: discountCodes.minSubtotalMinor,
      startsAt: discountCodes.startsAt,
      endsAt: discountCodes.endsAt,
      usageLimit: discountCodes.usageLimit,
      perCustomerLimit: discountCodes.perCustomerLimit,
      active: discountCodes.active,
      version: discountCodes.version,
    })
    .from(discountCodes)
    .where(and(eq(discountCodes.id, id), eq(discountCodes.organisationId, organisationId)))
    .for("update");
  if (!row) throw new AppError("notFound");
  return row;
}

export const createDiscountCommand = {
  permission: "commerce.discount.write",
  module: "commerce",
  schema: discountSchema,
  async run({ tx, access, input, audit }) {
    const { id: organisationId, currency, timeZone } = access.organisation;
    const values = codeRow(input, currency, timeZone);
    await refuseTaken(tx, organisationId, values.code);
    const [created] = await tx
      .insert(discountCodes)
      .values({ organisationId, ...values })
      .returning({ id: discountCodes.id, version: discountCodes.version })
      .catch(takenMeanwhile);
    if (!created) throw new Error("The discount code was not created.");
    await audit({
      action: "commerce.discount.create",
      resourceType: "discountCode",
      resourceId: created.id,
      after: values,
    });
    return created;
  },
} satisfies CommandConfig<typeof discountSchema, DiscountWrite>;

/** Amounts of an edited code are in its own currency (the organisation's when it was made). */
export const updateDiscountCommand = {
  permission: "commerce.discount.write",
  module: "commerce",
  schema: updateDiscountSchema,
  async run({ tx, access, input, audit }) {
    const organisationId = access.organisation.id;
    const before = await readCode(tx, organisationId, input.discountCodeId);
    if (before.version !== input.version) throw new AppError("stale");
    const values = codeRow(input, before.currency, access.organisation.timeZone);
    await refuseTaken(tx, organisationId, values.code, input.discountCodeId);
    const [updated] = await tx
      .update(discountCodes)
      .set({ ...values, version: input.version + 1 })
      .where(
        and(
          eq(discountCodes.id, input.discountCodeId),
          eq(discountCodes.organisationId, organisationId),
        ),
      )
      .returning({ id: discountCodes.id, version: discountCodes.version })
      .catch(takenMeanwhile);
    if (!updated) throw new AppError("notFound");
    await audit({
      action: "commerce.discount.update",
      resourceType: "discountCode",
      resourceId: updated.id,
      before,
      after: { ...values, version: updated.version },
    });
    return updated;
  },
} satisfies CommandConfig<typeof updateDiscountSchema, DiscountWrite>;

export const setDiscountActiveCommand = {
  permission: "commerce.discount.write",
  module: "commerce",
  schema: discountActiveSchema,
  async run({ tx, access, input, audit }) {
    const organisationId = access.organisation.id;
    const before = await readCode(tx, organisationId, input.discountCodeId);
    if (before.version !== input.version) throw new AppError("stale");
    const [updated] = await tx
      .update(discountCodes)
      .set({ active: input.active, version: input.version + 1 })
      .where(
        and(
          eq(discountCodes.id, input.discountCodeId),
          eq(discountCodes.organisationId, organisationId),
        ),
      )
      .returning({ id: discountCodes.id, version: discountCodes.version });
    if (!updated) throw new AppError("notFound");
    await audit({
      action: input.active ? "commerce.discount.activate" : "commerce.discount.deactivate",
      resourceType: "discountCode",
      resourceId: updated.id,
      before: { active: before.active },
      after: { active: input.active, version: updated.version },
    });
    return updated;
  },
} satisfies CommandConfig<typeof discountActiveSchema, DiscountWrite>;
