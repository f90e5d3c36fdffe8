import { defineConfig, devices } from "@playwright/test";

/**
 * E2E against the production build (`next build` runs before this in `npm test`).
 * Three servers: connected mode on the test PostgreSQL, embedded mode (PGlite, no
 * DATABASE_URL) for the smoke run, and a second connected instance on the same database
 * (e2e/auth-two-instances.spec.ts). Debian's Chromium; browsers are never downloaded.
 */
const port = Number(process.env.E2E_PORT ?? 3100);
const embeddedPort = port + 1;
/** The second connected instance (same database, started after the first has reset it). */
const secondPort = port + 2;
const databaseUrl =
  process.env.E2E_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/livemarket_e2e";
const distDir = process.env.NEXT_DIST_DIR ?? ".next";
const chromium = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
/** A test double of Google's OAuth endpoints (e2e/auth-google-provider.ts). */
const googlePort = port + 3;
const google = {
  AUTH_GOOGLE_CLIENT_ID: "live-market-e2e.apps.example.com",
  AUTH_GOOGLE_CLIENT_SECRET: "e2e-google-client-secret",
  AUTH_GOOGLE_ISSUER: `http://127.0.0.1:${googlePort}`,
  AUTH_GOOGLE_JWKS_URL: `http://127.0.0.1:${googlePort}/certs`,
  AUTH_GOOGLE_AUTHORIZATION_URL: `http://127.0.0.1:${googlePort}/authorize`,
  AUTH_GOOGLE_TOKEN_URL: `http://127.0.0.1:${googlePort}/token`,
};

const serverEnv = {
  NODE_ENV: "production",
  NEXT_DIST_DIR: distDir,
  NEXT_TELEMETRY_DISABLED: "1",
  DEV_TOOLS: "true",
  // Sign-ups are confirmed by email as in any deployment (no AUTH_AUTOCONFIRM). The browser's
  // requests all come from 127.0.0.1, so the suite's sign-ups and confirmations would use up
  // one client's hourly emails and its /verify limit: a test environment raises them.
  AUTH_RATE_LIMIT_EMAIL_SENT: "2000",
  AUTH_RATE_LIMIT_SENT_PER_CLIENT: "1000",
  AUTH_RATE_LIMIT_VERIFY: "1000",
  // WebAuthn needs a host name: e2e/auth-webauthn.spec.ts opens the connected server as
  // localhost (SITE_URL says 127.0.0.1, which browsers refuse as relying party).
  AUTH_WEBAUTHN_ORIGINS: `http://localhost:${port}`,
};

export default defineConfig({
  testDir: "e2e",
  fullyParallel: false,
  workers: process.env.CI ? 1 : 2,
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? [["list"]] : [["list"]],
  timeout: 30_000,
  expect: { timeout: 7_000 },
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: "retain-on-failure",
    launchOptions: {
      executablePath: chromium,
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
  },
  projects: [
    {
      name: "connected",
      testIgnore: /embedded\.spec\.ts/,
      use: { ...devices["Desktop Chrome"], channel: undefined },
    },
    {
      name: "embedded",
      testMatch: /embedded\.spec\.ts/,
      use: {
        ...devices["Desktop Chrome"],
        channel: undefined,
        baseURL: `http://127.0.0.1:${embeddedPort}`,
      },
    },
  ],
  webServer: [
    {
      command: `node --import tsx e2e/auth-google-provider.ts ${googlePort} ${google.AUTH_GOOGLE_CLIENT_ID} ${google.AUTH_GOOGLE_CLIENT_SECRET}`,
      url: `http://127.0.0.1:${googlePort}/certs`,
      reuseExistingServer: false,
      timeout: 30_000,
    },
    {
      command: `node --conditions=react-server --import tsx scripts/db-reset.ts && npx next start -p ${port}`,
      url: `http://127.0.0.1:${port}/api/health`,
      reuseExistingServer: false,
      timeout: 120_000,
      env: {
        ...serverEnv,
        ...google,
        DATABASE_URL: databaseUrl,
        SITE_URL: `http://127.0.0.1:${port}`,
        // The tests stand in for a trusted proxy: their X-Forwarded-For names the client, so
        // specs get rate-limit buckets of their own. The embedded server trusts none.
        TRUSTED_PROXY_HOPS: "1",
      },
    },
    {
      command: `rm -rf .data-e2e-${embeddedPort} && npx next start -p ${embeddedPort}`,
      url: `http://127.0.0.1:${embeddedPort}/api/health`,
      reuseExistingServer: false,
      timeout: 120_000,
      env: {
        ...serverEnv,
        DATABASE_URL: "",
        // Google with a client id only (no secret): the button asks Google Identity Services.
        AUTH_GOOGLE_CLIENT_ID: google.AUTH_GOOGLE_CLIENT_ID,
        DATA_DIR: `.data-e2e-${embeddedPort}`,
        // The browser opens this server as 127.0.0.1 while SITE_URL says localhost: sign-in
        // must work on whatever origin the site is opened (e2e/auth-origin-embedded.spec.ts).
        SITE_URL: `http://localhost:${embeddedPort}`,
      },
    },
    {
      // Web servers start one after another, so the database is reset and seeded by now. Two
      // instances of one site share their settings and SITE_URL (the token issuer and the
      // cookie name derive from it), as behind a load balancer.
      command: `npx next start -p ${secondPort}`,
      url: `http://127.0.0.1:${secondPort}/api/health`,
      reuseExistingServer: false,
      timeout: 120_000,
      env: {
        ...serverEnv,
        ...google,
        DATABASE_URL: databaseUrl,
        SITE_URL: `http://127.0.0.1:${port}`,
        // The tests stand in for a trusted proxy: their X-Forwarded-For names the client, so
        // specs get rate-limit buckets of their own. The embedded server trusts none.
        TRUSTED_PROXY_HOPS: "1",
      },
    },
  ],
});
