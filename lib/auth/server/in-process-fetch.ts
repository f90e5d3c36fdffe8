import "server-only";
import { dispatchAuthRequest } from "@/lib/auth/service/router";

/**
 * A `fetch` for the server's auth client: requests to this app's own `/auth/v1` are answered
 * in-process by the auth service's dispatcher (no HTTP round trip to ourselves), everything
 * else goes to the network. The caller's address is passed on, so the service's rate limits
 * count the visitor rather than the server.
 */
export function inProcessAuthFetch(authUrl: string, forwardedFor: string | null): typeof fetch {
  const prefix = `${authUrl.replace(/\/$/, "")}/`;
  return async (input, init) => {
    const request = new Request(input, init);
    if (!request.url.startsWith(prefix)) return fetch(request);
    const headers = new Headers(request.headers);
    if (forwardedFor) headers.set("x-forwarded-for", forwardedFor);
    const path = new URL(request.url).pathname
      .slice(new URL(prefix).pathname.length)
      .split("/")
      .filter(Boolean);
    const local = new Request(request, { headers });
    return dispatchAuthRequest(local, path);
  };
}
