import { defineConfig, devices } from "@playwright/test";

/**
 * E2E against the production build (`next build` runs before this in `npm test`).
 * Two servers: connected mode on the test PostgreSQL, and embedded mode (PGlite, no
 * DATABASE_URL) for the smoke run. Debian's Chromium; browsers are never downloaded.
 */
const port = Number(process.env.E2E_PORT ?? 3100);
const embeddedPort = port + 1;
const databaseUrl =
  process.env.E2E_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/livemarket_e2e";
const distDir = process.env.NEXT_DIST_DIR ?? ".next";
const chromium = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

const serverEnv = {
  NODE_ENV: "production",
  NEXT_DIST_DIR: distDir,
  NEXT_TELEMETRY_DISABLED: "1",
  DEV_TOOLS: "true",
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
      command: `node --import tsx scripts/db-reset.ts && npx next start -H 127.0.0.1 -p ${port}`,
      url: `http://127.0.0.1:${port}/api/health`,
      reuseExistingServer: false,
      timeout: 120_000,
      env: { ...serverEnv, DATABASE_URL: databaseUrl, SITE_URL: `http://127.0.0.1:${port}` },
    },
    {
      command: `rm -rf .data-e2e-${embeddedPort} && npx next start -H 127.0.0.1 -p ${embeddedPort}`,
      url: `http://127.0.0.1:${embeddedPort}/api/health`,
      reuseExistingServer: false,
      timeout: 120_000,
      env: {
        ...serverEnv,
        DATABASE_URL: "",
        DATA_DIR: `.data-e2e-${embeddedPort}`,
        SITE_URL: `http://127.0.0.1:${embeddedPort}`,
      },
    },
  ],
});
