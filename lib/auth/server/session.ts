import "server-only";
import type { JwtPayload, SupabaseClient, User } from "@supabase/supabase-js";
import { cookies, headers } from "next/headers";
import type { UserClaims } from "@/lib/db/context";
import { pageOriginOf } from "./page-origin";
import { safeGetClaims } from "./claims";
import { createAuthServerClient } from "./server-client";

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
  const client = await getRequestAuthClient();
  const { claims } = await safeGetClaims(client);
  if (!claims?.sub) return null;
  return claims as JwtPayload & UserClaims;
}

/** The caller's auth user, read from the service (the session must still exist), or null. */
export async function getCurrentUser(): Promise<User | null> {
  const client = await getRequestAuthClient();
  const { data, error } = await client.auth.getUser();
  if (error) return null;
  return data.user;
}
