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

  it("says why a header is malformed: it needs a numeric t and a 64-digit hex v1", () => {
    const now = 1_800_000_000;
    const [t, v1] = signWebhookPayload(payload, secret, now).split(",");
    const malformed = (value: string) =>
      expect(() => verifyWebhookSignature(payload, value, secret, { now })).toThrow(
        new WebhookSignatureError("malformed signature header"),
      );
    malformed(`${t}`);
    malformed(`${v1}`);
    malformed(`t=x${now},${v1}`);
    malformed(`t=${now}x,${v1}`);
    malformed(`t=${now},${v1}0`);
    malformed(`t=${now},v1=x${v1!.slice(3)}`);
    malformed(`t=${now},${v1!.toUpperCase().replace("V1=", "v1=")}`);
    malformed(`t=1234567890123,${v1}`);
    malformed(`${t},v1${v1!.slice(3)}`);
  });

  it("says whether the header is missing or the signature wrong", () => {
    const now = 1_800_000_000;
    const [t] = signWebhookPayload(payload, secret, now).split(",");
    expect(() => verifyWebhookSignature(payload, undefined, secret, { now })).toThrow(
      new WebhookSignatureError("missing signature header"),
    );
    expect(() =>
      verifyWebhookSignature(payload, `${t},v1=${"0".repeat(64)}`, secret, { now }),
    ).toThrow(new WebhookSignatureError("signature does not match"));
  });

  it("reads entries with spaces around them, and ignores entries without a value", () => {
    const now = 1_800_000_000;
    const [t, v1] = signWebhookPayload(payload, secret, now).split(",");
    const spaced = ` ${t!.replace("=", " = ")} , junk, v0=abc , id=42, ${v1} `;
    expect(() => verifyWebhookSignature(payload, spaced, secret, { now })).not.toThrow();
  });

  it("signs and checks against the current clock by default", () => {
    const header = signWebhookPayload(payload, secret);
    const t = Number(/^t=(\d+),/.exec(header)?.[1]);
    expect(Math.abs(t - Date.now() / 1000)).toBeLessThan(5);
    expect(() => verifyWebhookSignature(payload, header, secret)).not.toThrow();
    const old = signWebhookPayload(payload, secret, Math.floor(Date.now() / 1000) - 400);
    expect(() => verifyWebhookSignature(payload, old, secret)).toThrow(/tolerance/);
  });

  it("takes another tolerance when given one", () => {
    const now = 1_800_000_000;
    const header = signWebhookPayload(payload, secret, now - 11);
    expect(() =>
      verifyWebhookSignature(payload, header, secret, { now, toleranceSeconds: 10 }),
    ).toThrow(/tolerance/);
    expect(() =>
      verifyWebhookSignature(payload, header, secret, { now, toleranceSeconds: 11 }),
    ).not.toThrow();
  });
});
