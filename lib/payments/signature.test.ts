import Stripe from "stripe";
import { describe, expect, it } from "vitest";
import { WebhookSignatureError } from "./provider";
import { signWebhookPayload, verifyWebhookSignature } from "./signature";

const secret = "whsec_test_secret";
const payload = JSON.stringify({ id: "evt_1", object: "event", type: "payment_intent.succeeded" });
const stripe = new Stripe("sk_test_unused");

describe("webhook signatures (Stripe's t=…,v1=… scheme)", () => {
  it("signs as Stripe does: the SDK accepts our header, we accept the SDK's", () => {
    const now = Math.floor(Date.now() / 1000);
    const ours = signWebhookPayload(payload, secret, now);
    expect(ours).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    expect(stripe.webhooks.constructEvent(payload, ours, secret).id).toBe("evt_1");
    const theirs = stripe.webhooks.generateTestHeaderString({ payload, secret, timestamp: now });
    expect(ours).toBe(theirs);
    expect(() => verifyWebhookSignature(payload, theirs, secret)).not.toThrow();
  });

  it("refuses a missing, malformed, altered or foreign signature", () => {
    const header = signWebhookPayload(payload, secret);
    const refused = (body: string, value: string | null, key = secret) =>
      expect(() => verifyWebhookSignature(body, value, key)).toThrow(WebhookSignatureError);
    refused(payload, null);
    refused(payload, "");
    refused(payload, "t=abc,v1=zz");
    refused(payload, header.replace(/v1=/, "v0="));
    refused(`${payload} `, header);
    refused(payload, header, "whsec_other");
    const [t, v1] = header.split(",");
    refused(payload, `${t},v1=${"0".repeat(64)}`);
    // Another v1 entry beside the right one (a secret being rotated) is fine.
    const rotated = `${t},v1=${"0".repeat(64)},${v1}`;
    expect(() => verifyWebhookSignature(payload, rotated, secret)).not.toThrow();
  });

  it("refuses a signature outside the five-minute tolerance, either way", () => {
    const now = 1_800_000_000;
    const old = signWebhookPayload(payload, secret, now - 301);
    const future = signWebhookPayload(payload, secret, now + 301);
    const edge = signWebhookPayload(payload, secret, now - 300);
    expect(() => verifyWebhookSignature(payload, old, secret, { now })).toThrow(/tolerance/);
    expect(() => verifyWebhookSignature(payload, future, secret, { now })).toThrow(/tolerance/);
    expect(() => verifyWebhookSignature(payload, edge, secret, { now })).not.toThrow();
  });
});
