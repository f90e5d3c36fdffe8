// The pure half of `npm run mutation` (see stryker.config.mjs): pure rules and zod schemas
// against the unit tests only, static mutants included.
import base, { pureModules } from "./stryker.config.mjs";

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
const config = {
  ...base,
  mutate: pureModules,
  // vitest.config.ts's unit project only (see that file for why not `testFiles`).
  vitest: { ...base.vitest, configFile: "tests/setup/vitest-unit.config.ts" },
  ignoreStatic: false,
  incrementalFile: ".stryker-tmp/incremental-pure.json",
  jsonReporter: { fileName: ".stryker-tmp/mutation-report-pure.json" },
};

export default config;
