import { describe, expect, it } from "vitest";
import { cartCountFromCookies } from "./cart-cookie";

describe("cartCountFromCookies", () => {
  it("reads the count among other cookies", () => {
    expect(cartCountFromCookies("a=1; lm-cart=7; b=2")).toBe(7);
    expect(cartCountFromCookies("lm-cart=12")).toBe(12);
  });
  it("is 0 when absent, empty or not a count", () => {
    expect(cartCountFromCookies("")).toBe(0);
    expect(cartCountFromCookies("xlm-cart=5")).toBe(0);
    expect(cartCountFromCookies("lm-cart=abc")).toBe(0);
    expect(cartCountFromCookies("lm-cart=-3")).toBe(0);
    expect(cartCountFromCookies("lm-cart=99999")).toBe(0);
  });
});
