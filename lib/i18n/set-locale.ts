"use server";

import { cookies } from "next/headers";
import { isLocale, localeCookie } from "./config";

/** One year: the choice outlives the session. */
const maxAgeSeconds = 60 * 60 * 24 * 365;

/**
 * The locale switcher's action: remembers the choice in NEXT_LOCALE. The switcher then loads
 * the page again, which the proxy rewrites to the chosen locale's page.
 */
export async function setLocale(locale: string): Promise<{ ok: boolean }> {
  if (!isLocale(locale)) return { ok: false };
  const store = await cookies();
  store.set(localeCookie, locale, { path: "/", maxAge: maxAgeSeconds, sameSite: "lax" });
  return { ok: true };
}
