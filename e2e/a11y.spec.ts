import { expect, test } from "./support/test";
import { appPagePatterns } from "../tests/support/app-pages";
import { expectNoSeriousA11yViolations } from "./helpers-axe";

/**
 * axe on every page that is built, in both themes: each page.tsx without a parameter, a
 * sample for each parameterised one, and the 404 page. A new page joins by existing.
 */
const samples: Record<string, string> = {
  "/docs/[slug]": "/docs/getting-started",
  "/[...catchAll]": "/this-page-does-not-exist",
};

const paths = appPagePatterns()
  .filter((pattern) => pattern !== "/dev/error") // throws on purpose: errors.spec.ts covers it
  .filter((pattern) => pattern !== "/dev/minimal") // the bench's baseline: bare Next, no app shell
  .map((pattern) => samples[pattern] ?? pattern)
  .filter((pattern) => !pattern.includes("["));

for (const path of paths) {
  test(`${path} has no serious accessibility violation in either theme`, async ({ page }) => {
    const response = await page.goto(path);
    expect(response?.status(), path).toBeLessThan(path === "/this-page-does-not-exist" ? 500 : 400);
    await expectNoSeriousA11yViolations(page);
    await page.evaluate(() => window.localStorage.setItem("lm-theme", "light"));
    await page.reload();
    await expect(page.locator("html")).toHaveClass(/light/);
    await expectNoSeriousA11yViolations(page);
  });
}
