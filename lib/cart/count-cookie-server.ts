import "server-only";
import { cookies, headers } from "next/headers";
import { secureCookies } from "@/lib/auth/client/auth-options";
import { pageOriginOf } from "@/lib/auth/server/page-origin";
import { env } from "@/lib/env";
import { CART_COUNT_COOKIE, CART_COUNT_MAX_AGE } from "./cart-cookie";

/** Writes the top bar's cart count (cart-cookie.ts) from a server action or route. */
export async function rememberCartCount(itemCount: number): Promise<void> {
  const store = await cookies();
  store.set(CART_COUNT_COOKIE, String(itemCount), {
    path: "/",
    sameSite: "lax",
    maxAge: CART_COUNT_MAX_AGE,
    secure: secureCookies(env().SITE_URL, pageOriginOf(await headers())),
  });
}
