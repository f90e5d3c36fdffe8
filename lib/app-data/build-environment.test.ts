import { afterEach, describe, expect, it, vi } from "vitest";
import { env, resetEnvForTests } from "@/lib/env";
import { buildEnvironment, type PublicSettingsInput } from "./build-environment";
import { parseEnvironment } from "./environment-types";

const connected: PublicSettingsInput = {
  NODE_ENV: "production",
  SITE_URL: "https://market.example",
  DATABASE_URL: "postgres://admin:db-pass-7f3a@db.internal:5432/livemarket",
  SMTP_URL: "smtp://mailer:smtp-pass-91bc@smtp.internal:587",
  S3_BUCKET: "private-bucket-name",
  MAPS_PUBLIC_KEY: "maps-public-key",
  STRIPE_PUBLISHABLE_KEY: "pk_test_123",
  PAYMENTS_PROVIDER: "stripe",
  DEV_TOOLS: false,
};

const embedded: PublicSettingsInput = {
  NODE_ENV: "development",
  SITE_URL: "http://localhost:3000",
  DATABASE_URL: undefined,
  SMTP_URL: undefined,
  S3_BUCKET: undefined,
  MAPS_PUBLIC_KEY: undefined,
  STRIPE_PUBLISHABLE_KEY: " ",
  PAYMENTS_PROVIDER: "sandbox",
  DEV_TOOLS: false,
};

/** Every server-only setting, with a recognisable value, parsed by the real settings schema. */
const serverOnlySettings: Record<string, string> = {
  DATABASE_URL: "postgres://admin:db-pass-7f3a@db.internal:5432/livemarket",
  DATA_DIR: "/var/lib/private-data-dir",
  SMTP_URL: "smtp://mailer:smtp-pass-91bc@smtp.internal:587",
  MAIL_FROM: "Private Sender <sender@private.example>",
  S3_BUCKET: "private-bucket-name",
  S3_REGION: "private-region-1",
  S3_ENDPOINT: "https://s3.internal.example",
  S3_ACCESS_KEY_ID: "AKIASECRETACCESSID",
  S3_SECRET_ACCESS_KEY: "s3-secret-key-0d9e",
  STORAGE_SIGNING_SECRET: "storage-signing-secret-55aa",
  NEXT_DIST_DIR: ".next-private-dist",
  AUTH_SIGNING_KEY: '{"kty":"EC","crv":"P-256","d":"private-jwk-d-value"}',
  AUTH_GOOGLE_CLIENT_SECRET: "google-client-secret-3c1d",
  STRIPE_SECRET_KEY: "sk_test_secret_key_8e2f",
  STRIPE_WEBHOOK_SECRET: "whsec_webhook_secret_4b7c",
  STRIPE_API_URL: "https://stripe-api.internal.example",
};

afterEach(() => {
  vi.unstubAllEnvs();
  resetEnvForTests();
});

/** The built-in service: the site's own origin and its anon key. */
const ownAuth = { url: "https://market.example", anonKey: "anon-key-jwt" };

describe("buildEnvironment", () => {
  it("points the browser at a hosted Supabase project when one is configured", () => {
    const environment = buildEnvironment(connected, "build-1", {
      url: "https://abcd.supabase.co",
      anonKey: "hosted-anon-key",
    });
    expect(environment.auth).toMatchObject({
      url: "https://abcd.supabase.co/auth/v1",
      anonKey: "hosted-anon-key",
      cookieName: "sb-abcd-auth-token",
      sameOrigin: false,
    });
  });

  it("reports the built-in service on the request's origin with the site's cookie name", () => {
    // Opened as 127.0.0.1 while SITE_URL says localhost (issue 2, point 1).
    const environment = buildEnvironment(embedded, "build-1", {
      url: "http://127.0.0.1:3000",
      anonKey: "anon-key-jwt",
      cookieName: "sb-localhost-auth-token",
      sameOrigin: true,
    });
    expect(parseEnvironment(environment)).toEqual(environment);
    expect(environment.auth).toMatchObject({
      url: "http://127.0.0.1:3000/auth/v1",
      cookieName: "sb-localhost-auth-token",
      sameOrigin: true,
    });
    expect(
      parseEnvironment({ ...environment, auth: { ...environment.auth, sameOrigin: "yes" } }),
    ).toBeNull();
  });

  it("publishes the public keys and the adapters in use for a connected deployment", () => {
    const environment = buildEnvironment(connected, "build-1", ownAuth);
    expect(parseEnvironment(environment)).toEqual(environment);
    expect(environment).toMatchObject({
      appName: "Live Market",
      buildId: "build-1",
      mode: "connected",
      siteUrl: "https://market.example",
      auth: { url: "https://market.example/auth/v1", anonKey: "anon-key-jwt" },
      payments: { provider: "stripe", publishableKey: "pk_test_123" },
      maps: { publicKey: "maps-public-key" },
      features: { mail: "smtp", storage: "s3", maps: true, payments: "stripe", devTools: false },
    });
  });

  it("reports the embedded adapters and null keys when nothing is set", () => {
    const environment = buildEnvironment(embedded, "development");
    expect(parseEnvironment(environment)).toEqual(environment);
    expect(environment).toMatchObject({
      mode: "embedded",
      auth: null,
      payments: { provider: "sandbox", publishableKey: null },
      maps: { publicKey: null },
      features: { mail: "outbox", storage: "fs", maps: false, payments: "sandbox", devTools: true },
    });
  });

  it("never leaks a server-only setting, whatever the settings module holds", () => {
    const stubs: Record<string, string> = {
      NODE_ENV: "production",
      SITE_URL: "https://market.example",
      MAPS_PUBLIC_KEY: "maps-public-key",
      STRIPE_PUBLISHABLE_KEY: "pk_test_123",
      ...serverOnlySettings,
    };
    for (const [key, value] of Object.entries(stubs)) vi.stubEnv(key, value);
    resetEnvForTests();
    const settings = env();
    const published = JSON.stringify(buildEnvironment(settings, "build-1"));

    for (const [key, value] of Object.entries(serverOnlySettings)) {
      expect(published, `leaked ${key}`).not.toContain(value);
    }
    for (const fragment of ["db-pass-7f3a", "smtp-pass-91bc", "db.internal", "private-jwk"]) {
      expect(published).not.toContain(fragment);
    }
    // Any other string setting, present now or added later, stays out too.
    const publicSettings = new Set([
      "NODE_ENV",
      "SITE_URL",
      "MAPS_PUBLIC_KEY",
      "STRIPE_PUBLISHABLE_KEY",
      // Which payment provider runs: the browser loads its card form accordingly.
      "PAYMENTS_PROVIDER",
      // The passkey relying party's display name: the browser shows it anyway ("Live Market").
      "AUTH_WEBAUTHN_RP_NAME",
    ]);
    const others = Object.entries(settings).filter(
      ([key, value]) => !publicSettings.has(key) && typeof value === "string" && value.length > 5,
    );
    expect(others.length).toBeGreaterThanOrEqual(Object.keys(serverOnlySettings).length);
    for (const [key, value] of others) {
      expect(published, `leaked ${key}`).not.toContain(String(value));
    }
  });

  it("hands the browser the first Google client id (null without one)", () => {
    const google = buildEnvironment(
      { ...connected, AUTH_GOOGLE_CLIENT_ID: " web.apps.example.com , ios.apps.example.com" },
      "build-1",
      ownAuth,
    );
    expect(google.auth?.googleClientId).toBe("web.apps.example.com");
    expect(parseEnvironment(google)).toEqual(google);
    expect(buildEnvironment(connected, "build-1", ownAuth).auth?.googleClientId).toBeNull();
    expect(parseEnvironment({ ...google, auth: { ...google.auth, googleClientId: 7 } })).toBeNull();
  });

  it("only carries the documented keys", () => {
    const environment = buildEnvironment(connected, "build-1");
    expect(Object.keys(environment).sort()).toEqual(
      [
        "appName",
        "auth",
        "buildId",
        "defaultLocale",
        "features",
        "locales",
        "maps",
        "mode",
        "payments",
        "siteUrl",
      ].sort(),
    );
  });
});
