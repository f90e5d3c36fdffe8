import { describe, expect, it } from "vitest";
import { feeBack, feeOf } from "./fees";

describe("the platform fee", () => {
  it("is the rate of the amount, rounded half up", () => {
    expect(feeOf(10_000, 500)).toBe(500);
    expect(feeOf(50, 500)).toBe(3); // 2.5 → 3
    expect(feeOf(49, 500)).toBe(2); // 2.45 → 2
    expect(feeOf(1_500, 150)).toBe(23); // 22.5 → 23
    expect(feeOf(0, 500)).toBe(0);
    expect(() => feeOf(-1, 500)).toThrow(RangeError);
  });

  it("is given back in proportion to refunds, adding up to the whole fee", () => {
    const charge = { grossMinor: 3_000, feeMinor: 150 };
    const first = feeBack({ ...charge, refundedBefore: 0, feeBackBefore: 0, amountMinor: 1_000 });
    expect(first).toBe(50);
    const second = feeBack({ ...charge, refundedBefore: 1_000, feeBackBefore: 50, amountMinor: 1 });
    expect(second).toBe(0); // 50.05 → 50 kept so far
    const rest = feeBack({
      ...charge,
      refundedBefore: 1_001,
      feeBackBefore: 50,
      amountMinor: 1_999,
    });
    expect(first + second + rest).toBe(150);
    // Odd parts: three refunds of a third each give back the whole fee.
    const odd = { grossMinor: 3, feeMinor: 1 };
    const a = feeBack({ ...odd, refundedBefore: 0, feeBackBefore: 0, amountMinor: 1 });
    const b = feeBack({ ...odd, refundedBefore: 1, feeBackBefore: a, amountMinor: 1 });
    const c = feeBack({ ...odd, refundedBefore: 2, feeBackBefore: a + b, amountMinor: 1 });
    expect(a + b + c).toBe(1);
  });
});
