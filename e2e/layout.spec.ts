import { expect, test, type Page } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "./helpers-axe";

const sizes = [
  { width: 360, bar: 48, tall: 96 },
  { width: 960, bar: 64, tall: 104 },
  { width: 1920, bar: 64, tall: 104 },
];

async function topBarHeight(page: Page): Promise<number> {
  const box = await page.getByTestId("top-bar").boundingBox();
  return Math.round(box?.height ?? 0);
}

async function horizontalOverflow(page: Page): Promise<number> {
  return page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
}

for (const { width, bar, tall } of sizes) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test("top bar height follows the spec and nothing overflows", async ({ page }) => {
      await page.goto("/");
      await expect(page.getByTestId("top-bar")).toBeVisible();
      expect(await topBarHeight(page)).toBe(bar);
      expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);

      await page.getByTestId("search-toggle").click();
      await expect(page.getByTestId("top-bar").getByRole("searchbox")).toBeFocused();
      expect(await topBarHeight(page)).toBe(tall);
      expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
      await page.keyboard.press("Escape");
      await expect(page.getByTestId("top-bar").getByRole("searchbox")).toHaveCount(0);
      expect(await topBarHeight(page)).toBe(bar);

      await page.goto("/commerce");
      await expect(page.getByTestId("top-bar")).toBeVisible();
      expect(await topBarHeight(page)).toBe(tall);
      expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    });

    test("the drawer opens and stays open after a reload", async ({ page }) => {
      await page.goto("/");
      const button = page.getByTestId("drawer-button");
      await expect(button).toHaveAttribute("aria-expanded", "false");
      await button.click();
      const nav = page.getByRole("navigation", { name: "Main navigation" });
      await expect(nav.getByRole("link", { name: "About" })).toBeVisible();
      expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);

      await page.reload();
      await expect(page.getByTestId("drawer-button")).toHaveAttribute("aria-expanded", "true");
      await expect(nav.getByRole("link", { name: "About" })).toBeVisible();
      await expect(nav.getByRole("link", { name: "Hub" })).toHaveAttribute("aria-current", "page");
    });
  });
}

test("the light theme is remembered after a reload, and both themes pass axe", async ({ page }) => {
  await page.goto("/");
  await expect(page.locator("html")).toHaveClass(/dark/);
  await expectNoSeriousA11yViolations(page);

  const toggle = page.getByTestId("theme-switch");
  await expect(toggle).toHaveAttribute("aria-checked", "false");
  await toggle.click();
  await expect(page.locator("html")).toHaveClass(/light/);
  await expect(toggle).toHaveAttribute("aria-checked", "true");
  await expectNoSeriousA11yViolations(page);

  await page.reload();
  await expect(page.locator("html")).toHaveClass(/light/);
  await expect(page.getByTestId("theme-switch")).toHaveAttribute("aria-checked", "true");
});

test("the drawer and the search row pass axe in both themes", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto("/");
  await page.getByTestId("drawer-button").click();
  await page.getByTestId("search-toggle").click();
  await expectNoSeriousA11yViolations(page);
  await page.getByTestId("theme-switch").click();
  await expect(page.locator("html")).toHaveClass(/light/);
  await expectNoSeriousA11yViolations(page);
});

test("the locale switch changes the UI language", async ({ page }) => {
  await page.goto("/");
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await page.getByTestId("locale-switch").click();
  await page.getByRole("menuitemradio", { name: "Español" }).click();
  await expect(page.locator("html")).toHaveAttribute("lang", "es");
  await expect(page.getByTestId("drawer-button")).toHaveAttribute(
    "aria-label",
    "Menú de navegación",
  );
  await expect(page.getByRole("link", { name: "Privacidad" })).toBeVisible();

  await page.reload();
  await expect(page.locator("html")).toHaveAttribute("lang", "es");
  const cookies = await page.context().cookies();
  expect(cookies.find((c) => c.name === "NEXT_LOCALE")?.value).toBe("es");
});

test("the skip link moves focus to the content", async ({ page }) => {
  await page.goto("/");
  await page.keyboard.press("Tab");
  const skip = page.getByRole("link", { name: "Skip to content" });
  await expect(skip).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page.locator("main#content")).toBeFocused();
});
