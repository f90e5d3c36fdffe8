import { describe, expect, it } from "vitest";
import en from "@/messages/en/addresses.json";
import es from "@/messages/es/addresses.json";
import {
  addressLines,
  checkPostalCode,
  checkRegion,
  countryCodes,
  countryFields,
  countryName,
  countryOptions,
  countryRules,
  genericRule,
  isCountryCode,
  normalizePostalCode,
  normalizeRegion,
  ruleFor,
} from "./address-rules";

/** Normalises, then checks: what the schema does with a typed postal code. */
const postal = (country: string, raw: string) => {
  const value = normalizePostalCode(country, raw);
  return { value, problem: checkPostalCode(country, value) };
};

describe("postal codes per country", () => {
  const valid: [string, string, string][] = [
    ["US", "12345", "12345"],
    ["US", "12345-6789", "12345-6789"],
    ["US", "123456789", "12345-6789"],
    ["CA", "k1a0b1", "K1A 0B1"],
    ["CA", "K1A  0B1", "K1A 0B1"],
    ["GB", "sw1a1aa", "SW1A 1AA"],
    ["GB", "EC1A 1BB", "EC1A 1BB"],
    ["GB", "m1 1ae", "M1 1AE"],
    ["GB", "B33 8TH", "B33 8TH"],
    ["GB", "CR2 6XH", "CR2 6XH"],
    ["GB", "DN55 1PT", "DN55 1PT"],
    ["IE", "d02x285", "D02 X285"],
    ["ES", "28013", "28013"],
    ["ES", "01001", "01001"],
    ["ES", "52006", "52006"],
    ["FR", "75008", "75008"],
    ["DE", "10115", "10115"],
    ["IT", "00144", "00144"],
    ["PT", "1000001", "1000-001"],
    ["PT", "1000-001", "1000-001"],
    ["NL", "1234ab", "1234 AB"],
    ["NL", "1234 AB", "1234 AB"],
    ["MX", "06600", "06600"],
    ["AR", "c1425dkf", "C1425DKF"],
    ["AR", "1425", "1425"],
    ["BR", "01310100", "01310-100"],
    ["BR", "01310-100", "01310-100"],
    ["AU", "2000", "2000"],
    ["JP", "1008994", "100-8994"],
    ["JP", "100-8994", "100-8994"],
    ["IN", "110 034", "110034"],
    ["SE", "11455", "114 55"],
    ["PL", "00950", "00-950"],
  ];
  it.each(valid)("%s accepts %s as %s", (country, raw, expected) => {
    expect(postal(country, raw)).toEqual({ value: expected, problem: null });
  });

  const invalid: [string, string][] = [
    ["US", "1234"],
    ["US", "123456"],
    ["US", "12345-678"],
    ["US", "ABCDE"],
    ["CA", "D1A 1A1"],
    ["CA", "K1A 1AO"],
    ["CA", "12345"],
    ["GB", "SW1A"],
    ["GB", "QW1 1AA"],
    ["GB", "12345"],
    ["ES", "00123"],
    ["ES", "53001"],
    ["ES", "2801"],
    ["FR", "7500"],
    ["DE", "101155"],
    ["PT", "1000-01"],
    ["NL", "0123 AB"],
    ["NL", "1234 A"],
    ["MX", "0660"],
    ["AR", "C142DKF"],
    ["BR", "0131-0100"],
    ["AU", "20000"],
    ["JP", "10-08994"],
    ["IN", "011003"],
    ["IN", "11003"],
  ];
  it.each(invalid)("%s refuses %s", (country, raw) => {
    expect(postal(country, raw).problem).toBe("format");
  });

  it("requires the postal code where the country has them, not where it is optional", () => {
    for (const country of ["US", "CA", "GB", "ES", "FR", "DE", "IT", "PT", "NL", "MX", "AR"]) {
      expect(checkPostalCode(country, ""), country).toBe("required");
    }
    for (const country of ["BR", "AU", "JP", "IN"]) {
      expect(checkPostalCode(country, ""), country).toBe("required");
    }
    expect(checkPostalCode("IE", "")).toBeNull();
    expect(checkPostalCode("AE", "")).toBeNull();
  });

  it("falls back to the generic rule for the other countries", () => {
    expect(ruleFor("AE")).toBe(genericRule);
    expect(ruleFor("ZZ")).toBe(genericRule);
    expect(postal("TH", " 10200 ")).toEqual({ value: "10200", problem: null });
    expect(postal("LV", "lv-1010")).toEqual({ value: "LV-1010", problem: null });
    expect(postal("TH", "1")).toEqual({ value: "1", problem: "format" });
    expect(postal("TH", "12345678901").problem).toBe("format");
    expect(postal("TH", "10200!").problem).toBe("format");
  });

  it("upper-cases and collapses spaces everywhere", () => {
    expect(normalizePostalCode("FR", "  75 008 ")).toBe("75 008");
    expect(normalizePostalCode("GB", "  sw1a   1aa ")).toBe("SW1A 1AA");
    expect(normalizePostalCode("US", "")).toBe("");
  });
});

describe("every ruled country", () => {
  it.each(Object.keys(countryRules))("%s: the hint's examples pass its own rule", (country) => {
    const examples = ruleFor(country).postalExample.split(", ");
    for (const example of examples) {
      expect(postal(country, example), example).toEqual({ value: example, problem: null });
    }
  });

  it("has its labels in both catalogues", () => {
    for (const country of [...Object.keys(countryRules), "AE"]) {
      const { postalLabel, regionLabel } = countryFields(country);
      for (const catalogue of [en, es]) {
        expect(catalogue.labels.postal[postalLabel], country).toBeTruthy();
        expect(catalogue.labels.region[regionLabel], country).toBeTruthy();
      }
    }
  });
});

describe("regions per country", () => {
  it("requires a region where addresses need one", () => {
    for (const country of ["US", "CA", "AU", "MX", "BR", "IN", "JP", "AR", "IT"]) {
      expect(ruleFor(country).regionRequired, country).toBe(true);
      expect(checkRegion(country, ""), country).toBe("required");
    }
    for (const country of ["GB", "ES", "FR", "DE", "PT", "NL", "AE"]) {
      expect(ruleFor(country).regionRequired, country).toBe(false);
      expect(checkRegion(country, ""), country).toBeNull();
    }
  });

  it("stores a listed region as its code, from a code or a name in any case", () => {
    expect(normalizeRegion("US", "ca")).toBe("CA");
    expect(normalizeRegion("US", "new  york")).toBe("NY");
    expect(normalizeRegion("CA", "Quebec")).toBe("QC");
    expect(normalizeRegion("AU", "nsw")).toBe("NSW");
    expect(normalizeRegion("US", "Narnia")).toBeNull();
    expect(normalizeRegion("US", "")).toBe("");
    expect(checkRegion("US", "XX")).toBe("format");
    expect(checkRegion("US", "TX")).toBeNull();
  });

  it("keeps a free-text region as typed, trimmed", () => {
    expect(normalizeRegion("GB", "  Greater   London ")).toBe("Greater London");
    expect(normalizeRegion("JP", "Tokyo")).toBe("Tokyo");
  });

  it("lists the 50 states, DC and the territories; the 13 provinces and territories", () => {
    const us = countryFields("US").regions ?? [];
    expect(us).toHaveLength(59);
    expect(new Set(us.map((r) => r.code)).size).toBe(59);
    expect(countryFields("CA").regions).toHaveLength(13);
    expect(countryFields("AU").regions).toHaveLength(8);
    expect(countryFields("GB").regions).toBeNull();
  });

  it("names the fields as the country does", () => {
    expect(countryFields("US")).toMatchObject({ postalLabel: "zip", regionLabel: "state" });
    expect(countryFields("GB")).toMatchObject({ postalLabel: "postcode", regionLabel: "county" });
    expect(countryFields("CA")).toMatchObject({
      postalLabel: "postalCode",
      regionLabel: "province",
    });
    expect(countryFields("JP").regionLabel).toBe("prefecture");
    expect(countryFields("IN").postalLabel).toBe("pin");
    expect(countryFields("BR").postalLabel).toBe("cep");
    expect(countryFields("AE")).toMatchObject({ postalLabel: "postalCode", regionLabel: "region" });
  });
});

describe("countries", () => {
  it("knows the 249 ISO 3166-1 codes, each once", () => {
    expect(countryCodes).toHaveLength(249);
    expect(new Set(countryCodes).size).toBe(249);
    expect(isCountryCode("ES")).toBe(true);
    expect(isCountryCode("es")).toBe(false);
    expect(isCountryCode("UK")).toBe(false);
    for (const country of Object.keys(countryRules)) expect(isCountryCode(country)).toBe(true);
  });

  it("names countries in the page's language, sorted by that name", () => {
    expect(countryName("ES", "en")).toBe("Spain");
    expect(countryName("ES", "es")).toBe("España");
    expect(countryName("DE", "es")).toBe("Alemania");
    const es = countryOptions("es");
    expect(es).toHaveLength(249);
    const names = es.map((o) => o.name);
    expect([...names].sort(new Intl.Collator("es").compare)).toEqual(names);
  });
});

describe("address lines per country", () => {
  const base = { recipientName: "Ana Ruiz", line1: "1 Main St", line2: null };

  it("prints a US address as City, ST ZIP", () => {
    expect(
      addressLines(
        { ...base, city: "Springfield", region: "IL", postalCode: "62701", country: "US" },
        "en",
      ),
    ).toEqual(["Ana Ruiz", "1 Main St", "Springfield, IL 62701", "United States"]);
  });

  it("prints a GB address with the town and the postcode on lines of their own", () => {
    expect(
      addressLines(
        {
          ...base,
          line2: "Flat 2",
          city: "London",
          region: null,
          postalCode: "SW1A 1AA",
          country: "GB",
        },
        "en",
      ),
    ).toEqual(["Ana Ruiz", "1 Main St", "Flat 2", "London", "SW1A 1AA", "United Kingdom"]);
  });

  it("prints a Spanish address as postcode then city, the country in Spanish", () => {
    expect(
      addressLines(
        { ...base, city: "Madrid", region: "Madrid", postalCode: "28013", country: "ES" },
        "es",
      ),
    ).toEqual(["Ana Ruiz", "1 Main St", "28013 Madrid", "Madrid", "España"]);
  });

  it("prints Japan, Brazil and a country without a postal code", () => {
    expect(
      addressLines(
        { ...base, city: "Chiyoda", region: "Tokyo", postalCode: "100-8994", country: "JP" },
        "en",
      ).slice(2),
    ).toEqual(["Chiyoda, Tokyo", "100-8994", "Japan"]);
    expect(
      addressLines(
        { ...base, city: "São Paulo", region: "SP", postalCode: "01310-100", country: "BR" },
        "en",
      ).slice(2),
    ).toEqual(["São Paulo - SP", "01310-100", "Brazil"]);
    expect(
      addressLines({ ...base, city: "Dubai", region: null, postalCode: "", country: "AE" }, "en"),
    ).toEqual(["Ana Ruiz", "1 Main St", "Dubai", "United Arab Emirates"]);
  });
});
