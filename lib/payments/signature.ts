import { createHmac, timingSafeEqual } from "node:crypto";
import { WebhookSignatureError } from "./provider";

/**
 * Stripe's webhook signature scheme, used as is by the sandbox's events: the header is
 * `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">` (more `v1=` entries may
 * follow while a secret rotates). A signature older or newer than `toleranceSeconds` is
 * refused (replays). Unit-tested against the stripe SDK's own helpers.
 */
export const SIGNATURE_TOLERANCE_SECONDS = 300;

export function signWebhookPayload(
  payload: string,
  secret: string,
  timestamp: number = Math.floor(Date.now() / 1000),
): string {
  const signature = createHmac("sha256", secret).update(`${timestamp}.${payload}`).digest("hex");
  return `t=${timestamp},v1=${signature}`;
}

export function verifyWebhookSignature(
  payload: string,
  header: string | null | undefined,
  secret: string,
  options: { toleranceSeconds?: number; now?: number } = {},
): void {
  if (!header) throw new WebhookSignatureError("missing signature header");
  let timestamp: number | null = null;
  const signatures: string[] = [];
  for (const part of header.split(",")) {
    const at = part.indexOf("=");
    if (at === -1) continue;
    const key = part.slice(0, at).trim();
    const value = part.slice(at + 1).trim();
    if (key === "t" && /^\d{1,12}$/.test(value)) timestamp = Number(value);
    if (key === "v1" && /^[0-9a-f]{64}$/.test(value)) signatures.push(value);
  }
  if (timestamp === null || signatures.length === 0) {
    throw new WebhookSignatureError("malformed signature header");
  }
  const expected = Buffer.from(
    createHmac("sha256", secret).update(`${timestamp}.${payload}`).digest("hex"),
  );
  const matches = signatures.some((given) => timingSafeEqual(Buffer.from(given), expected));
  if (!matches) throw new WebhookSignatureError("signature does not match");
  const now = options.now ?? Math.floor(Date.now() / 1000);
  const tolerance = options.toleranceSeconds ?? SIGNATURE_TOLERANCE_SECONDS;
  if (Math.abs(now - timestamp) > tolerance) {
    throw new WebhookSignatureError("signature timestamp outside the tolerance");
  }
}
