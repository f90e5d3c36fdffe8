import { z } from "zod";
import { taxClasses, type TaxClass } from "@/lib/commerce/catalogue-types";
import { textRule } from "@/lib/validation/text";
import { INT4_MAX, versionSchema } from "@/lib/validation/version";

/**
 * The selling-terms forms (back office, commerce/settings), shared by the browser and the
 * server actions: the terms with one rate per tax class, and a delivery rate. Rates are typed
 * as percentages ("21", "10.5", at most two decimals, 0–100) and stored in basis points;
 * prices in major units of the organisation's currency, turned into minor units by the
 * command. Messages that are not spec §5 ones are `backoffice:<code>` keys.
 */
export const sellingTermsLimits = {
  pickupNote: { max: 300 },
  rateLabel: { max: 40 },
  rateName: { max: 80 },
  sortOrder: { max: 9999 },
} as const;

const PERCENT = /^\d{1,3}(?:[.,]\d{1,2})?$/;
const AMOUNT = /^\d{1,8}(?:\.\d{1,3})?$/;
const WHOLE = /^\d{1,4}$/;

/** "21" → 2100, "10.5" → 1050, "0,25" → 25; null unless 0–100 with at most two decimals. */
export function percentToBasisPoints(text: string): number | null {
  const trimmed = text.trim();
  if (!PERCENT.test(trimmed)) return null;
  const [whole = "0", fraction = ""] = trimmed.replace(",", ".").split(".");
  const bp = Number(whole) * 100 + Number(fraction.padEnd(2, "0"));
  return bp <= 10000 ? bp : null;
}

/** 2100 → "21", 1050 → "10.5", 5 → "0.05". */
export function basisPointsToPercent(bp: number): string {
  const whole = Math.trunc(bp / 100);
  const fraction = String(bp % 100)
    .padStart(2, "0")
    .replace(/0+$/, "");
  return fraction ? `${whole}.${fraction}` : String(whole);
}

export const checkbox = z.preprocess((v) => v === true || v === "on" || v === "true", z.boolean());

const rateField = z
  .string()
  .trim()
  .check(textRule())
  .max(6)
  .refine((v) => percentToBasisPoints(v) !== null, { message: "backoffice:taxRateRange" })
  .transform((v) => percentToBasisPoints(v) ?? 0);
const labelField = z.string().trim().check(textRule()).max(sellingTermsLimits.rateLabel.max);

type RateFields = Record<`rate_${TaxClass}`, typeof rateField> &
  Record<`label_${TaxClass}`, typeof labelField>;

const rateFields = Object.fromEntries(
  taxClasses.flatMap((c) => [
    [`rate_${c}`, rateField],
    [`label_${c}`, labelField],
  ]),
) as RateFields;

export const sellingTermsSchema = z.object({
  /** The version of the terms read (0: never saved). */
  version: z.coerce.number().int().min(0).max(INT4_MAX),
  pricesIncludeTax: checkbox,
  pickupEnabled: checkbox,
  pickupNote: z
    .string()
    .trim()
    .check(textRule({ multiline: true }))
    .max(sellingTermsLimits.pickupNote.max),
  ...rateFields,
});

export type SellingTermsInput = z.input<typeof sellingTermsSchema>;
export type SellingTermsValues = z.output<typeof sellingTermsSchema>;

const deliveryRateFields = z.object({
  name: z.string().trim().check(textRule()).min(1).max(sellingTermsLimits.rateName.max),
  /** Major units of the organisation's currency ("4.95"). */
  price: z.string().trim().check(textRule()).regex(AMOUNT, { message: "backoffice:amountInvalid" }),
  taxClass: z.enum(taxClasses),
  sortOrder: z
    .string()
    .trim()
    .check(textRule())
    .regex(WHOLE)
    .transform(Number)
    .refine((n) => n <= sellingTermsLimits.sortOrder.max),
  active: checkbox,
});

export const deliveryRateSchema = deliveryRateFields;
export const updateDeliveryRateSchema = deliveryRateFields.extend({
  deliveryRateId: z.string().trim().uuid(),
  version: versionSchema,
});

export type DeliveryRateInput = z.input<typeof updateDeliveryRateSchema>;
export type DeliveryRateValues = z.output<typeof deliveryRateSchema>;
