import "server-only";
import { and, eq, sql } from "drizzle-orm";
import type { CommandConfig } from "@/lib/backoffice/doors";
import { taxClasses } from "@/lib/commerce/catalogue-types";
import { currencyDigits, toMinorUnits } from "@/lib/commerce/money";
import type { Tx } from "@/lib/db/types";
import { AppError } from "@/lib/errors/app-error";
import { deliveryRates, sellingTerms, taxRates } from "./schema";
import {
  deliveryRateSchema,
  sellingTermsSchema,
  updateDeliveryRateSchema,
  type DeliveryRateValues,
} from "./settings-schema";

/**
 * The selling-terms writes (commerce.settings.write), run through the back office's doors:
 * the terms with every class's rate in one transaction (version check; the first save
 * inserts the row), and delivery rates (create; update, which also deactivates, reactivates
 * and reorders them). Each audited.
 */
export interface SettingsWrite {
  id: string;
  version: number;
}

export const updateSellingTermsCommand = {
  permission: "commerce.settings.write",
  module: "commerce",
  schema: sellingTermsSchema,
  async run({ tx, access, input, audit }) {
    const organisationId = access.organisation.id;
    const [before] = await tx
      .select({
        pricesIncludeTax: sellingTerms.pricesIncludeTax,
        pickupEnabled: sellingTerms.pickupEnabled,
        pickupNote: sellingTerms.pickupNote,
        version: sellingTerms.version,
      })
      .from(sellingTerms)
      .where(eq(sellingTerms.organisationId, organisationId))
      .for("update");
    if ((before?.version ?? 0) !== input.version) throw new AppError("stale");
    const terms = {
      pricesIncludeTax: input.pricesIncludeTax,
      pickupEnabled: input.pickupEnabled,
      pickupNote: input.pickupNote,
      version: input.version + 1,
    };
    // The first save inserts; a concurrent first save finds the row taken and is stale.
    const [saved] = before
      ? await tx
          .update(sellingTerms)
          .set(terms)
          .where(
            and(
              eq(sellingTerms.organisationId, organisationId),
              eq(sellingTerms.version, input.version),
            ),
          )
          .returning({ version: sellingTerms.version })
      : await tx
          .insert(sellingTerms)
          .values({ organisationId, ...terms })
          .onConflictDoNothing()
          .returning({ version: sellingTerms.version });
    if (!saved) throw new AppError("stale");
    const beforeRates = await tx
      .select({
        taxClass: taxRates.taxClass,
        basisPoints: taxRates.basisPoints,
        label: taxRates.label,
      })
      .from(taxRates)
      .where(eq(taxRates.organisationId, organisationId));
    const rates = taxClasses.map((taxClass) => ({
      taxClass,
      basisPoints: input[`rate_${taxClass}`],
      label: input[`label_${taxClass}`],
    }));
    await tx
      .insert(taxRates)
      .values(rates.map((rate) => ({ organisationId, ...rate })))
      .onConflictDoUpdate({
        target: [taxRates.organisationId, taxRates.taxClass],
        set: {
          basisPoints: sql`excluded.basis_points`,
          label: sql`excluded.label`,
          updatedAt: sql`now()`,
        },
      });
    await audit({
      action: "commerce.settings.update",
      resourceType: "sellingTerms",
      resourceId: organisationId,
      before: before ? { ...before, rates: beforeRates } : null,
      after: { ...terms, rates },
    });
    return { id: organisationId, version: saved.version };
  },
} satisfies CommandConfig<typeof sellingTermsSchema, SettingsWrite>;

function rateValues(input: DeliveryRateValues, currency: string) {
  const priceMinor = toMinorUnits(input.price, currencyDigits(currency));
  if (priceMinor === null) throw new AppError("amountInvalid", "price");
  return {
    name: input.name,
    priceMinor,
    taxClass: input.taxClass,
    sortOrder: input.sortOrder,
    active: input.active,
  };
}

export const createDeliveryRateCommand = {
  permission: "commerce.settings.write",
  module: "commerce",
  schema: deliveryRateSchema,
  async run({ tx, access, input, audit }) {
    const organisationId = access.organisation.id;
    const currency = access.organisation.currency;
    const values = { ...rateValues(input, currency), currency };
    const [created] = await tx
      .insert(deliveryRates)
      .values({ organisationId, ...values })
      .returning({ id: deliveryRates.id, version: deliveryRates.version });
    if (!created) throw new Error("The delivery rate was not created.");
    await audit({
      action: "commerce.deliveryRate.create",
      resourceType: "deliveryRate",
      resourceId: created.id,
      after: values,
    });
    return created;
  },
} satisfies CommandConfig<typeof deliveryRateSchema, SettingsWrite>;

async function readRate(tx: Tx, organisationId: string, id: string) {
  const [row] = await tx
    .select({
      name: deliveryRates.name,
      priceMinor: deliveryRates.priceMinor,
      currency: deliveryRates.currency,
      taxClass: deliveryRates.taxClass,
      sortOrder: deliveryRates.sortOrder,
      active: deliveryRates.active,
      version: deliveryRates.version,
    })
    .from(deliveryRates)
    .where(and(eq(deliveryRates.id, id), eq(deliveryRates.organisationId, organisationId)))
    .for("update");
  if (!row) throw new AppError("notFound");
  return row;
}

/** Edits a rate in its own currency; `active` off hides it from checkout (kept for orders). */
export const updateDeliveryRateCommand = {
  permission: "commerce.settings.write",
  module: "commerce",
  schema: updateDeliveryRateSchema,
  async run({ tx, access, input, audit }) {
    const organisationId = access.organisation.id;
    const before = await readRate(tx, organisationId, input.deliveryRateId);
    if (before.version !== input.version) throw new AppError("stale");
    const values = rateValues(input, before.currency);
    const [updated] = await tx
      .update(deliveryRates)
      .set({ ...values, version: input.version + 1 })
      .where(
        and(
          eq(deliveryRates.id, input.deliveryRateId),
          eq(deliveryRates.organisationId, organisationId),
        ),
      )
      .returning({ id: deliveryRates.id, version: deliveryRates.version });
    if (!updated) throw new AppError("notFound");
    await audit({
      action: "commerce.deliveryRate.update",
      resourceType: "deliveryRate",
      resourceId: updated.id,
      before,
      after: { ...values, version: updated.version },
    });
    return updated;
  },
} satisfies CommandConfig<typeof updateDeliveryRateSchema, SettingsWrite>;
