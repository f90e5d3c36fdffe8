import "server-only";
import type { JwtPayload, SupabaseClient, User } from "@supabase/supabase-js";
import { cookies, headers } from "next/headers";
import type { UserClaims } from "@/lib/db/context";
import { createAuthServerClient } from "./server-client";

/**
 * The auth client of the current request (server components, actions, route handlers),
 * over next/headers cookies. Writing cookies is refused while rendering a server
 * component; the proxy has refreshed the session before, so that is harmless there.
 */
export async function getRequestAuthClient(): Promise<SupabaseClient> {
  const store = await cookies();
  const forwardedFor = (await headers()).get("x-forwarded-for");
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
  );
}

/** The verified claims of the caller (getClaims checks the signature), or null. */
export async function getCurrentClaims(): Promise<(JwtPayload & UserClaims) | null> {
  const client = await getRequestAuthClient();
  const { data, error } = await client.auth.getClaims();
  if (error || !data?.claims?.sub) return null;
  return data.claims as JwtPayload & UserClaims;
}

/** The caller's auth user, read from the service (the session must still exist), or null. */
export async function getCurrentUser(): Promise<User | null> {
  const client = await getRequestAuthClient();
  const { data, error } = await client.auth.getUser();
  if (error) return null;
  return data.user;
}
