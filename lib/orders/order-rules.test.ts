import { describe, expect, it } from "vitest";
import { canCancel, canRestock, nextFulfilmentSteps, refundableMinor } from "./order-rules";
import type { FulfilmentStatus, OrderPaymentStatus, OrderStatus } from "./order-types";

const order = (
  status: OrderStatus,
  fulfilmentStatus: FulfilmentStatus = "unfulfilled",
  method: "pickup" | "delivery" = "delivery",
  paymentStatus: OrderPaymentStatus = "paid",
) => ({ status, paymentStatus, fulfilmentStatus, delivery: { method } });

describe("nextFulfilmentSteps", () => {
  it("moves a delivery forward through shipped, and may skip preparing", () => {
    expect(nextFulfilmentSteps(order("confirmed", "unfulfilled"))).toEqual([
      "preparing",
      "shipped",
    ]);
    expect(nextFulfilmentSteps(order("confirmed", "preparing"))).toEqual(["shipped"]);
    expect(nextFulfilmentSteps(order("confirmed", "shipped"))).toEqual(["delivered"]);
  });

  it("moves a pickup forward through ready, never shipped", () => {
    expect(nextFulfilmentSteps(order("confirmed", "unfulfilled", "pickup"))).toEqual([
      "preparing",
      "ready",
    ]);
    expect(nextFulfilmentSteps(order("confirmed", "preparing", "pickup"))).toEqual(["ready"]);
    expect(nextFulfilmentSteps(order("confirmed", "ready", "pickup"))).toEqual(["delivered"]);
  });

  it("has no step after delivered", () => {
    expect(nextFulfilmentSteps(order("confirmed", "delivered"))).toEqual([]);
    expect(nextFulfilmentSteps(order("confirmed", "delivered", "pickup"))).toEqual([]);
  });

  it("offers no step on an order that is not confirmed", () => {
    for (const status of ["pending", "completed", "cancelled", "expired"] as const) {
      expect(nextFulfilmentSteps(order(status, "unfulfilled")), status).toEqual([]);
      expect(nextFulfilmentSteps(order(status, "shipped")), status).toEqual([]);
    }
  });
});

describe("canCancel", () => {
  it("lets only the buyer drop a pending (unpaid) order", () => {
    expect(canCancel(order("pending", "unfulfilled", "delivery", "unpaid"), "buyer")).toBe(true);
    expect(canCancel(order("pending", "unfulfilled", "delivery", "unpaid"), "seller")).toBe(false);
  });

  it("lets the buyer cancel a confirmed order only before the seller starts on it", () => {
    expect(canCancel(order("confirmed", "unfulfilled"), "buyer")).toBe(true);
    for (const step of ["preparing", "ready", "shipped", "delivered"] as const) {
      expect(canCancel(order("confirmed", step), "buyer"), step).toBe(false);
    }
  });

  it("lets the seller cancel a confirmed order until it has shipped or been handed over", () => {
    expect(canCancel(order("confirmed", "unfulfilled"), "seller")).toBe(true);
    expect(canCancel(order("confirmed", "preparing"), "seller")).toBe(true);
    for (const step of ["ready", "shipped", "delivered"] as const) {
      expect(canCancel(order("confirmed", step), "seller"), step).toBe(false);
    }
  });

  it("refuses both sides once the order is completed, cancelled or expired", () => {
    for (const status of ["completed", "cancelled", "expired"] as const) {
      for (const by of ["buyer", "seller"] as const) {
        expect(canCancel(order(status, "unfulfilled"), by), `${status} ${by}`).toBe(false);
      }
    }
  });
});

describe("refundableMinor", () => {
  it("is what was paid, less refunds that succeeded or are on their way", () => {
    expect(refundableMinor({ paymentStatus: "paid", totalMinor: 5000 }, [])).toBe(5000);
    expect(
      refundableMinor({ paymentStatus: "partially_refunded", totalMinor: 5000 }, [
        { amountMinor: 1000, status: "succeeded" },
        { amountMinor: 700, status: "pending" },
        { amountMinor: 300, status: "requested" },
      ]),
    ).toBe(3000);
  });

  it("gives back failed and cancelled refunds' amounts to what can be refunded", () => {
    expect(
      refundableMinor({ paymentStatus: "partially_refunded", totalMinor: 5000 }, [
        { amountMinor: 1000, status: "failed" },
        { amountMinor: 2000, status: "cancelled" },
        { amountMinor: 500, status: "succeeded" },
      ]),
    ).toBe(4500);
  });

  it("is nothing on an order not (or no longer) paid", () => {
    for (const paymentStatus of ["unpaid", "authorized", "refunded", "failed"] as const) {
      expect(refundableMinor({ paymentStatus, totalMinor: 5000 }, []), paymentStatus).toBe(0);
    }
  });

  it("never goes below nothing", () => {
    expect(
      refundableMinor({ paymentStatus: "partially_refunded", totalMinor: 1000 }, [
        { amountMinor: 800, status: "succeeded" },
        { amountMinor: 800, status: "pending" },
      ]),
    ).toBe(0);
  });
});

describe("canRestock", () => {
  it("lets a refund put back the units of an order that took them, once", () => {
    expect(canRestock({ status: "confirmed" }, [])).toBe(true);
    expect(canRestock({ status: "completed" }, [{ restock: false }])).toBe(true);
    expect(canRestock({ status: "completed" }, [{ restock: false }, { restock: true }])).toBe(
      false,
    );
    expect(canRestock({ status: "confirmed" }, [{ restock: true }])).toBe(false);
  });

  it("refuses orders that never took their units or gave them back", () => {
    for (const status of ["pending", "expired", "cancelled"] as const) {
      expect(canRestock({ status }, [])).toBe(false);
    }
  });
});
