import { cookies, headers } from "next/headers";
import { getRequestConfig } from "next-intl/server";
import { isLocale, localeCookie } from "./config";
import { loadMessages } from "./messages";
import { negotiateLocale } from "./negotiate";

/**
 * The locale of a render: the `[locale]` segment the proxy rewrote to (set by the root layout
 * and the static pages with `setRequestLocale`, or read by next-intl from the request), else —
 * outside the `[locale]` tree: global-not-found, route handlers — the same negotiation the
 * proxy does (cookie, then Accept-Language).
 */
export default getRequestConfig(async ({ requestLocale }) => {
  const requested = await requestLocale;
  const locale = isLocale(requested) ? requested : await negotiatedLocale();
  return {
    locale,
    messages: await loadMessages(locale),
    timeZone: "UTC",
  };
});

async function negotiatedLocale() {
  const [cookieStore, headerStore] = await Promise.all([cookies(), headers()]);
  return negotiateLocale(cookieStore.get(localeCookie)?.value, headerStore.get("accept-language"));
}
