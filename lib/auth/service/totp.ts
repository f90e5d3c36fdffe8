import "server-only";
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";

/**
 * TOTP (RFC 6238) on HOTP (RFC 4226) with Node's crypto: HMAC-SHA1 by default, 6 digits,
 * 30-second steps, secrets in base32 (RFC 4648, no padding) as authenticator apps expect.
 */
export const TOTP_PERIOD_SECONDS = 30;
export const TOTP_DIGITS = 6;
/** Steps accepted either side of the current one (clock drift). */
export const TOTP_WINDOW = 1;

export type TotpAlgorithm = "sha1" | "sha256" | "sha512";

const BASE32 = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";

export function base32Encode(bytes: Uint8Array): string {
  let bits = 0;
  let value = 0;
  let out = "";
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += BASE32[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += BASE32[(value << (5 - bits)) & 31];
  return out;
}

/** Decodes base32, ignoring case, spaces and padding; throws on any other character. */
export function base32Decode(text: string): Buffer {
  const clean = text.replace(/[\s=]/g, "").toUpperCase();
  const out: number[] = [];
  let bits = 0;
  let value = 0;
  for (const char of clean) {
    const index = BASE32.indexOf(char);
    if (index < 0) throw new Error("Invalid base32 character.");
    value = ((value << 5) | index) & 0xffff;
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 0xff);
      bits -= 8;
    }
  }
  return Buffer.from(out);
}

/** A new secret: 20 random bytes (160 bits, RFC 4226's recommendation), base32. */
export function generateTotpSecret(): string {
  return base32Encode(randomBytes(20));
}

/** HOTP value of `counter` (RFC 4226 dynamic truncation), zero-padded to `digits`. */
export function hotp(
  key: Uint8Array,
  counter: number,
  digits = TOTP_DIGITS,
  algorithm: TotpAlgorithm = "sha1",
): string {
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(counter));
  const digest = createHmac(algorithm, key).update(message).digest();
  const offset = (digest[digest.length - 1] ?? 0) & 0x0f;
  const binary = digest.readUInt32BE(offset) & 0x7fffffff;
  return (binary % 10 ** digits).toString().padStart(digits, "0");
}

export const totpStep = (unixSeconds: number) => Math.floor(unixSeconds / TOTP_PERIOD_SECONDS);

/** The code of the step containing `unixSeconds`. */
export function totpCode(
  key: Uint8Array,
  unixSeconds: number,
  digits = TOTP_DIGITS,
  algorithm: TotpAlgorithm = "sha1",
): string {
  return hotp(key, totpStep(unixSeconds), digits, algorithm);
}

/**
 * Checks a code against the steps around `unixSeconds` (±TOTP_WINDOW). Returns the matching
 * step (the caller refuses steps already used) or null. Every candidate is compared in
 * constant time.
 */
export function matchTotpStep(
  secret: string,
  code: string,
  unixSeconds: number,
  window = TOTP_WINDOW,
): number | null {
  const trimmed = code.trim();
  if (!/^\d+$/.test(trimmed) || trimmed.length !== TOTP_DIGITS) return null;
  const key = base32Decode(secret);
  const given = Buffer.from(trimmed);
  const current = totpStep(unixSeconds);
  let matched: number | null = null;
  for (let step = current - window; step <= current + window; step += 1) {
    if (step < 0) continue;
    if (timingSafeEqual(Buffer.from(hotp(key, step)), given) && matched === null) matched = step;
  }
  return matched;
}

/** The otpauth:// URI authenticator apps read (Google Authenticator's key URI format). */
export function otpauthUri(secret: string, issuer: string, account: string): string {
  const label = `${encodeURIComponent(issuer)}:${encodeURIComponent(account)}`;
  const params = new URLSearchParams({
    algorithm: "SHA1",
    digits: String(TOTP_DIGITS),
    issuer,
    period: String(TOTP_PERIOD_SECONDS),
    secret,
  });
  return `otpauth://totp/${label}?${params.toString().replace(/\+/g, "%20")}`;
}
