import { cookies, headers } from "next/headers";
import { getRequestConfig } from "next-intl/server";
import { localeCookie } from "./config";
import { loadMessages } from "./messages";
import { negotiateLocale } from "./negotiate";

export default getRequestConfig(async () => {
  const [cookieStore, headerStore] = await Promise.all([cookies(), headers()]);
  const locale = negotiateLocale(
    cookieStore.get(localeCookie)?.value,
    headerStore.get("accept-language"),
  );
  return {
    locale,
    messages: await loadMessages(locale),
    timeZone: "UTC",
  };
});
