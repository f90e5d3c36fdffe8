import "server-only";
import { drawerInitScript } from "@/components/layout/drawer-store";
import { sessionInitScript } from "@/components/layout/session-cookie";
import { themeInitScript } from "@/components/layout/theme-store";
import { env } from "@/lib/env";
import { scriptHashSource } from "./inline-scripts";

/**
 * The Content-Security-Policy of every page (docs/architecture.md, "Content-Security-Policy").
 *
 * Scripts: this site's files, Next's and React's inline scripts by the request's nonce (the
 * proxy puts the policy on the request too; Next reads the nonce from it and sets it on its
 * own script tags), and our own inline scripts by hash. No 'unsafe-inline', no
 * 'strict-dynamic': a script can only come from an origin listed here. Third parties appear
 * only when their setting is on: Google Identity Services with AUTH_GOOGLE_CLIENT_ID, Stripe
 * with PAYMENTS_PROVIDER=stripe, the Google Maps JavaScript API with MAPS_PUBLIC_KEY, a hosted
 * Supabase project (connect only) with SUPABASE_URL.
 *
 * Styles keep 'unsafe-inline': React and Radix render `style` attributes, the theme switch
 * and Radix's scroll lock add <style> elements at run time, and none of that can run script.
 */

/**
 * The inline scripts our components render (dangerouslySetInnerHTML), allowed by hash. A new
 * inline script must be listed here: the e2e suite fails on any CSP violation.
 */
export const inlineScripts: readonly string[] = [
  themeInitScript,
  drawerInitScript,
  sessionInitScript,
];

export type PolicySources = {
  /** `next dev`: React's dev tools need eval. */
  development: boolean;
  /** Google Identity Services (one-tap and the button) are offered. */
  google: boolean;
  /** Stripe.js is allowed (Stripe is the payment provider: PAYMENTS_PROVIDER=stripe). */
  stripe: boolean;
  /** The Google Maps JavaScript API is allowed (MAPS_PUBLIC_KEY is set). */
  maps: boolean;
  /** The origin of a hosted Supabase project the browser talks to, else null. */
  supabaseOrigin: string | null;
};

/** Google's documented sources for Identity Services (developers.google.com/identity/gsi/web). */
const GOOGLE = {
  script: ["https://accounts.google.com/gsi/client"],
  frame: ["https://accounts.google.com/gsi/"],
  connect: ["https://accounts.google.com/gsi/"],
  style: ["https://accounts.google.com/gsi/style"],
};
/** Stripe's documented sources for Stripe.js and Elements (docs.stripe.com/security/guide). */
const STRIPE = {
  script: ["https://js.stripe.com", "https://*.js.stripe.com"],
  frame: ["https://js.stripe.com", "https://*.js.stripe.com", "https://hooks.stripe.com"],
  connect: ["https://api.stripe.com"],
};

/**
 * The Maps JavaScript API's sources (developers.google.com/maps/documentation/javascript/
 * content-security-policy), narrowed for scripts: the API and its code come from
 * maps.googleapis.com and maps.gstatic.com, and `https://*.googleapis.com` would also allow
 * storage.googleapis.com, where anyone can host a script. No 'unsafe-eval' (the sample
 * policy has it): a map that needs it fails to load and the page shows the address and its
 * link instead (components/storefront/listing-location.tsx).
 */
const MAPS = {
  script: ["https://maps.googleapis.com", "https://maps.gstatic.com"],
  img: [
    "https://*.googleapis.com",
    "https://*.gstatic.com",
    "https://*.google.com",
    "https://*.googleusercontent.com",
  ],
  connect: ["https://*.googleapis.com", "https://*.google.com", "https://*.gstatic.com"],
  style: ["https://fonts.googleapis.com"],
  font: ["https://fonts.gstatic.com"],
  frame: ["https://*.google.com"],
  worker: ["blob:"],
};

let hashes: string[] | undefined;

/** 'sha256-…' sources of the inline scripts, computed once. */
export function inlineScriptHashes(): string[] {
  hashes ??= inlineScripts.map(scriptHashSource);
  return hashes;
}

/** A fresh nonce (128 random bits, base64), one per request. */
export function createNonce(): string {
  return Buffer.from(crypto.getRandomValues(new Uint8Array(16))).toString("base64");
}

/**
 * The policy for one response: a page rendered for this request gets its `nonce`; a
 * prerendered page (`nonce` null) gets the hashes of its own inline scripts
 * (`pageScriptHashes`, lib/security/static-page-hashes.ts) besides ours.
 */
export function buildContentSecurityPolicy(
  nonce: string | null,
  sources: PolicySources,
  pageScriptHashes: readonly string[] = [],
): string {
  const google = sources.google ? GOOGLE : null;
  const stripe = sources.stripe ? STRIPE : null;
  const maps = sources.maps ? MAPS : null;
  const directives: Record<string, string[]> = {
    "default-src": ["'self'"],
    "script-src": [
      "'self'",
      ...(nonce ? [`'nonce-${nonce}'`] : []),
      ...new Set([...inlineScriptHashes(), ...pageScriptHashes]),
      ...(sources.development ? ["'unsafe-eval'"] : []),
      ...(google?.script ?? []),
      ...(stripe?.script ?? []),
      ...(maps?.script ?? []),
    ],
    "style-src": ["'self'", "'unsafe-inline'", ...(google?.style ?? []), ...(maps?.style ?? [])],
    "img-src": ["'self'", "data:", "blob:", ...(maps?.img ?? [])],
    "font-src": ["'self'", ...(maps?.font ?? [])],
    "connect-src": [
      "'self'",
      ...(sources.supabaseOrigin ? [sources.supabaseOrigin] : []),
      ...(google?.connect ?? []),
      ...(stripe?.connect ?? []),
      ...(maps?.connect ?? []),
    ],
    "frame-src": [
      "'self'",
      ...(google?.frame ?? []),
      ...(stripe?.frame ?? []),
      ...(maps?.frame ?? []),
    ],
    "worker-src": ["'self'", ...(maps?.worker ?? [])],
    "manifest-src": ["'self'"],
    "object-src": ["'none'"],
    "base-uri": ["'self'"],
    "form-action": ["'self'"],
    "frame-ancestors": ["'none'"],
  };
  return Object.entries(directives)
    .map(([name, values]) => `${name} ${values.join(" ")}`)
    .join("; ");
}

/** The sources the settings turn on. */
export function policySources(): PolicySources {
  const settings = env();
  return {
    development: settings.NODE_ENV === "development",
    google: Boolean(settings.AUTH_GOOGLE_CLIENT_ID?.trim()),
    // The sandbox loads no script (lib/payments/load-card-provider.ts): Stripe's origins are
    // allowed only when Stripe is the provider, whose settings require the publishable key.
    stripe: settings.PAYMENTS_PROVIDER === "stripe",
    maps: Boolean(settings.MAPS_PUBLIC_KEY?.trim()),
    supabaseOrigin: settings.SUPABASE_URL ? new URL(settings.SUPABASE_URL).origin : null,
  };
}

/** The policy of this server for a response with the given nonce (or a prerendered page's hashes). */
export function contentSecurityPolicy(
  nonce: string | null,
  pageScriptHashes: readonly string[] = [],
): string {
  return buildContentSecurityPolicy(nonce, policySources(), pageScriptHashes);
}
