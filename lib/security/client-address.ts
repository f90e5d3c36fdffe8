import "server-only";
import { isIP } from "node:net";
import { env } from "@/lib/env";

/**
 * The client's network address, the one key of every per-client rate limit and the address
 * in audit records. The whole app asks here.
 *
 * X-Forwarded-For is read from the right: its right-most entry is the peer that opened the
 * connection to this server (Next.js keeps a client-supplied header as it is, so the server
 * appends the peer itself: lib/security/peer-address.ts). Each trusted reverse proxy in front
 * appends the address it received the request from, so the client is the entry
 * `TRUSTED_PROXY_HOPS` places left of the peer's. Entries further left were written by the
 * client and are never used: a new value per request must not open a new rate-limit bucket.
 * A shorter list (a request that did not pass the proxies) gives its left-most entry, which
 * is then a peer of ours or of a trusted proxy. Null when there is no usable address.
 */
export function clientAddress(
  headers: Headers,
  trustedHops: number = env().TRUSTED_PROXY_HOPS,
): string | null {
  const entries = (headers.get("x-forwarded-for") ?? "")
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean);
  if (entries.length === 0) return null;
  const chosen = entries[Math.max(0, entries.length - 1 - trustedHops)];
  return normaliseAddress(chosen);
}

/** An IP address as written in X-Forwarded-For, IPv4-mapped IPv6 read as IPv4; else null. */
export function normaliseAddress(value: string | undefined): string | null {
  if (!value) return null;
  let address = value.trim();
  // "[2001:db8::1]:443" and "203.0.113.9:443": some proxies add the port.
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(address);
  if (bracketed?.[1]) address = bracketed[1];
  else if (/^[\d.]+:\d+$/.test(address)) address = address.slice(0, address.lastIndexOf(":"));
  if (/^::ffff:[\d.]+$/i.test(address)) address = address.slice(7);
  return isIP(address) ? address.toLowerCase() : null;
}
