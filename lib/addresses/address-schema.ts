import { z } from "zod";
import { encodeValidationMessage } from "@/lib/validation/messages";
import { textRule } from "@/lib/validation/text";
import {
  checkPostalCode,
  checkRegion,
  isCountryCode,
  normalizePostalCode,
  normalizeRegion,
} from "./address-rules";
import { versionSchema } from "@/lib/validation/version";

/**
 * The address form's one schema, shared by the browser (react-hook-form, loaded on first
 * submit) and the server actions. The country's rules (address-rules.ts) decide whether the
 * postal code and the region are required and what they look like; values come out
 * normalised (postal code upper-cased and spaced, region as its code where there is a list,
 * empty optional fields as null). Messages are the spec §5 ones.
 */
export const addressLimits = {
  label: 40,
  recipientName: 120,
  phone: 30,
  line: 200,
  city: 100,
  region: 100,
  postalCode: 20,
} as const;

/** The most addresses one user keeps. */
export const ADDRESS_LIMIT = 20;

const line = (max: number) => z.string().trim().check(textRule()).max(max);
const optionalLine = (max: number) =>
  line(max)
    .optional()
    .transform((v) => (v ? v : null));
const PHONE = /^\+?[0-9 ()./-]{4,30}$/;
const checkbox = z.preprocess((v) => v === true || v === "on" || v === "true", z.boolean());

export const addressFields = z.object({
  country: z
    .string()
    .trim()
    .check(textRule())
    .min(1)
    .transform((v) => v.toUpperCase())
    .refine(isCountryCode),
  label: optionalLine(addressLimits.label),
  recipientName: line(addressLimits.recipientName).min(1),
  phone: line(addressLimits.phone)
    .refine((v) => v === "" || PHONE.test(v))
    .optional()
    .transform((v) => (v ? v : null)),
  line1: line(addressLimits.line).min(1),
  line2: optionalLine(addressLimits.line),
  city: line(addressLimits.city).min(1),
  region: line(addressLimits.region).optional().default(""),
  postalCode: line(addressLimits.postalCode).optional().default(""),
  isDefault: checkbox.optional().default(false),
});

type Fields = z.output<typeof addressFields>;

/** The country's rules on the whole object; the normalised region and postal code out. */
function byCountry<T extends Fields>(values: T, ctx: z.RefinementCtx) {
  const postalCode = normalizePostalCode(values.country, values.postalCode);
  const postalProblem = checkPostalCode(values.country, postalCode);
  if (postalProblem) {
    ctx.addIssue({
      code: "custom",
      path: ["postalCode"],
      message: encodeValidationMessage(postalProblem),
    });
  }
  const region = normalizeRegion(values.country, values.region);
  const regionProblem = region === null ? "format" : checkRegion(values.country, region);
  if (regionProblem) {
    ctx.addIssue({
      code: "custom",
      path: ["region"],
      message: encodeValidationMessage(regionProblem),
    });
  }
  if (postalProblem || regionProblem) return z.NEVER;
  return { ...values, postalCode, region: region ? region : null };
}

export const addressSchema = addressFields.transform(byCountry);

export const updateAddressSchema = addressFields
  .extend({
    addressId: z.string().trim().uuid(),
    version: versionSchema,
  })
  .transform(byCountry);

export const addressRefSchema = z.object({ addressId: z.string().trim().uuid() });

export type AddressInput = z.input<typeof addressFields>;
export type AddressValues = z.output<typeof addressSchema>;
export type UpdateAddressValues = z.output<typeof updateAddressSchema>;

/**
 * An address as the app hands it out (the pages now, the checkout later): plain JSON, no
 * ORM types.
 */
export interface AddressDto {
  id: string;
  label: string | null;
  recipientName: string;
  phone: string | null;
  line1: string;
  line2: string | null;
  city: string;
  region: string | null;
  postalCode: string;
  country: string;
  isDefault: boolean;
  version: number;
  createdAt: string;
  updatedAt: string;
}
