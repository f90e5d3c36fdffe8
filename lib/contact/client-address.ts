/**
 * The client's network address from request headers: the first X-Forwarded-For entry (set
 * by the Next.js server or the proxy in front of it), else X-Real-IP. Used as a rate-limit
 * key, so behind a proxy that does not overwrite X-Forwarded-For it can be forged; the
 * deployment guide says to put the app behind one that does.
 */
export function clientAddressFrom(headers: Headers): string | null {
  const forwarded = headers.get("x-forwarded-for")?.split(",")[0]?.trim();
  const address = forwarded || headers.get("x-real-ip")?.trim();
  return address ? address.slice(0, 100) : null;
}
