"use server";

import { refresh } from "next/cache";
import { cookies } from "next/headers";
import { isLocale, localeCookie } from "./config";

/** One year: the choice outlives the session. */
const maxAgeSeconds = 60 * 60 * 24 * 365;

/** The locale switcher's action: remembers the choice in NEXT_LOCALE and re-renders the page. */
export async function setLocale(locale: string): Promise<{ ok: boolean }> {
  if (!isLocale(locale)) return { ok: false };
  const store = await cookies();
  store.set(localeCookie, locale, { path: "/", maxAge: maxAgeSeconds, sameSite: "lax" });
  refresh();
  return { ok: true };
}
