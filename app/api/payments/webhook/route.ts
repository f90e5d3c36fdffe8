import { NextResponse } from "next/server";
import { getDb } from "@/lib/db/client";
import { getPaymentProvider } from "@/lib/payments/get-provider";
import { WebhookSignatureError } from "@/lib/payments/provider";
import { receivePaymentWebhook } from "@/lib/payments/webhook";
import { consumeRateLimit } from "@/lib/rate-limit/rate-limit";
import { clientAddress } from "@/lib/security/client-address";

/**
 * The payment provider's webhook (docs/payments.md, "Webhook"): Stripe's events, or the
 * sandbox's signed the same way. Outside the proxy (no session, no CSRF rule applies: the
 * signature is the authentication). Raw body, signature checked before anything is written;
 * each event recorded and handled once (lib/payments/webhook.ts).
 */
export const dynamic = "force-dynamic";

/** Stripe's events are a few kilobytes; anything far larger is not one. */
const MAX_BODY_BYTES = 512 * 1024;

export async function POST(request: Request): Promise<Response> {
  const address = clientAddress(request.headers) ?? "unknown";
  const limit = await consumeRateLimit({
    key: `payments-webhook:ip:${address}`,
    limit: 600,
    windowSeconds: 60,
  });
  if (!limit.allowed) {
    return json(429, { error: "rate_limited" }, { "retry-after": String(limit.retryAfterSeconds) });
  }
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > MAX_BODY_BYTES) return json(413, { error: "too_large" });
  const rawBody = await request.text();
  if (Buffer.byteLength(rawBody) > MAX_BODY_BYTES) return json(413, { error: "too_large" });
  try {
    const received = await receivePaymentWebhook({
      db: getDb(),
      provider: getPaymentProvider(),
      rawBody,
      signature: request.headers.get("stripe-signature"),
    });
    return json(200, { received: true, duplicate: received.outcome === "duplicate" });
  } catch (error) {
    if (error instanceof WebhookSignatureError) return json(400, { error: "invalid_signature" });
    // A handler failed: the event was rolled back; the provider delivers it again later.
    console.error("payments: webhook not handled", { error });
    return json(500, { error: "not_handled" });
  }
}

function json(status: number, body: object, headers: Record<string, string> = {}): Response {
  return NextResponse.json(body, { status, headers: { "cache-control": "no-store", ...headers } });
}
