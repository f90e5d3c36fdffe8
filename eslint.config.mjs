import { defineConfig, globalIgnores } from "eslint/config";
import nextVitals from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";

export default defineConfig([
  ...nextVitals,
  ...nextTs,
  globalIgnores([
    ".next/**",
    ".next-*/**",
    ".data/**",
    ".stryker-tmp*/**",
    "next-env.d.ts",
    "public/**",
    "drizzle/**",
    "test-results/**",
    "playwright-report/**",
  ]),
  {
    rules: {
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_" },
      ],
      "no-restricted-syntax": [
        "error",
        {
          selector: "MemberExpression[object.name='process'][property.name='env']",
          message: "Read settings through lib/env.ts (server) or lib/env-client.ts (browser).",
        },
      ],
    },
  },
  {
    files: [
      "lib/env.ts",
      "lib/env-client.ts",
      "next.config.ts",
      "playwright.config.ts",
      "vitest.config.ts",
      "drizzle.config.ts",
      "tests/**",
      "e2e/**",
      "bench/**",
      "scripts/**",
    ],
    rules: { "no-restricted-syntax": "off" },
  },
  {
    // Specs take `test` from e2e/support/test.ts: it fails a test whose pages broke the CSP.
    files: ["e2e/**/*.spec.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          paths: [
            {
              name: "@playwright/test",
              message: "Import from ./support/test (it checks every page for CSP violations).",
            },
          ],
        },
      ],
    },
  },
]);
