import { describe, expect, it } from "vitest";
import { addToCartSchema, updateLineSchema } from "./cart-schema";

const productId = "00000000-0000-4000-8000-000000100001";

describe("the buy box's form", () => {
  it("takes the option values in order, one or several, or none", () => {
    expect(addToCartSchema.parse({ productId, option: "M", quantity: "2" })).toEqual({
      productId,
      option: ["M"],
      quantity: 2,
    });
    expect(
      addToCartSchema.parse({ productId, option: ["M", "Blue"], quantity: "1" }).option,
    ).toEqual(["M", "Blue"]);
    expect(addToCartSchema.parse({ productId, quantity: "1" }).option).toEqual([]);
  });

  it("refuses quantities outside 1–99, odd ids and control characters", () => {
    for (const quantity of ["0", "100", "-1", "1.5", "x"]) {
      expect(addToCartSchema.safeParse({ productId, quantity }).success, quantity).toBe(false);
    }
    expect(addToCartSchema.safeParse({ productId: "p1", quantity: "1" }).success).toBe(false);
    expect(addToCartSchema.safeParse({ productId, option: "M\u0000", quantity: "1" }).success).toBe(
      false,
    );
    expect(
      addToCartSchema.safeParse({ productId, option: Array(11).fill("a"), quantity: "1" }).success,
    ).toBe(false);
  });

  it("lets a line go to 0 (removed) but not below", () => {
    expect(updateLineSchema.parse({ lineId: productId, quantity: "0" }).quantity).toBe(0);
    expect(updateLineSchema.safeParse({ lineId: productId, quantity: "-1" }).success).toBe(false);
  });
});
