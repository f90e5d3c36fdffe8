import { describe, expect, it } from "vitest";
import { canRestock } from "./order-rules";

describe("canRestock", () => {
  it("lets a refund put back the units of an order that took them, once", () => {
    expect(canRestock({ status: "confirmed" }, [])).toBe(true);
    expect(canRestock({ status: "completed" }, [{ restock: false }])).toBe(true);
    expect(canRestock({ status: "completed" }, [{ restock: false }, { restock: true }])).toBe(
      false,
    );
  });

  it("refuses orders that never took their units or gave them back", () => {
    for (const status of ["pending", "expired", "cancelled"] as const) {
      expect(canRestock({ status }, [])).toBe(false);
    }
  });
});
