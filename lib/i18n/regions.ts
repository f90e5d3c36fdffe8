/**
 * ISO 3166-1 alpha-2 country codes (the officially assigned ones), for country pickers.
 * Names come from Intl.DisplayNames in the viewer's language.
 */
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

export interface RegionOption {
  value: string;
  label: string;
}

function displayNames(locale: string, type: "region" | "currency"): Intl.DisplayNames | null {
  try {
    return new Intl.DisplayNames([locale], { type });
  } catch {
    return null;
  }
}

/** A country's name in `locale` ("ES" → "Spain"), or the code when the runtime has none. */
export function countryName(code: string, locale: string): string {
  try {
    return displayNames(locale, "region")?.of(code) ?? code;
  } catch {
    return code;
  }
}

/** Countries as select options, named in `locale`, sorted by name. */
export function countryOptions(locale: string): RegionOption[] {
  const names = displayNames(locale, "region");
  return countryCodes
    .map((code) => ({ value: code, label: names?.of(code) ?? code }))
    .sort((a, b) => a.label.localeCompare(b.label, locale));
}

/** Currencies (ISO 4217 codes the runtime knows) as options: "EUR — Euro". */
export function currencyOptions(locale: string): RegionOption[] {
  const names = displayNames(locale, "currency");
  return Intl.supportedValuesOf("currency").map((code) => ({
    value: code,
    label: `${code} — ${names?.of(code) ?? code}`,
  }));
}

/** IANA time zones the runtime knows, plus UTC. */
export function timeZoneOptions(): RegionOption[] {
  const zones = new Set(["UTC", ...Intl.supportedValuesOf("timeZone")]);
  return [...zones].map((zone) => ({ value: zone, label: zone.replaceAll("_", " ") }));
}
