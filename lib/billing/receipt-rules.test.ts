import { describe, expect, it } from "vitest";
import { receiptTotals } from "./receipt-rules";

describe("receiptTotals", () => {
  it("is the whole payment when nothing came back", () => {
    expect(receiptTotals(3000, [])).toEqual({
      paidMinor: 3000,
      refundedMinor: 0,
      refundingMinor: 0,
      netMinor: 3000,
    });
  });

  it("counts succeeded refunds as refunded and requested or pending ones as on their way", () => {
    expect(
      receiptTotals(3000, [
        { amountMinor: 1000, status: "succeeded" },
        { amountMinor: 500, status: "pending" },
        { amountMinor: 200, status: "requested" },
        { amountMinor: 700, status: "failed" },
        { amountMinor: 300, status: "cancelled" },
      ]),
    ).toEqual({ paidMinor: 3000, refundedMinor: 1000, refundingMinor: 700, netMinor: 2000 });
  });

  it("never gives back more than was paid", () => {
    expect(
      receiptTotals(1000, [
        { amountMinor: 800, status: "succeeded" },
        { amountMinor: 800, status: "succeeded" },
        { amountMinor: 500, status: "pending" },
      ]),
    ).toEqual({ paidMinor: 1000, refundedMinor: 1000, refundingMinor: 0, netMinor: 0 });
    expect(
      receiptTotals(1000, [
        { amountMinor: 600, status: "succeeded" },
        { amountMinor: 900, status: "requested" },
      ]).refundingMinor,
    ).toBe(400);
  });
});
