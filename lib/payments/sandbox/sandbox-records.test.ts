import { describe, expect, it } from "vitest";
import type { Payment } from "../provider";
import {
  challengePath,
  parseSandboxEvent,
  requestHash,
  sandboxEventBody,
  sandboxId,
} from "./sandbox-records";

const payment: Payment = {
  id: "pi_sandbox1",
  provider: "sandbox",
  status: "succeeded",
  amountMinor: 1099,
  currency: "eur",
  amountRefundedMinor: 0,
  failureCode: null,
  metadata: { checkoutId: "c1" },
  clientSecret: "pi_sandbox1_secret_x",
  nextActionUrl: null,
  customerId: null,
  paymentMethodId: "pm_sandbox1",
  createdAt: new Date("2026-11-27T10:00:00.000Z"),
};

describe("the sandbox's ids, hashes and events", () => {
  it("makes Stripe-shaped ids and a challenge path", () => {
    expect(sandboxId("pi")).toMatch(/^pi_sandbox[0-9a-f]{24}$/);
    expect(sandboxId("pi")).not.toBe(sandboxId("pi"));
    expect(challengePath("seti_1")).toBe("/payments/sandbox/challenge/seti_1");
  });

  it("hashes parameters whatever their order, and tells different ones apart", () => {
    expect(requestHash({ a: 1, b: "x" })).toBe(requestHash({ b: "x", a: 1 }));
    expect(requestHash({ a: 1, b: undefined })).toBe(requestHash({ a: 1, b: null }));
    expect(requestHash({ a: 1 })).not.toBe(requestHash({ a: 2 }));
  });

  it("writes an event and reads it back, dates included", () => {
    const created = new Date("2026-11-27T10:00:05.000Z");
    const body = sandboxEventBody(
      "evt_1",
      "payment.succeeded",
      { kind: "payment", payment },
      created,
    );
    expect(parseSandboxEvent(body)).toEqual({
      id: "evt_1",
      provider: "sandbox",
      type: "payment.succeeded",
      providerType: "payment.succeeded",
      createdAt: created,
      data: { kind: "payment", payment },
    });
  });

  it("refuses what the sandbox did not write", () => {
    for (const body of [
      "{}",
      JSON.stringify({
        id: "evt_1",
        object: "event",
        type: "payment.stolen",
        created: 1,
        data: {},
      }),
      JSON.stringify({ id: 1, object: "event", type: "payment.succeeded", created: 1, data: {} }),
      JSON.stringify({
        id: "evt_1",
        object: "event",
        type: "payment.succeeded",
        created: 1,
        data: { kind: "payment" },
      }),
    ]) {
      expect(() => parseSandboxEvent(body), body).toThrow();
    }
  });
});
