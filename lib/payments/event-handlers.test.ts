import { describe, expect, it } from "vitest";
import { paymentEventHandlers, registerPaymentEventHandler } from "./event-handlers";

describe("payment event handlers", () => {
  it("run per type in registration order, those for every event after them", () => {
    const a = async () => undefined;
    const b = async () => undefined;
    const all = async () => undefined;
    const removers = [
      registerPaymentEventHandler("*", "test.all", all),
      registerPaymentEventHandler("refund.succeeded", "test.a", a),
      registerPaymentEventHandler("refund.succeeded", "test.b", b),
    ];
    expect(paymentEventHandlers("refund.succeeded")).toEqual([a, b, all]);
    expect(paymentEventHandlers("refund.failed")).toEqual([all]);
    for (const remove of removers) remove();
    expect(paymentEventHandlers("refund.succeeded")).toEqual([]);
  });

  it("keep one handler per name: a second copy of a module replaces, never doubles", () => {
    const first = async () => undefined;
    const second = async () => undefined;
    registerPaymentEventHandler("setup.succeeded", "test.same", first);
    const remove = registerPaymentEventHandler("setup.succeeded", "test.same", second);
    expect(paymentEventHandlers("setup.succeeded")).toEqual([second]);
    remove();
    expect(paymentEventHandlers("setup.succeeded")).toEqual([]);
  });

  it("share one registry across copies of the module (globalThis)", async () => {
    const handler = async () => undefined;
    const remove = registerPaymentEventHandler("payment.failed", "test.shared", handler);
    const key = Symbol.for("livemarket.payments.eventHandlers");
    const registry = (globalThis as unknown as Record<symbol, Map<string, unknown[]>>)[key];
    expect(registry?.get("payment.failed")).toHaveLength(1);
    remove();
  });
});
