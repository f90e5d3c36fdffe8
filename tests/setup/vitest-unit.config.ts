import { defineConfig, type TestProjectInlineConfiguration } from "vitest/config";
import base from "../../vitest.config";

/**
 * vitest.config.ts with its unit project only, for the pure half of `npm run mutation`
 * (stryker.pure.config.mjs): a static mutant (in a module-level value) runs every test
 * file vitest knows, which must not include the integration suite. (Stryker's `testFiles`
 * option cannot do this: it limits the dry run only, and static mutants then run no test
 * at all and "survive".)
 */
const unit = (base.test?.projects ?? []).find(
  (project): project is TestProjectInlineConfiguration =>
    typeof project === "object" && "test" in project && project.test?.name === "unit",
);
if (!unit) throw new Error("vitest.config.ts has no unit project");

export default defineConfig({ ...base, test: { ...base.test, projects: [unit] } });
