// Mutation testing of the security-critical modules (`npm run mutation`; not part of
// `npm test`). Score and surviving mutants are recorded in docs/testing.md.
//
// Two runs, because of static mutants (a mutant in a module-level value: a zod schema, a
// regular expression, a constant), which Stryker tests against every test file it may run:
// - this file: the modules that work on the database (doors, role grants, seats, rate
//   limits, the auth service's tokens and sessions), against all unit and integration
//   tests (~2.5 min per full run). Their few static mutants are ignored (`ignoreStatic`;
//   each would cost a full run), listed in docs/testing.md.
// - stryker.pure.config.mjs (`pureModules` below): the pure rules and the zod schemas,
//   against the unit tests only (seconds per full run), static mutants included.
//
// Each Stryker worker runs vitest in its own process; the integration global setup gives
// each worker its own database (STRYKER_MUTATOR_WORKER), so workers never share one.

/** Pure modules: their unit tests must kill their mutants on their own. */
export const pureModules = [
  // The guard and the redirect rules.
  "lib/auth/guard/guard-decision.ts",
  "lib/auth/guard/redirect-target.ts",
  // The people rules (invitations, seats, membership changes) and the files' rules.
  "lib/people/rules.ts",
  "lib/files/file-rules.ts",
  // The client address that rate limits count (trusted proxy hops, the peer's entry).
  "lib/security/client-address.ts",
  "lib/security/peer-address.ts",
  // Password hashing of the auth service.
  "lib/auth/service/passwords.ts",
  // Commerce and money: prices, offers, discounts and tax of an order, the invoices' amounts
  // and numbers, the platform fee, refunds and receipts, cart stock, order steps and
  // cancellation, the payment webhook's signature, the billing month.
  "lib/commerce/money.ts",
  "lib/commerce/offer-price.ts",
  "lib/selling-terms/pricing.ts",
  "lib/invoices/totals.ts",
  "lib/invoices/numbering.ts",
  "lib/income/fees.ts",
  "lib/billing/receipt-rules.ts",
  "lib/billing/period.ts",
  "lib/cart/line-state.ts",
  "lib/orders/order-rules.ts",
  "lib/payments/signature.ts",
  // The zod schemas of forms and commands, and the shared text rule (not the message
  // plumbing of lib/validation: error map, resolver, message keys).
  "lib/validation/text.ts",
  "lib/**/*-schema.ts",
  "lib/auth/service/validation.ts",
  "!lib/**/*.test.ts",
];

/** Modules that work on the database: all tests run. */
export const databaseModules = [
  // The doors: pages, commands, route handlers.
  "lib/backoffice/doors.ts",
  // The guard's session and profile checks.
  "lib/auth/guard/profile-hint.ts",
  "lib/auth/guard/session-token.ts",
  "lib/auth/server/claims.ts",
  // Role grants, seats; of the invitation commands only the lock-and-check of a resend or
  // withdrawal (line ranges: keep them on lockInvitation and resendInvitation's checks).
  "lib/people/role-grant.ts",
  "lib/people/seats.ts",
  "lib/people/invitation-commands.ts:91-104",
  "lib/people/invitation-commands.ts:236-245",
  // Rate limits.
  "lib/rate-limit/*.ts",
  "!lib/rate-limit/schema.ts",
  // The auth service's token and session code.
  "lib/auth/service/tokens.ts",
  "lib/auth/service/sessions.ts",
  "lib/auth/service/refresh-tokens.ts",
  "lib/auth/service/bearer.ts",
];

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
const config = {
  testRunner: "vitest",
  vitest: { configFile: "vitest.config.ts", related: false },
  checkers: [],
  coverageAnalysis: "perTest",
  concurrency: 2,
  timeoutMS: 60_000,
  timeoutFactor: 2,
  ignoreStatic: true,
  incremental: true,
  incrementalFile: ".stryker-tmp/incremental.json",
  reporters: ["clear-text", "progress", "json"],
  jsonReporter: { fileName: ".stryker-tmp/mutation-report.json" },
  thresholds: { high: 90, low: 85, break: null },
  mutate: databaseModules,
  ignorePatterns: [".next*", ".data*", "test-results", "playwright-report", ".stryker-tmp"],
  tempDirName: ".stryker-tmp",
};

export default config;
