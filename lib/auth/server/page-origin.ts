/** The origin a request reached us by, as the browser used it (protocol with its colon). */
export type PageOrigin = { protocol: string; host: string };

const first = (value: string | null) => value?.split(",")[0]?.trim() || null;

/**
 * The origin the browser used for a request: `x-forwarded-proto` / `x-forwarded-host` (Next
 * fills both from the socket and the Host header when no proxy sent them), else `host`. A
 * visitor can send anything here; it only ever decides the visitor's own cookies' `Secure`
 * flag and, when the auth service accepts that origin, where the visitor's own links
 * return. Null when there is no usable host.
 */
export function pageOriginOf(requestHeaders: Headers): PageOrigin | null {
  const host = first(requestHeaders.get("x-forwarded-host")) ?? first(requestHeaders.get("host"));
  const proto = first(requestHeaders.get("x-forwarded-proto")) === "https" ? "https:" : "http:";
  if (!host || /[/\\@?#\s]/.test(host)) return null;
  try {
    return { protocol: proto, host: new URL(`${proto}//${host}`).host };
  } catch {
    return null;
  }
}
