"use server";

import { cookies } from "next/headers";
import { getRequestAuthClient } from "@/lib/auth/server/session";
import { CART_COUNT_COOKIE } from "@/lib/cart/cart-cookie";
import { isSessionCookieName } from "./session-cookie";

/**
 * Signs the caller out from the top bar's account menu (a POST, as every server action):
 * the session ends at the auth service (scope local: other devices keep theirs) and the
 * session cookies are cleared, even when the service could not be reached or the session
 * was already gone (auth-js keeps the cookies then). Answers whether the cookies are gone.
 */
export async function signOutAction(): Promise<boolean> {
  const client = await getRequestAuthClient();
  const { error } = await client.auth.signOut({ scope: "local" }).catch((failure: unknown) => ({
    error: failure,
  }));
  if (error) console.warn("sign-out: the auth service did not end the session", error);
  const store = await cookies();
  for (const { name } of store.getAll()) {
    if (isSessionCookieName(name)) store.delete({ name, path: "/" });
  }
  store.delete({ name: CART_COUNT_COOKIE, path: "/" });
  return true;
}
