/**
 * Public configuration the browser loads at startup from GET /api/environment. Everything in
 * it is safe to publish: the builder only ever copies public keys and derived flags.
 *
 * Checked by hand rather than with zod: this module runs in every page's first-load
 * JavaScript, and zod would add ~35 kB gzipped to it (docs/bench.md).
 */
export type PaymentsProvider = "sandbox" | "stripe";

export type Environment = {
  appName: string;
  buildId: string;
  mode: "embedded" | "connected";
  siteUrl: string;
  locales: string[];
  defaultLocale: string;
  /**
   * The sign-in service and its anon key (public by design). The built-in one is the app's
   * own /auth/v1: `sameOrigin` true, and the browser calls it on the page's origin (`url`
   * names the origin this answer was asked on); a hosted project's `url` is its own.
   * `cookieName`: the session cookie, the same on every origin of the site.
   * `googleClientId`: Google sign-in's public client id (null: no Google prompt or button).
   */
  auth: {
    url: string;
    anonKey: string;
    cookieName?: string;
    sameOrigin?: boolean;
    googleClientId?: string | null;
  } | null;
  payments: { provider: PaymentsProvider; publishableKey: string | null };
  maps: { publicKey: string | null };
  features: {
    mail: "outbox" | "smtp";
    storage: "fs" | "s3";
    maps: boolean;
    payments: PaymentsProvider;
    devTools: boolean;
  };
};

type Dict = Record<string, unknown>;

const isDict = (v: unknown): v is Dict => typeof v === "object" && v !== null && !Array.isArray(v);
const isString = (v: unknown): v is string => typeof v === "string";
const isNullableString = (v: unknown) => v === null || isString(v);
const oneOf =
  <T extends string>(...values: T[]) =>
  (v: unknown): v is T =>
    values.includes(v as T);
const isProvider = oneOf<PaymentsProvider>("sandbox", "stripe");

/** The environment if `body` is one, else null. */
export function parseEnvironment(body: unknown): Environment | null {
  if (!isDict(body)) return null;
  const { payments, maps, features } = body;
  const valid =
    isString(body.appName) &&
    isString(body.buildId) &&
    body.buildId.length > 0 &&
    oneOf("embedded", "connected")(body.mode) &&
    isString(body.siteUrl) &&
    Array.isArray(body.locales) &&
    body.locales.every(isString) &&
    isString(body.defaultLocale) &&
    (body.auth === null ||
      (isDict(body.auth) &&
        isString(body.auth.url) &&
        isString(body.auth.anonKey) &&
        (body.auth.cookieName === undefined || isString(body.auth.cookieName)) &&
        (body.auth.sameOrigin === undefined || typeof body.auth.sameOrigin === "boolean") &&
        (body.auth.googleClientId === undefined || isNullableString(body.auth.googleClientId)))) &&
    isDict(payments) &&
    isProvider(payments.provider) &&
    isNullableString(payments.publishableKey) &&
    isDict(maps) &&
    isNullableString(maps.publicKey) &&
    isDict(features) &&
    oneOf("outbox", "smtp")(features.mail) &&
    oneOf("fs", "s3")(features.storage) &&
    typeof features.maps === "boolean" &&
    isProvider(features.payments) &&
    typeof features.devTools === "boolean";
  return valid ? (body as Environment) : null;
}

/** The key-values map if `body` is a plain object, else null. */
export function parseKeyValues(body: unknown): Record<string, unknown> | null {
  return isDict(body) ? body : null;
}
