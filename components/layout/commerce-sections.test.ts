import { describe, expect, it } from "vitest";
import { visibleCommerceSections } from "./commerce-sections";

describe("the commerce section bar", () => {
  it("offers Offers only while some offer runs, or on the offers page itself", () => {
    const keys = (running: boolean, path: string) =>
      visibleCommerceSections(running, path).map((s) => s.key);
    expect(keys(false, "/commerce")).toEqual(["product"]);
    expect(keys(true, "/commerce")).toEqual(["product", "offer"]);
    expect(keys(false, "/commerce/offer")).toEqual(["product", "offer"]);
  });
});
