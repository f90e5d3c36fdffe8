// Mutation testing of the security-critical modules (`npm run mutation`; not part of
// `npm test`). Score and surviving mutants are recorded in docs/testing.md.
// Each Stryker worker runs vitest in its own process; the integration global setup gives
// each worker its own database (STRYKER_MUTATOR_WORKER), so workers never share one.
/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
const config = {
  testRunner: "vitest",
  vitest: { configFile: "vitest.config.ts", related: false },
  checkers: [],
  coverageAnalysis: "perTest",
  concurrency: 2,
  timeoutMS: 60_000,
  timeoutFactor: 2,
  incremental: true,
  incrementalFile: ".stryker-tmp/incremental.json",
  reporters: ["clear-text", "progress", "json"],
  jsonReporter: { fileName: ".stryker-tmp/mutation-report.json" },
  thresholds: { high: 90, low: 85, break: null },
  mutate: [
    // The doors: pages, commands, route handlers.
    "lib/backoffice/doors.ts",
    // The guard and the redirect rules.
    "lib/auth/guard/guard-decision.ts",
    "lib/auth/guard/redirect-target.ts",
    "lib/auth/guard/profile-hint.ts",
    // Role grants, seats, quotas.
    "lib/people/role-grant.ts",
    "lib/people/seats.ts",
    "lib/files/file-rules.ts",
    // Rate limits and the client address they count.
    "lib/rate-limit/*.ts",
    "!lib/rate-limit/schema.ts",
    "lib/contact/client-address.ts",
    // The auth service's token and session code.
    "lib/auth/service/tokens.ts",
    "lib/auth/service/sessions.ts",
    "lib/auth/service/refresh-tokens.ts",
    "lib/auth/service/bearer.ts",
    "lib/auth/service/passwords.ts",
    // The zod schemas of forms and commands, and the shared text rule.
    "lib/validation/*.ts",
    "lib/**/*-schema.ts",
    "!lib/**/*.test.ts",
  ],
  ignorePatterns: [".next*", ".data*", "test-results", "playwright-report", ".stryker-tmp"],
  tempDirName: ".stryker-tmp",
};

export default config;
