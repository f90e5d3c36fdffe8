import { describe, expect, it } from "vitest";
import { offerSchema } from "@/lib/commerce/offer-schema";
import { discountSchema } from "@/lib/selling-terms/discount-schema";

/*
 * The offer and discount forms' datetime-local fields refuse a time that does not exist
 * (lib/validation/calendar.ts): a hand-made request with 30 February or 25:00 once passed the
 * pattern and became another date (Date.UTC rolls it over), silently.
 */
const offer = {
  listingId: "00000000-0000-4000-8000-000000100001",
  title: "Winter offer",
  kind: "percentage",
  value: "10",
  startsAt: "2026-12-01T09:00",
  endsAt: "2026-12-08T09:00",
};
const discount = {
  code: "WINTER10",
  kind: "percent",
  value: "10",
  startsAt: "2026-12-01T09:00",
  endsAt: "2026-12-08T09:00",
};

const bad = ["2026-02-30T09:00", "2026-12-01T25:00", "2026-12-01T09:61", "0099-12-01T09:00"];

describe("datetime-local fields", () => {
  it("an offer takes real times and refuses others", () => {
    expect(offerSchema.safeParse(offer).success).toBe(true);
    for (const startsAt of bad) {
      const result = offerSchema.safeParse({ ...offer, startsAt });
      expect(result.success, startsAt).toBe(false);
      expect(
        result.error?.issues.some((issue) => issue.path[0] === "startsAt"),
        startsAt,
      ).toBe(true);
    }
  });

  it("a discount code takes real times, or none, and refuses others", () => {
    expect(discountSchema.safeParse(discount).success).toBe(true);
    expect(discountSchema.safeParse({ ...discount, startsAt: "", endsAt: "" }).success).toBe(true);
    for (const endsAt of bad) {
      const result = discountSchema.safeParse({ ...discount, endsAt });
      expect(result.success, endsAt).toBe(false);
      expect(
        result.error?.issues.some((issue) => issue.path[0] === "endsAt"),
        endsAt,
      ).toBe(true);
    }
  });
});
