import { describe, expect, it } from "vitest";
import * as addressSchemas from "@/lib/addresses/address-schema";
import * as offerSchemas from "@/lib/commerce/offer-schema";
import * as productSchemas from "@/lib/commerce/product-schema";
import * as locationSchemas from "@/lib/listings/location-schema";
import * as faqSchemas from "@/lib/organisations/faq-schema";
import * as organisationSchemas from "@/lib/organisations/organisation-schema";
import * as roleSchemas from "@/lib/organisations/role-schema";
import * as peopleSchemas from "@/lib/people/people-schema";
import * as scheduleSchemas from "@/lib/schedules/schedule-schema";
import * as discountSchemas from "@/lib/selling-terms/discount-schema";
import * as settingsSchemas from "@/lib/selling-terms/settings-schema";
import { parseWithValidation } from "@/lib/validation/parse";

/**
 * Every form schema of lib/ with a `version` (optimistic concurrency, an int4 column) refuses a
 * version the column cannot hold on the field: a field error, never a database error ("integer
 * out of range") answered as a failure. The walk finds the schemas that have the field (a
 * version of "abc" is refused on it), so a new one is checked without being listed here; the
 * list below only pins that the walk finds them.
 */
const modules = {
  addressSchemas,
  offerSchemas,
  productSchemas,
  locationSchemas,
  faqSchemas,
  organisationSchemas,
  roleSchemas,
  peopleSchemas,
  scheduleSchemas,
  discountSchemas,
  settingsSchemas,
};

type Parsable = Parameters<typeof parseWithValidation>[0];

function isSchema(value: unknown): value is Parsable {
  return typeof value === "object" && value !== null && "_zod" in value;
}

/** Whether the schema refuses this version on the `version` field (other fields are empty). */
function refusesVersion(schema: Parsable, version: unknown): boolean {
  const result = parseWithValidation(schema, { version });
  return !result.success && "version" in result.fieldErrors;
}

const withVersion = Object.entries(modules).flatMap(([moduleName, exports]) =>
  Object.entries(exports).flatMap(([name, value]) =>
    isSchema(value) && refusesVersion(value, "abc")
      ? [{ name: `${moduleName}.${name}`, schema: value }]
      : [],
  ),
);

describe("version fields", () => {
  it("the walk finds every schema with a version", () => {
    expect(withVersion.map((entry) => entry.name).sort()).toEqual(
      [
        "addressSchemas.updateAddressSchema",
        "discountSchemas.discountActiveSchema",
        "discountSchemas.updateDiscountSchema",
        "faqSchemas.updateFaqSchema",
        "locationSchemas.listingLocationSchema",
        "offerSchemas.offerRefSchema",
        "offerSchemas.updateOfferSchema",
        "organisationSchemas.organisationProfileSchema",
        "peopleSchemas.changeRoleSchema",
        "peopleSchemas.employmentStatusSchema",
        "productSchemas.deleteBrandSchema",
        "productSchemas.productRefSchema",
        "productSchemas.updateBrandSchema",
        "productSchemas.updateProductSchema",
        "productSchemas.variantsSchema",
        "roleSchemas.rolePermissionsSchema",
        "roleSchemas.updateRoleSchema",
        "scheduleSchemas.deleteScheduleSchema",
        "scheduleSchemas.updateScheduleSchema",
        "settingsSchemas.sellingTermsSchema",
        "settingsSchemas.updateDeliveryRateSchema",
      ].sort(),
    );
  });

  it.each(withVersion)(
    "$name: above int4 is a field error; 1 and int4's maximum pass",
    ({ schema }) => {
      for (const version of [2_147_483_648, "2147483648", 99_999_999_999, "99999999999"]) {
        expect(refusesVersion(schema, version), String(version)).toBe(true);
      }
      for (const version of [1, "1", 2_147_483_647, "2147483647"]) {
        expect(refusesVersion(schema, version), String(version)).toBe(false);
      }
    },
  );

  it("the selling terms' version also takes 0 (terms never saved), and still not above int4", () => {
    const { sellingTermsSchema } = settingsSchemas;
    expect(refusesVersion(sellingTermsSchema, 0)).toBe(false);
    expect(refusesVersion(sellingTermsSchema, -1)).toBe(true);
    expect(refusesVersion(sellingTermsSchema, 2_147_483_648)).toBe(true);
  });
});
