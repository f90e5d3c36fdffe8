import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

/**
 * Runs axe on the page and fails on any serious or critical violation (WCAG 2.x A/AA).
 * Running finite animations end first: a toast fading in is measured at its final colours,
 * not half-transparent (axe computes contrast through opacity). Endless ones (a skeleton's
 * pulse) are not waited for.
 */
export async function expectNoSeriousA11yViolations(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (animation) =>
          animation.playState !== "running" ||
          animation.effect?.getComputedTiming().endTime === Infinity,
      ),
  );
  const results = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"])
    .analyze();
  const serious = results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id}: ${v.help} → ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
  expect(serious, serious.join("\n")).toEqual([]);
}

/** axe in the page's theme, then again after switching to the other one (and reloading). */
export async function axeInBothThemes(page: Page): Promise<void> {
  await expectNoSeriousA11yViolations(page);
  const dark = await page.evaluate(() => document.documentElement.classList.contains("dark"));
  await page.evaluate(
    (theme) => window.localStorage.setItem("lm-theme", theme),
    dark ? "light" : "dark",
  );
  await page.reload();
  await expect(page.locator("html")).toHaveClass(dark ? /light/ : /dark/);
  await expectNoSeriousA11yViolations(page);
}
