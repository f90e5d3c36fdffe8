import { expect, test } from "./support/test";
import { expectNoSeriousA11yViolations } from "./helpers-axe";

const googlebot = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";

test("an unknown route answers 404 with 'Page not found' inside the layout", async ({ page }) => {
  const response = await page.goto("/no/such/page-here");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1, name: "Page not found" })).toBeVisible();
  await expect(page.getByTestId("top-bar")).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.getByTestId("theme-switch").click();
  await expect(page.locator("html")).toHaveClass(/light/);
  await expectNoSeriousA11yViolations(page);
});

test("a render error shows only the heading Error, inside the layout", async ({ page }) => {
  await page.goto("/dev/error");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Error");
  await expect(page.getByTestId("top-bar")).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.getByRole("link", { name: "Back to home" }).click();
  await expect(page).toHaveURL(/\/$/);
});

test.describe("unhandled client errors for people", () => {
  test("a thrown error shows the generic error page", async ({ page }) => {
    await page.goto("/dev/error?mode=client");
    await expect(page.getByRole("heading", { name: "Error triggers" })).toBeVisible();
    await page.getByTestId("throw-unhandled-error").click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Error");
    await expect(page.getByTestId("throw-unhandled-error")).toHaveCount(0);

    // Leaving the page recovers, and coming back shows the page again.
    await page.getByRole("link", { name: "Back to home" }).click();
    await expect(page).toHaveURL(/\/$/);
    await page.goBack();
    await expect(page.getByRole("heading", { name: "Error triggers" })).toBeVisible();
  });

  test("an unhandled rejection shows the generic error page", async ({ page }) => {
    await page.goto("/dev/error?mode=client");
    await page.getByTestId("reject-promise").click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Error");
  });
});

test.describe("unhandled client errors for bots", () => {
  test.use({ userAgent: googlebot });

  test("the error is only logged and the page is kept", async ({ page }) => {
    const logged: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "error") logged.push(message.text());
    });
    await page.goto("/dev/error?mode=client");
    await page.getByTestId("throw-unhandled-error").click();
    await page.getByTestId("reject-promise").click();
    await expect
      .poll(() => logged.filter((l) => l.includes("Unhandled client error")).length)
      .toBe(2);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Error triggers");
    await expect(page.getByTestId("throw-unhandled-error")).toBeVisible();
  });
});
