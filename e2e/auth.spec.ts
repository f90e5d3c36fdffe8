import { expect, test } from "./support/test";
import { confirmSignUp } from "./support/confirm";

/**
 * The sign-in journey against the production build: the guard, sign-up, profile creation
 * with a redirect target, sign-out and password sign-in. The server does not autoconfirm
 * sign-ups (the default): the address is confirmed with the code of its confirmation email
 * (the dev outbox), as its owner would.
 */
const password = "correct horse battery staple";

test("an anonymous visit to /profile goes to the login page with the path", async ({ page }) => {
  await page.goto("/profile");
  await expect(page).toHaveURL(/\/login\?redirect=%2Fprofile$/);
  await expect(page.getByRole("heading", { level: 1, name: "Sign in" })).toBeVisible();
});

test("the login form asks for an email or phone and a password", async ({ page }) => {
  await page.goto("/login");
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page.locator("form [role=alert]")).toHaveText(
    "You must provide either an email or phone number and a password.",
  );
});

test("register, create a profile, sign out and sign in again", async ({ page }) => {
  const email = `e2e-${Date.now().toString(36)}-${Math.floor(Math.random() * 1e6)}@example.com`;

  // Guarded page → login → register, keeping the target.
  await page.goto("/profile/update");
  await expect(page).toHaveURL(/\/login\?redirect=%2Fprofile%2Fupdate$/);
  await page.getByRole("link", { name: "Create an account" }).click();
  await expect(page).toHaveURL(/\/register\?redirect=%2Fprofile%2Fupdate$/);
  await page.getByLabel("Email or phone").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page.getByRole("heading", { name: "Check your inbox" })).toBeVisible();
  await confirmSignUp(page.request, email);

  // Sign in: no profile yet, so the creation page, then the original target.
  await page.getByRole("main").getByRole("link", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/login\?redirect=%2Fprofile%2Fupdate$/);
  await page.getByLabel("Email or phone").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page).toHaveURL(/\/profile\/create\?redirect=%2Fprofile%2Fupdate$/);
  await page.getByLabel("Display name").fill("Ana E2E");
  await page.getByRole("button", { name: "Create profile" }).click();
  await expect(page).toHaveURL(/\/profile\/update$/);
  await expect(page.getByLabel("Display name")).toHaveValue("Ana E2E");

  const me = await page.request.get("/api/profile/me");
  expect(me.status()).toBe(200);
  expect(await me.json()).toMatchObject({ displayName: "Ana E2E", locale: "en" });
  const user = await page.request.get("/api/profile/me/user");
  expect(await user.json()).toMatchObject({ email });

  // The creation page is for users without a profile only.
  await page.goto("/profile/create?redirect=%2Fprofile");
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByTestId("profile-display-name")).toHaveText("Ana E2E");

  // Sign out: the session is gone, the guard applies again.
  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/$/);
  expect((await page.request.get("/api/profile/me")).status()).toBe(401);
  await page.goto("/profile");
  await expect(page).toHaveURL(/\/login\?redirect=%2Fprofile$/);

  // Wrong password, then the right one: back to the target.
  await page.getByLabel("Email or phone").fill(email);
  await page.getByLabel("Password").fill("not the password at all");
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page.locator("form [role=alert]")).toHaveText(
    "The email, phone number or password is not correct.",
  );
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByTestId("profile-display-name")).toHaveText("Ana E2E");

  // Signed in: the login page sends the user on.
  await page.goto("/login?redirect=%2Fprofile%2Fupdate");
  await expect(page).toHaveURL(/\/profile\/update$/);
});

test("a guest session needs a profile for member pages", async ({ page }) => {
  await page.goto("/login?redirect=%2Fprofile");
  await page.getByRole("button", { name: "Continue as a guest" }).click();
  await expect(page).toHaveURL(/\/profile\/create\?redirect=%2Fprofile$/);
});
