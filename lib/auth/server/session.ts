import "server-only";
import type { JwtPayload, SupabaseClient, User } from "@supabase/supabase-js";
import { cookies, headers } from "next/headers";
import { sessionCookieName } from "@/lib/auth/client/auth-options";
import { verifySessionCookie } from "@/lib/auth/guard/session-token";
import type { UserClaims } from "@/lib/db/context";
import { AuthError } from "@/lib/auth/service/errors";
import { readBearerUser } from "@/lib/auth/service/handlers/user";
import { hostedAuth } from "@/lib/env";
import { pageOriginOf } from "./page-origin";
import { safeGetClaims } from "./claims";
import { createAuthServerClient, getAuthClientSettings } from "./server-client";

/**
 * The auth client of the current request (server components, actions, route handlers),
 * over next/headers cookies. Writing cookies is refused while rendering a server
 * component; the proxy has refreshed the session before, so that is harmless there.
 */
export async function getRequestAuthClient(): Promise<SupabaseClient> {
  const store = await cookies();
  const requestHeaders = await headers();
  const forwardedFor = requestHeaders.get("x-forwarded-for");
  return createAuthServerClient(
    {
      getAll: () => store.getAll(),
      setAll: (toSet) => {
        try {
          for (const { name, value, options } of toSet) store.set(name, value, options);
        } catch {
          // Server components cannot set cookies; the proxy keeps the session fresh.
        }
      },
    },
    forwardedFor,
    pageOriginOf(requestHeaders),
  );
}

/**
 * The verified claims of the caller (getClaims checks the signature), or null: also for a
 * session cookie whose token cannot even be decoded (claims.ts).
 */
export async function getCurrentClaims(): Promise<(JwtPayload & UserClaims) | null> {
  // The proxy's fast path (lib/auth/guard/session-token.ts): a fresh token of ours is checked
  // against the in-process key ring, without a supabase-js client and its in-process JWKS
  // request (a page rendered after the proxy let it through would otherwise check it twice).
  // Anything else (a hosted project, a session near expiry, no cookie) asks the client.
  if (!hostedAuth()) {
    const { url } = await getAuthClientSettings();
    const verdict = await verifySessionCookie((await cookies()).getAll(), sessionCookieName(url));
    if (verdict.kind === "invalid") return null;
    if (verdict.kind === "valid") {
      return typeof verdict.claims.sub === "string"
        ? (verdict.claims as JwtPayload & UserClaims)
        : null;
    }
  }
  const client = await getRequestAuthClient();
  const { claims } = await safeGetClaims(client);
  if (!claims?.sub) return null;
  return claims as JwtPayload & UserClaims;
}

/**
 * The caller's auth user, read from the service (the session must still exist), or null.
 * With this server's own auth service it is read in process, as GET /user would answer it
 * (lib/auth/service/handlers/user.ts), for the verified claims' user and session: no
 * supabase-js client, no request through the service's router. A hosted project is asked.
 */
export async function getCurrentUser(): Promise<User | null> {
  if (!hostedAuth()) {
    const claims = await getCurrentClaims();
    if (!claims || typeof claims.session_id !== "string") return null;
    try {
      return (await readBearerUser({ sub: claims.sub, sessionId: claims.session_id })) as User;
    } catch (error) {
      // Signed out since the token was issued, or the user is gone: no user, as GET /user's 403.
      if (error instanceof AuthError) return null;
      throw error;
    }
  }
  const client = await getRequestAuthClient();
  const { data, error } = await client.auth.getUser();
  if (error) return null;
  return data.user;
}
