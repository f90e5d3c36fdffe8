import { expect, test } from "./support/test";

/**
 * Issue 2.13: without JavaScript a secret never goes into a URL. The sign-in forms post
 * (their fields travel in the body, not the query string) and say that JavaScript is needed
 * (a <noscript> notice: Playwright's text locators skip noscript, so it is found by CSS).
 */
test.use({ javaScriptEnabled: false });

const secret = "never-in-a-url-7391";
const notice = "Signing in needs JavaScript. Turn it on in your browser and reload this page.";

for (const path of ["/login", "/register"]) {
  test(`${path} posts its password and says JavaScript is needed`, async ({ page }) => {
    await page.goto(`${path}?redirect=%2Fprofile`);
    await expect(page.locator("main noscript p")).toHaveText(notice);
    const form = page.locator("main form").first();
    await expect(form).toHaveAttribute("method", "post");

    await page.getByLabel("Email or phone").fill("someone@example.com");
    await page.getByLabel("Password").fill(secret);
    const [request] = await Promise.all([
      page.waitForRequest((r) => r.isNavigationRequest() && r.frame() === page.mainFrame()),
      form.getByRole("button").first().click(),
    ]);
    expect(request.method()).toBe("POST");
    expect(request.url()).not.toContain(secret);
    expect(request.url()).not.toContain("password");
    const response = await request.response();
    expect(response?.status()).toBeLessThan(500);
    expect(page.url()).not.toContain(secret);
    await expect(page.locator("main noscript p")).toHaveText(notice);
  });
}

test("/forgot-password posts its address and says JavaScript is needed", async ({ page }) => {
  await page.goto("/forgot-password");
  await expect(page.locator("main noscript p")).toHaveText(notice);
  const form = page.locator("main form").first();
  await expect(form).toHaveAttribute("method", "post");
  await page.getByLabel("Email").fill("someone@example.com");
  const [request] = await Promise.all([
    page.waitForRequest((r) => r.isNavigationRequest() && r.frame() === page.mainFrame()),
    form.getByRole("button").first().click(),
  ]);
  expect(request.method()).toBe("POST");
  expect(request.url()).not.toContain("someone");
  expect((await request.response())?.status()).toBeLessThan(500);
});
