import "server-only";
import { headers } from "next/headers";
import { sessionCookieName, type AuthClientConfig } from "@/lib/auth/client/auth-options";
import { isRedirectAllowed } from "@/lib/auth/service/redirects";
import { env, hostedAuth } from "@/lib/env";
import { pageOriginOf } from "./page-origin";
import { getAuthClientSettings } from "./server-client";

/** The browser client's settings for a request with these headers (auth-options.ts). */
export async function browserAuthConfigFor(requestHeaders: Headers): Promise<AuthClientConfig> {
  const { url, anonKey } = await getAuthClientSettings();
  const siteOrigin = new URL(env().SITE_URL).origin;
  const page = pageOriginOf(requestHeaders);
  const origin = page ? `${page.protocol}//${page.host}` : null;
  return {
    url: hostedAuth() ? url : null,
    anonKey,
    cookieName: sessionCookieName(url),
    siteOrigin,
    redirectOrigin: origin && isRedirectAllowed(`${origin}/callback`) ? origin : null,
  };
}

/** The same for the current request (server components, route handlers). */
export async function getBrowserAuthConfig(): Promise<AuthClientConfig> {
  return browserAuthConfigFor(await headers());
}
