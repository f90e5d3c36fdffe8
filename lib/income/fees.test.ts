import { describe, expect, it } from "vitest";
import { feeBack, feeOf } from "./fees";

describe("the platform fee", () => {
  it("is the rate of the amount, rounded half up", () => {
    expect(feeOf(10_000, 500)).toBe(500);
    expect(feeOf(50, 500)).toBe(3); // 2.5 → 3
    expect(feeOf(49, 500)).toBe(2); // 2.45 → 2
    expect(feeOf(1_500, 150)).toBe(23); // 22.5 → 23
    expect(feeOf(0, 500)).toBe(0);
    expect(() => feeOf(-1, 500)).toThrow(new RangeError("amount"));
  });

  it("refuses an amount that is not whole minor units", () => {
    expect(() => feeOf(10.5, 500)).toThrow(RangeError);
    expect(() => feeOf(2 ** 53, 500)).toThrow(RangeError);
    expect(feeOf(2 ** 53 - 1, 10_000)).toBe(2 ** 53 - 1);
  });

  it("gives back the whole fee for a full refund, and never more", () => {
    const charge = { grossMinor: 3_001, feeMinor: 151, refundedBefore: 0, feeBackBefore: 0 };
    expect(feeBack({ ...charge, amountMinor: 3_001 })).toBe(151);
    // A refund above what is left counts as what is left.
    expect(
      feeBack({ ...charge, refundedBefore: 2_001, feeBackBefore: 101, amountMinor: 5_000 }),
    ).toBe(50);
  });

  it("rounds the running share half up", () => {
    // 150 × 1_001 / 3_000 = 50.05 → 50; 150 × 1_010 / 3_000 = 50.5 → 51.
    const charge = { grossMinor: 3_000, feeMinor: 150, refundedBefore: 0, feeBackBefore: 0 };
    expect(feeBack({ ...charge, amountMinor: 1_001 })).toBe(50);
    expect(feeBack({ ...charge, amountMinor: 1_010 })).toBe(51);
    expect(feeBack({ ...charge, amountMinor: 1_009 })).toBe(50);
  });

  it("never takes back a fee already given back, and gives nothing back on no charge", () => {
    const charge = { grossMinor: 3_000, feeMinor: 150 };
    expect(feeBack({ ...charge, refundedBefore: 0, feeBackBefore: 60, amountMinor: 1_000 })).toBe(
      0,
    );
    expect(
      feeBack({ grossMinor: 0, feeMinor: 0, refundedBefore: 0, feeBackBefore: 0, amountMinor: 0 }),
    ).toBe(0);
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
