// The pure half of `npm run mutation` (see stryker.config.mjs): pure rules and zod schemas
// against the unit tests only, static mutants included.
import base, { pureModules } from "./stryker.config.mjs";

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
const config = {
  ...base,
  mutate: pureModules,
  // The unit project of vitest.config.ts.
  testFiles: [
    "tests/unit/**/*.test.ts",
    "tests/unit/**/*.test.tsx",
    "lib/**/*.test.ts",
    "lib/**/*.test.tsx",
    "components/**/*.test.ts",
    "components/**/*.test.tsx",
  ],
  ignoreStatic: false,
  incrementalFile: ".stryker-tmp/incremental-pure.json",
  jsonReporter: { fileName: ".stryker-tmp/mutation-report-pure.json" },
};

export default config;
