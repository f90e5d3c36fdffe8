import { usStates, caProvinces, auStates, type RegionOption } from "./regions";

/**
 * Per-country address rules (docs/addresses.md): the postal code's pattern and example,
 * whether it and the region are required, the region's choices where the country has a
 * short official list, the labels' keys (messages `addresses.labels.*`), the order of the
 * city line when printed, and the normalising of postal codes. Pure: no I/O, no zod, shared
 * by the browser's form, the server's schema and the formatter.
 */
export type PostalLabel = "zip" | "postcode" | "postalCode" | "pin" | "cep" | "eircode";
export type RegionLabel = "state" | "province" | "county" | "prefecture" | "region";

export interface CountryRule {
  /** The postal code after normalising; null: the country has no postal codes we check. */
  postalPattern: RegExp | null;
  postalRequired: boolean;
  /** An example for the field's hint; empty for the generic rule. */
  postalExample: string;
  postalLabel: PostalLabel;
  regionRequired: boolean;
  regionLabel: RegionLabel;
  /** The choices of the region select; values are stored and printed as the codes. */
  regions?: readonly RegionOption[];
  /**
   * How the lines after the street print: {city}, {region}, {postal}; an empty part and the
   * separator before it are left out.
   */
  format: readonly string[];
  /** Spacing rules applied after upper-casing and collapsing spaces. */
  normalizePostal?: (compact: string) => string;
}

const POSTCODE_THEN_CITY = ["{postal} {city}", "{region}"] as const;

/** "A1A1A1" → "A1A 1A1"; "SW1A1AA" → "SW1A 1AA": the inward code is the last three. */
const spaceBeforeLastThree = (compact: string) =>
  compact.length > 3 ? `${compact.slice(0, -3)} ${compact.slice(-3)}` : compact;

/** Inserts a dash after `at` digits when the code is exactly `length` digits. */
const dashAt = (length: number, at: number) => (compact: string) =>
  new RegExp(`^\\d{${length}}$`).test(compact)
    ? `${compact.slice(0, at)}-${compact.slice(at)}`
    : compact;

const digits = (n: number) => new RegExp(`^\\d{${n}}$`);

function eu(postalPattern: RegExp, postalExample: string, extra: Partial<CountryRule> = {}) {
  return {
    postalPattern,
    postalRequired: true,
    postalExample,
    postalLabel: "postalCode",
    regionRequired: false,
    regionLabel: "region",
    format: POSTCODE_THEN_CITY,
    ...extra,
  } satisfies CountryRule;
}

export const countryRules = {
  US: {
    postalPattern: /^\d{5}(-\d{4})?$/,
    postalRequired: true,
    postalExample: "12345, 12345-6789",
    postalLabel: "zip",
    regionRequired: true,
    regionLabel: "state",
    regions: usStates,
    format: ["{city}, {region} {postal}"],
    normalizePostal: dashAt(9, 5),
  },
  CA: {
    postalPattern: /^[ABCEGHJ-NPRSTVXY]\d[ABCEGHJ-NPRSTV-Z] \d[ABCEGHJ-NPRSTV-Z]\d$/,
    postalRequired: true,
    postalExample: "K1A 0B1",
    postalLabel: "postalCode",
    regionRequired: true,
    regionLabel: "province",
    regions: caProvinces,
    format: ["{city} {region} {postal}"],
    normalizePostal: (c) => spaceBeforeLastThree(c.replace(/ /g, "")),
  },
  GB: {
    postalPattern:
      /^(GIR 0AA|[A-PR-UWYZ](\d{1,2}|[A-HK-Y]\d{1,2}|\d[A-HJKPS-UW]|[A-HK-Y]\d[ABEHMNPRV-Y]) \d[ABD-HJLNP-UW-Z]{2})$/,
    postalRequired: true,
    postalExample: "SW1A 1AA",
    postalLabel: "postcode",
    regionRequired: false,
    regionLabel: "county",
    format: ["{city}", "{region}", "{postal}"],
    normalizePostal: (c) => spaceBeforeLastThree(c.replace(/ /g, "")),
  },
  IE: {
    postalPattern: /^([AC-FHKNPRTV-Y]\d{2}|D6W) [0-9AC-FHKNPRTV-Y]{4}$/,
    postalRequired: false,
    postalExample: "D02 X285",
    postalLabel: "eircode",
    regionRequired: false,
    regionLabel: "county",
    format: ["{city}", "{region}", "{postal}"],
    normalizePostal: (c) => {
      const compact = c.replace(/ /g, "");
      return compact.length === 7 ? `${compact.slice(0, 3)} ${compact.slice(3)}` : c;
    },
  },
  ES: eu(/^(0[1-9]|[1-4]\d|5[0-2])\d{3}$/, "28013", {
    regionLabel: "province",
    format: ["{postal} {city}", "{region}"],
  }),
  FR: eu(/^\d{5}$/, "75008"),
  DE: eu(/^\d{5}$/, "10115", { regionLabel: "state" }),
  IT: eu(/^\d{5}$/, "00144", {
    regionRequired: true,
    regionLabel: "province",
    format: ["{postal} {city} {region}"],
  }),
  PT: eu(/^\d{4}-\d{3}$/, "1000-001", { normalizePostal: dashAt(7, 4) }),
  NL: eu(/^[1-9]\d{3} [A-Z]{2}$/, "1234 AB", {
    regionLabel: "province",
    normalizePostal: (c) => {
      const compact = c.replace(/ /g, "");
      return /^\d{4}[A-Z]{2}$/.test(compact) ? `${compact.slice(0, 4)} ${compact.slice(4)}` : c;
    },
  }),
  BE: eu(digits(4), "1000", { regionLabel: "province" }),
  AT: eu(digits(4), "1010", { regionLabel: "state" }),
  CH: eu(digits(4), "8001", { regionLabel: "region" }),
  DK: eu(digits(4), "1050"),
  NO: eu(digits(4), "0150"),
  SE: eu(/^\d{3} \d{2}$/, "114 55", {
    normalizePostal: (c) => (/^\d{5}$/.test(c) ? `${c.slice(0, 3)} ${c.slice(3)}` : c),
  }),
  FI: eu(digits(5), "00100"),
  PL: eu(/^\d{2}-\d{3}$/, "00-950", { normalizePostal: dashAt(5, 2) }),
  MX: {
    postalPattern: digits(5),
    postalRequired: true,
    postalExample: "06600",
    postalLabel: "postalCode",
    regionRequired: true,
    regionLabel: "state",
    format: ["{postal} {city}, {region}"],
  },
  AR: {
    postalPattern: /^([A-HJ-NP-Z]\d{4}[A-Z]{3}|\d{4})$/,
    postalRequired: true,
    postalExample: "C1425DKF, 1425",
    postalLabel: "postalCode",
    regionRequired: true,
    regionLabel: "province",
    format: ["{postal} {city}", "{region}"],
  },
  BR: {
    postalPattern: /^\d{5}-\d{3}$/,
    postalRequired: true,
    postalExample: "01310-100",
    postalLabel: "cep",
    regionRequired: true,
    regionLabel: "state",
    format: ["{city} - {region}", "{postal}"],
    normalizePostal: dashAt(8, 5),
  },
  CL: eu(digits(7), "8320000", { regionRequired: true }),
  CO: eu(digits(6), "110111", { postalRequired: false, regionLabel: "region" }),
  PE: eu(digits(5), "15001"),
  UY: eu(digits(5), "11000"),
  AU: {
    postalPattern: digits(4),
    postalRequired: true,
    postalExample: "2000",
    postalLabel: "postcode",
    regionRequired: true,
    regionLabel: "state",
    regions: auStates,
    format: ["{city} {region} {postal}"],
  },
  NZ: {
    postalPattern: digits(4),
    postalRequired: true,
    postalExample: "6011",
    postalLabel: "postcode",
    regionRequired: false,
    regionLabel: "region",
    format: ["{city} {postal}"],
  },
  JP: {
    postalPattern: /^\d{3}-\d{4}$/,
    postalRequired: true,
    postalExample: "100-8994",
    postalLabel: "postalCode",
    regionRequired: true,
    regionLabel: "prefecture",
    format: ["{city}, {region}", "{postal}"],
    normalizePostal: dashAt(7, 3),
  },
  IN: {
    postalPattern: /^[1-9]\d{5}$/,
    postalRequired: true,
    postalExample: "110034",
    postalLabel: "pin",
    regionRequired: true,
    regionLabel: "state",
    format: ["{city} {postal}", "{region}"],
    normalizePostal: (c) => c.replace(/ /g, ""),
  },
  CN: eu(digits(6), "100000", { regionRequired: true, regionLabel: "province" }),
  KR: eu(digits(5), "03051", { regionLabel: "province" }),
  ZA: eu(digits(4), "0001", { regionLabel: "province" }),
} satisfies Record<string, CountryRule>;

export type RuledCountry = keyof typeof countryRules;

/**
 * Every other ISO country: the postal code is optional, and when typed it is 2–10 letters,
 * digits, spaces or dashes; the region is optional.
 */
export const genericRule: CountryRule = {
  postalPattern: /^[A-Z0-9][A-Z0-9 -]{0,8}[A-Z0-9]$/,
  postalRequired: false,
  postalExample: "",
  postalLabel: "postalCode",
  regionRequired: false,
  regionLabel: "region",
  format: POSTCODE_THEN_CITY,
};

/** ISO 3166-1 alpha-2, every officially assigned code (249). */
export const countryCodes = (
  "AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ " +
  "BR BS BT BV BW BY BZ CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM " +
  "DO DZ EC EE EG EH ER ES ET FI FJ FK FM FO FR GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS " +
  "GT GU GW GY HK HM HN HR HT HU ID IE IL IM IN IO IQ IR IS IT JE JM JO JP KE KG KH KI KM KN " +
  "KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO MP MQ " +
  "MR MS MT MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM " +
  "PN PR PS PT PW PY QA RE RO RS RU RW SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV " +
  "SX SY SZ TC TD TF TG TH TJ TK TL TM TN TO TR TT TV TW TZ UA UG UM US UY UZ VA VC VE VG VI " +
  "VN VU WF WS YE YT ZA ZM ZW"
).split(" ");

const countrySet = new Set(countryCodes);

export function isCountryCode(value: string): boolean {
  return countrySet.has(value);
}

export function ruleFor(country: string): CountryRule {
  return (countryRules as Record<string, CountryRule>)[country] ?? genericRule;
}

/** Upper case, spaces collapsed, then the country's spacing (GB/CA inward code, dashes). */
export function normalizePostalCode(country: string, raw: string): string {
  const compact = raw.trim().toUpperCase().replace(/\s+/g, " ");
  if (!compact) return "";
  const rule = ruleFor(country);
  return rule.normalizePostal ? rule.normalizePostal(compact) : compact;
}

export type PostalProblem = "required" | "format";

/** Checks a normalised postal code: null when it is fine. */
export function checkPostalCode(country: string, postal: string): PostalProblem | null {
  const rule = ruleFor(country);
  if (!postal) return rule.postalRequired ? "required" : null;
  if (rule.postalPattern && !rule.postalPattern.test(postal)) return "format";
  return null;
}

/**
 * The stored form of a region: for a country with a list, the option's code (a name or a
 * code typed in any case is accepted); null when the list does not know it. Otherwise the
 * trimmed text.
 */
export function normalizeRegion(country: string, raw: string): string | null {
  const text = raw.trim().replace(/\s+/g, " ");
  const options = ruleFor(country).regions;
  if (!options || !text) return text;
  const wanted = text.toLowerCase();
  const found = options.find(
    (o) => o.code.toLowerCase() === wanted || o.name.toLowerCase() === wanted,
  );
  return found ? found.code : null;
}

export function checkRegion(country: string, region: string): PostalProblem | null {
  const rule = ruleFor(country);
  if (!region) return rule.regionRequired ? "required" : null;
  if (rule.regions && !rule.regions.some((o) => o.code === region)) return "format";
  return null;
}

/** What the form needs to lay out the fields of one country (plain data, for the browser). */
export interface CountryFields {
  postalLabel: PostalLabel;
  postalRequired: boolean;
  postalExample: string;
  regionLabel: RegionLabel;
  regionRequired: boolean;
  regions: readonly RegionOption[] | null;
}

export function countryFields(country: string): CountryFields {
  const rule = ruleFor(country);
  return {
    postalLabel: rule.postalLabel,
    postalRequired: rule.postalRequired,
    postalExample: rule.postalExample,
    regionLabel: rule.regionLabel,
    regionRequired: rule.regionRequired,
    regions: rule.regions ?? null,
  };
}

export interface AddressParts {
  recipientName: string;
  line1: string;
  line2: string | null;
  city: string;
  region: string | null;
  postalCode: string;
  country: string;
}

function fill(template: string, parts: Record<"city" | "region" | "postal", string>): string {
  // Replace each token, then drop separators left around empty parts.
  return template
    .replace(/\{(city|region|postal)\}/g, (_m, key: keyof typeof parts) => parts[key])
    .replace(/\s+/g, " ")
    .replace(/^[\s,\-]+|[\s,\-]+$/g, "")
    .replace(/\s*,\s*(,\s*)+/g, ", ")
    .replace(/\s+-\s*$/, "")
    .trim();
}

/**
 * An address as printed on an envelope in its country's order: the recipient, the street
 * lines, the city/region/postal lines of the country, and the country's name in `locale`.
 */
export function addressLines(address: AddressParts, locale: string): string[] {
  const rule = ruleFor(address.country);
  const parts = {
    city: address.city,
    region: address.region ?? "",
    postal: address.postalCode,
  };
  const lines = [
    address.recipientName,
    address.line1,
    address.line2 ?? "",
    ...rule.format.map((template) => fill(template, parts)),
    countryName(address.country, locale),
  ];
  return lines.map((l) => l.trim()).filter((l) => l.length > 0);
}

const displayNames = new Map<string, Intl.DisplayNames>();

/** The country's name in the locale (Intl.DisplayNames); the code if the runtime lacks it. */
export function countryName(code: string, locale: string): string {
  let names = displayNames.get(locale);
  if (!names) {
    names = new Intl.DisplayNames([locale], { type: "region", fallback: "code" });
    displayNames.set(locale, names);
  }
  try {
    return names.of(code) ?? code;
  } catch {
    return code;
  }
}

/** The countries as select options, sorted by name in the locale. */
export function countryOptions(locale: string): { code: string; name: string }[] {
  const collator = new Intl.Collator(locale);
  return countryCodes
    .map((code) => ({ code, name: countryName(code, locale) }))
    .sort((a, b) => collator.compare(a.name, b.name));
}
