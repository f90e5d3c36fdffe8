import { expect, test, type Page } from "./support/test";
import { expectNoSeriousA11yViolations } from "./helpers-axe";
import {
  PASSWORD as oldPassword,
  registerConfirmed,
  signIn,
  uniqueEmail,
} from "./support/accounts";

/**
 * The mail flows of sign-in against the production build: forgot password → the recovery
 * email in the dev mailbox → /callback (PKCE code exchanged on the server) → a new password
 * → sign in with it; and the errors /callback shows for links that cannot sign in.
 */
const newPassword = "purple elephant riding bicycles";

/** The href of the action button of the newest email to `email` with `subject`. */
async function mailLink(page: Page, email: string, subject: string, action: string) {
  await page.goto("/dev/mailbox");
  const link = page
    .getByRole("link", { name: new RegExp(email.replace(/[.+]/g, "\\$&")) })
    .filter({ hasText: subject })
    .first();
  await expect(link).toBeVisible();
  await link.click();
  await expect(page.getByRole("heading", { level: 1, name: subject })).toBeVisible();
  const href = await page
    .frameLocator("iframe[sandbox]")
    .getByRole("link", { name: action })
    .getAttribute("href");
  expect(href).toBeTruthy();
  return href ?? "";
}

test("forgot password: mail link, callback, new password, sign in with it", async ({ page }) => {
  test.setTimeout(90_000);
  const email = uniqueEmail("reset");
  await registerConfirmed(page, email);

  await page.goto("/login");
  await page.getByRole("link", { name: "Forgot your password?" }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await expect(
    page.getByRole("heading", { level: 1, name: "Forgot your password?" }),
  ).toBeVisible();
  await page.getByRole("button", { name: "Send the link" }).click();
  await expect(page.getByText("This field is required")).toBeVisible();
  await page.getByLabel("Email").fill("not-an-email");
  await page.getByRole("button", { name: "Send the link" }).click();
  await expect(page.getByText("Please enter a valid email")).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: "Send the link" }).click();
  await expect(page.getByRole("heading", { name: "Check your inbox" })).toBeVisible();

  const link = await mailLink(page, email, "Reset your Live Market password", "Reset my password");
  expect(new URL(link).searchParams.get("redirect_to")).toMatch(
    /\/callback\?next=%2Faccount%2Freset-password$/,
  );
  await page.goto(link);
  await expect(page).toHaveURL(/\/account\/reset-password$/, { timeout: 20_000 });
  await expect(
    page.getByRole("heading", { level: 1, name: "Choose a new password" }),
  ).toBeVisible();

  await page.getByLabel(/^New password/).fill(newPassword);
  await page.getByLabel("Repeat the new password").fill("something else entirely");
  await page.getByRole("button", { name: "Save the new password" }).click();
  await expect(page.getByText("The two passwords do not match.")).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.getByLabel("Repeat the new password").fill(newPassword);
  await page.getByRole("button", { name: "Save the new password" }).click();
  await expect(page.getByRole("heading", { name: "Password changed" })).toBeVisible();

  // The link is single use: a second visit ends on the callback's error.
  await page.context().clearCookies();
  await page.goto(link);
  await expect(page).toHaveURL(/\/callback\?/);
  await expect(page.getByRole("heading", { name: "We could not sign you in" })).toBeVisible();
  await expect(page.getByText("Email link is invalid or has expired")).toBeVisible();

  // The old password no longer works; the new one does.
  await signIn(page, email, { password: oldPassword });
  await expect(page.locator("form [role=alert]")).toHaveText(
    "The email, phone number or password is not correct.",
  );
  await signIn(page, email, { password: newPassword });
  await expect(page).toHaveURL(/\/$/);
  const user = await page.request.get("/api/profile/me/user");
  expect(user.status()).toBe(200);
  expect(await user.json()).toMatchObject({ email });
});

test("the reset page needs a session", async ({ page }) => {
  await page.goto("/account/reset-password");
  await expect(page).toHaveURL(/\/login\?redirect=%2Faccount%2Freset-password$/);
});

test("the callback shows the errors of its URL", async ({ page }) => {
  const alert = page.getByRole("alert").filter({ hasText: "We could not sign you in" });
  await page.goto(
    "/callback?error=access_denied&error_code=otp_expired&error_description=Email+link+is+invalid+or+has+expired",
  );
  await expect(alert).toContainText("Email link is invalid or has expired");
  await expect(alert).toContainText("Error code: otp_expired");

  // An error in the fragment moves into the query; tokens never do: refused on the spot.
  await page.goto("/callback?next=%2Fprofile#error=access_denied&error_code=otp_expired");
  await expect(page).toHaveURL(
    /\/callback\?next=%2Fprofile&error=access_denied&error_code=otp_expired$/,
  );
  await expect(alert).toContainText("Email link is invalid or has expired");
  await page.goto("/callback?next=%2Fprofile#access_token=abc&token_type=bearer");
  await expect(alert).toContainText("This link was not requested from this browser");
  await expect(page).toHaveURL(/\/callback\?next=%2Fprofile$/);

  await page.goto("/callback");
  await expect(alert).toContainText("Not a valid PKCE flow url");
  await expectNoSeriousA11yViolations(page);

  // A code this browser never asked for cannot be exchanged.
  await page.goto("/callback?code=00000000-0000-0000-0000-000000000000&next=%2Fprofile");
  await expect(alert).toContainText("Open the link in the same browser where you asked for it.");
});

test("one-time code sign-in from the login page", async ({ page }) => {
  test.setTimeout(90_000);
  const email = uniqueEmail("otp");
  await registerConfirmed(page, email);

  await page.goto("/login");
  await page.getByRole("button", { name: "Get a one-time code instead" }).click();
  await page.getByRole("button", { name: "Send me a code", exact: true }).click();
  await expect(page.getByText("This field is required")).toBeVisible();
  await page.getByLabel("Email or phone").fill(email);
  await page.getByRole("button", { name: "Send me a code", exact: true }).click();
  await expect(page.getByRole("status")).toContainText(`We sent a 6-digit code to ${email}`);
  await expectNoSeriousA11yViolations(page);

  // The mailbox in a second tab: the login page keeps its code step.
  const mailbox = await page.context().newPage();
  await mailLink(mailbox, email, "Your Live Market sign-in link", "Sign in");
  const text = (await mailbox.getByTestId("mail-text").textContent()) ?? "";
  const code = /Or enter this code\s+(\d{6})/.exec(text)?.[1] ?? "";
  expect(code).toMatch(/^\d{6}$/);
  await mailbox.close();

  await page.getByRole("button", { name: "Sign in with the code" }).click();
  await expect(page.getByText("This field is required")).toBeVisible();
  await page.getByLabel(/^Code/).fill(code === "000000" ? "000001" : "000000");
  await page.getByRole("button", { name: "Sign in with the code" }).click();
  await expect(page.locator("form [role=alert]").first()).toHaveText(
    "The code is not correct or has expired. Check it or ask for a new one.",
  );
  await page.getByLabel(/^Code/).fill(code);
  await page.getByRole("button", { name: "Sign in with the code" }).click();
  await expect(page).toHaveURL(/\/$/);
  const user = await page.request.get("/api/profile/me/user");
  expect(user.status()).toBe(200);
  expect(await user.json()).toMatchObject({ email });
});

test("sign out of other devices from the profile page", async ({ page, browser }) => {
  test.setTimeout(90_000);
  const email = uniqueEmail("others");
  await registerConfirmed(page, email);
  await signIn(page, email, { password: oldPassword });
  await expect(page).toHaveURL(/\/$/);
  await page.goto("/profile/update");
  await expect(page).toHaveURL(/\/profile\/create/);
  await page.getByLabel(/^Display name/).fill("Other Devices");
  await page.getByRole("button", { name: "Create profile" }).click();
  await expect(page).toHaveURL(/\/profile\/update$/, { timeout: 15_000 });

  const other = await browser.newContext();
  const otherPage = await other.newPage();
  await signIn(otherPage, email, { password: oldPassword });
  await expect(otherPage).toHaveURL(/\/$/);
  expect((await otherPage.request.get("/api/profile/me/user")).status()).toBe(200);

  await page.getByRole("button", { name: "Sign out of other devices" }).click();
  await expect(page.getByText("Your other devices are signed out.")).toBeVisible();
  expect((await otherPage.request.get("/api/profile/me/user")).status()).toBe(401);
  expect((await page.request.get("/api/profile/me/user")).status()).toBe(200);
  await expectNoSeriousA11yViolations(page);
  await other.close();
});
