import { expect, type Page } from "@playwright/test";

/**
 * The page never scrolls sideways at these widths (spec: every screen from 360 px up); the
 * viewport goes back to Playwright's default afterwards.
 */
export async function noSidewaysScroll(
  page: Page,
  widths: readonly number[] = [360, 390, 1440],
): Promise<void> {
  for (const width of widths) {
    await page.setViewportSize({ width, height: 900 });
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth),
      `${width} px`,
    ).toBeLessThanOrEqual(width);
  }
  await page.setViewportSize({ width: 1280, height: 720 });
}
