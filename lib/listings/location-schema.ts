import { z } from "zod";
import { isCountryCode } from "@/lib/i18n/regions";
import { textRule } from "@/lib/validation/text";
import { versionSchema } from "@/lib/validation/version";

/**
 * A listing's location (issue 11: the back office's location editor, shared by every kind):
 * the address, and a point given as latitude and longitude, both or neither. Shared by the
 * browser (react-hook-form) and the command (lib/listings/location.ts). Every field may be
 * empty: saving an empty form clears the location. Messages that are not spec §5 ones carry a
 * `location:` key, translated from `commerce.location.validation`.
 */
export const locationLimits = {
  line: { max: 200 },
  city: { max: 100 },
  region: { max: 100 },
  postalCode: { max: 20 },
} as const;

export const locationMessage = {
  country: "location:country",
  coordinate: "location:coordinate",
  latitudeRange: "location:latitudeRange",
  longitudeRange: "location:longitudeRange",
  pair: "location:pair",
} as const;

/** A decimal number as typed: an optional sign, up to 3 digits, up to 10 decimals ("," or "."). */
const DECIMAL = /^[+-]?\d{1,3}(?:[.,]\d{1,10})?$/;

const optionalLine = (max: number) =>
  z
    .string()
    .trim()
    .check(textRule())
    .max(max)
    .optional()
    .transform((v) => (v ? v : null));

/** Latitude or longitude: empty → null; else a number within ±`limit`. */
const coordinate = (limit: number, rangeMessage: string) =>
  z
    .string()
    .trim()
    .check(textRule())
    .optional()
    .transform((v) => (v ? v.replace(",", ".") : ""))
    .refine((v) => v === "" || DECIMAL.test(v), { message: locationMessage.coordinate })
    .transform((v) => (v === "" ? null : Number(v)))
    .refine((v) => v === null || Math.abs(v) <= limit, { message: rangeMessage });

export const locationFieldsSchema = z.object({
  addressLine1: optionalLine(locationLimits.line.max),
  addressLine2: optionalLine(locationLimits.line.max),
  city: optionalLine(locationLimits.city.max),
  region: optionalLine(locationLimits.region.max),
  postalCode: optionalLine(locationLimits.postalCode.max),
  /** ISO 3166-1 alpha-2, from the country list; empty → none. */
  country: z
    .string()
    .trim()
    .check(textRule())
    .toUpperCase()
    .optional()
    .transform((v) => (v ? v : null))
    .refine((v) => v === null || isCountryCode(v), { message: locationMessage.country }),
  latitude: coordinate(90, locationMessage.latitudeRange),
  longitude: coordinate(180, locationMessage.longitudeRange),
});

/** The location form: the listing, the version the form read, and the fields. */
export const listingLocationSchema = locationFieldsSchema
  .extend({
    listingId: z.string().trim().uuid(),
    version: versionSchema,
  })
  .superRefine((input, ctx) => {
    // Both or neither: the message goes on the one that is missing.
    if ((input.latitude === null) !== (input.longitude === null)) {
      ctx.addIssue({
        code: "custom",
        path: [input.latitude === null ? "latitude" : "longitude"],
        message: locationMessage.pair,
      });
    }
  });
export type ListingLocationInput = z.input<typeof listingLocationSchema>;
export type ListingLocationValues = z.output<typeof listingLocationSchema>;

/** The stored location of a listing (the listings table's columns). */
export type ListingLocation = z.output<typeof locationFieldsSchema>;
