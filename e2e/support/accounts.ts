import { confirmSignUp } from "./confirm";
import { expect, type Page } from "./test";

/**
 * Accounts made through the pages, as their owners would make them: the e2e servers run with
 * the default settings (no autoconfirm), so a sign-up is confirmed with the code of its
 * confirmation email (support/confirm.ts).
 */
export const PASSWORD = "correct horse battery staple";

/** A fresh address for the account of one test. */
export function uniqueEmail(label: string): string {
  return `e2e-${label}-${Date.now().toString(36)}-${Math.floor(Math.random() * 1e6)}@example.com`;
}

/**
 * Signs up on /register and confirms the address, which also closes the address's
 * one-email-a-minute window again for the next email of the test.
 */
export async function registerConfirmed(
  page: Page,
  email: string,
  password = PASSWORD,
): Promise<void> {
  await page.goto("/register");
  await page.getByLabel("Email or phone").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page.getByRole("heading", { name: "Check your inbox" })).toBeVisible();
  await confirmSignUp(page.request, email);
}

/** Signs in with the password on /login (with `target` as its redirect, when given). */
export async function signIn(
  page: Page,
  email: string,
  { target, password = PASSWORD }: { target?: string; password?: string } = {},
): Promise<void> {
  await page.goto(target ? `/login?redirect=${encodeURIComponent(target)}` : "/login");
  await page.getByLabel("Email or phone").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
}

/**
 * A confirmed user who has just created a profile named `displayName`, signed in with the
 * password, on /profile/update. Answers the address.
 */
export async function memberOnUpdatePage(
  page: Page,
  label: string,
  displayName: string,
): Promise<string> {
  const email = uniqueEmail(label);
  await registerConfirmed(page, email);
  await signIn(page, email, { target: "/profile/update" });
  await expect(page).toHaveURL(/\/profile\/create\?redirect=%2Fprofile%2Fupdate$/);
  await page.getByLabel(/^Display name/).fill(displayName);
  await page.getByRole("button", { name: "Create profile" }).click();
  await expect(page).toHaveURL(/\/profile\/update$/, { timeout: 15_000 });
  return email;
}
