import { z } from "zod";
import { locales } from "@/lib/i18n/config";
import { isCountryCode } from "@/lib/i18n/regions";
import { textRule } from "@/lib/validation/text";
import { versionSchema } from "@/lib/validation/version";

/**
 * The organisation forms' schemas (registration and the settings profile), shared by the
 * browser and the server action. Messages come from the spec §5 error map.
 */
export const organisationLimits = {
  name: { min: 2, max: 100 },
  slug: { min: 3, max: 48 },
  description: { max: 2000 },
  line: { max: 200 },
} as const;

/** Slugs that would read as the product's own pages. */
export const reservedSlugs = new Set([
  "admin",
  "api",
  "app",
  "auth",
  "backoffice",
  "commerce",
  "dashboard",
  "docs",
  "help",
  "live-market",
  "livemarket",
  "login",
  "new",
  "profile",
  "settings",
  "support",
  "www",
]);

export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** Lower-cases and hyphenates a name into a slug suggestion. */
export function slugify(name: string): string {
  return name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, organisationLimits.slug.max)
    .replace(/-+$/g, "");
}

function supported(kind: "timeZone" | "currency"): Set<string> {
  try {
    return new Set(Intl.supportedValuesOf(kind));
  } catch {
    return new Set();
  }
}

let timeZones: Set<string> | undefined;
let currencies: Set<string> | undefined;

export function isTimeZone(value: string): boolean {
  timeZones ??= supported("timeZone");
  return value === "UTC" || timeZones.has(value);
}

export function isCurrency(value: string): boolean {
  currencies ??= supported("currency");
  return currencies.has(value);
}

const text = (max: number) =>
  z
    .string()
    .trim()
    .check(textRule({ multiline: true }))
    .max(max);
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .check(textRule())
    .max(max)
    .optional()
    .transform((v) => (v ? v : null));

export const nameField = z
  .string()
  .trim()
  .check(textRule())
  .min(1)
  .min(organisationLimits.name.min)
  .max(organisationLimits.name.max);

export const slugField = z
  .string()
  .trim()
  .toLowerCase()
  .min(1)
  .min(organisationLimits.slug.min)
  .max(organisationLimits.slug.max)
  .regex(SLUG_PATTERN)
  .refine((slug) => !reservedSlugs.has(slug));

const countryField = z.string().trim().toUpperCase().min(1).refine(isCountryCode);
const timeZoneField = z.string().trim().min(1).refine(isTimeZone);
const currencyField = z.string().trim().toUpperCase().min(1).refine(isCurrency);

export const registerOrganisationSchema = z.object({
  name: nameField,
  slug: slugField,
  contactEmail: z.string().trim().check(textRule()).min(1).max(254).pipe(z.email()),
  country: countryField,
  timeZone: timeZoneField,
  currency: currencyField,
});
export type RegisterOrganisationInput = z.input<typeof registerOrganisationSchema>;
export type RegisterOrganisationValues = z.output<typeof registerOrganisationSchema>;
export const registerOrganisationFields = [
  "name",
  "slug",
  "contactEmail",
  "country",
  "timeZone",
  "currency",
] as const;

export const organisationProfileSchema = z.object({
  version: versionSchema,
  name: nameField,
  description: text(organisationLimits.description.max),
  phone: optionalText(40),
  website: z
    .string()
    .trim()
    .check(textRule())
    .max(organisationLimits.line.max)
    .optional()
    .transform((v) => (v ? v : null))
    .refine((v) => v === null || /^https?:\/\/[^\s]+$/i.test(v)),
  addressLine1: optionalText(organisationLimits.line.max),
  addressLine2: optionalText(organisationLimits.line.max),
  city: optionalText(100),
  region: optionalText(100),
  postalCode: optionalText(20),
  country: countryField,
  timeZone: timeZoneField,
  currency: currencyField,
  locale: z.enum(locales),
});
export type OrganisationProfileInput = z.input<typeof organisationProfileSchema>;
export type OrganisationProfileValues = z.output<typeof organisationProfileSchema>;
