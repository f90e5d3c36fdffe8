import { authServiceUrl, sessionCookieName } from "@/lib/auth/client/auth-options";
import type { Env } from "@/lib/env";
import { defaultLocale, locales } from "@/lib/i18n/config";
import type { Environment } from "./environment-types";

export const APP_NAME = "Live Market";

/** The settings the public environment may look at. Secrets are not even passed in. */
export type PublicSettingsInput = Pick<
  Env,
  | "NODE_ENV"
  | "SITE_URL"
  | "DATABASE_URL"
  | "SMTP_URL"
  | "S3_BUCKET"
  | "MAPS_PUBLIC_KEY"
  | "STRIPE_PUBLISHABLE_KEY"
  | "PAYMENTS_PROVIDER"
  | "DEV_TOOLS"
  | "AUTH_GOOGLE_CLIENT_ID"
>;

/**
 * Builds the public environment from the validated settings. Connection strings and secret
 * keys only decide which adapter is on; their values never appear in the result. `auth` is
 * the auth project (its origin: for the built-in service the origin the request came in by,
 * with `sameOrigin`; or a hosted project's), its public API key and the session cookie's
 * name (from SITE_URL or the hosted project, whatever origin the page is on); null when the
 * key cannot be read (auth is then null).
 */
export function buildEnvironment(
  settings: PublicSettingsInput,
  buildId: string,
  auth: {
    url: string;
    anonKey: string | null;
    cookieName?: string;
    sameOrigin?: boolean;
  } | null = null,
): Environment {
  const mapsKey = settings.MAPS_PUBLIC_KEY?.trim() || null;
  const stripeKey = settings.STRIPE_PUBLISHABLE_KEY?.trim() || null;
  // The provider the server uses (PAYMENTS_PROVIDER; stripe requires the key, lib/env.ts).
  const payments = settings.PAYMENTS_PROVIDER === "stripe" && stripeKey ? "stripe" : "sandbox";
  return {
    appName: APP_NAME,
    buildId,
    mode: settings.DATABASE_URL ? "connected" : "embedded",
    siteUrl: settings.SITE_URL,
    locales: [...locales],
    defaultLocale,
    auth: auth?.anonKey
      ? {
          url: authServiceUrl(auth.url),
          anonKey: auth.anonKey,
          cookieName: auth.cookieName ?? sessionCookieName(auth.url),
          sameOrigin: auth.sameOrigin ?? false,
          // The first of AUTH_GOOGLE_CLIENT_ID's ids is the one the browser prompts with.
          googleClientId: settings.AUTH_GOOGLE_CLIENT_ID?.split(",")[0]?.trim() || null,
        }
      : null,
    payments: { provider: payments, publishableKey: payments === "stripe" ? stripeKey : null },
    maps: { publicKey: mapsKey },
    features: {
      mail: settings.SMTP_URL ? "smtp" : "outbox",
      storage: settings.S3_BUCKET ? "s3" : "fs",
      maps: mapsKey !== null,
      payments,
      devTools: settings.NODE_ENV !== "production" || settings.DEV_TOOLS,
    },
  };
}
