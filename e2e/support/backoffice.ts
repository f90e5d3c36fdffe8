import { expect, type Page } from "@playwright/test";
import postgres from "postgres";
import { confirmSignUp } from "./confirm";

/**
 * Seed-factory helpers for the back-office journeys: a signed-in user with a profile, and an
 * organisation registered through the real page. Sign-up goes through the auth API (the
 * sign-up screens have their own specs); the address is confirmed with its emailed code
 * (support/confirm.ts); sign-in and profile creation go through the pages, so the browser
 * holds a real session cookie.
 */
export const E2E_PASSWORD = "correct horse battery staple";
const databaseUrl =
  process.env.E2E_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/livemarket_e2e";

export async function sql<T>(run: (db: postgres.Sql) => Promise<T>): Promise<T> {
  const db = postgres(databaseUrl, { max: 1, onnotice: () => {} });
  try {
    return await run(db);
  } finally {
    await db.end();
  }
}

export function uniqueEmail(label: string): string {
  return `e2e-${label}-${Date.now().toString(36)}-${Math.floor(Math.random() * 1e6)}@example.com`;
}

/**
 * A client address of one request: the connected server trusts one proxy hop (the tests play
 * it), so a sign-up made here counts in its own rate-limit bucket, not in the one of every
 * request from 127.0.0.1. The suite's sign-ups otherwise shared the 30-per-5-minutes sign-up
 * limit with the browser's, which the request-probe spec needs kept as it is (a faster suite
 * ran into it). The embedded server trusts none and counts the socket's address.
 */
function testClientAddress(): string {
  return `10.${[0, 0, 0].map(() => Math.floor(Math.random() * 250) + 1).join(".")}`;
}

/** Creates a confirmed account for `email` through POST /auth/v1/signup. */
export async function createConfirmedUser(page: Page, email: string): Promise<void> {
  const environment = (await (await page.request.get("/api/environment")).json()) as {
    auth: { anonKey: string } | null;
  };
  const apikey = environment.auth?.anonKey ?? "";
  const answer = await page.request.post("/auth/v1/signup", {
    data: { email, password: E2E_PASSWORD },
    headers: {
      "content-type": "application/json",
      apikey,
      authorization: `Bearer ${apikey}`,
      "x-forwarded-for": testClientAddress(),
    },
  });
  expect(answer.ok(), await answer.text()).toBe(true);
  await confirmSignUp(page.request, email);
}

/** Signs in through /login and, when asked, creates the profile; ends on `target`. */
export async function signInWithProfile(
  page: Page,
  email: string,
  displayName: string,
  target = "/backoffice",
): Promise<void> {
  await page.goto(`/login?redirect=${encodeURIComponent(target)}`);
  await page.getByLabel("Email or phone").fill(email);
  await page.getByLabel("Password").fill(E2E_PASSWORD);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await page.waitForURL((url) => url.pathname !== "/login");
  if (new URL(page.url()).pathname === "/profile/create") {
    await page.getByLabel("Display name").fill(displayName);
    await page.getByRole("button", { name: "Create profile" }).click();
  }
  await page.waitForURL((url) => url.pathname === target.split("?")[0]);
}

/** A new confirmed user, signed in with a profile, on /backoffice. */
export async function signUpAndSignIn(
  page: Page,
  label: string,
): Promise<{ email: string; password: string; displayName: string }> {
  const email = uniqueEmail(label);
  const displayName = `E2E ${label}`;
  await createConfirmedUser(page, email);
  await signInWithProfile(page, email, displayName);
  return { email, password: E2E_PASSWORD, displayName };
}

/** Registers an organisation through /backoffice/register-organisation; returns its id. */
export async function registerOrganisation(page: Page, name: string): Promise<string> {
  await page.goto("/backoffice/register-organisation");
  await page.getByLabel("Name").fill(name);
  const slug = `${name.toLowerCase().replace(/[^a-z0-9]+/g, "-")}-${Date.now().toString(36)}`;
  await page.getByLabel("Address").fill(slug);
  await page.getByRole("button", { name: "Register organisation" }).click();
  await page.waitForURL(/\/backoffice\/organisation\/[0-9a-f-]{36}\/dashboard$/);
  const match = /organisation\/([0-9a-f-]{36})\//.exec(page.url());
  if (!match?.[1]) throw new Error(`No organisation id in ${page.url()}`);
  return match[1];
}

/** Opens the contact-address link mailed for `address` (read from the dev outbox). */
export async function followContactVerification(
  page: Page,
  address: string,
  organisationName: string,
): Promise<void> {
  await page.goto("/dev/mailbox");
  await page
    .getByRole("link", { name: new RegExp(address.replace(/[.+]/g, "\\$&")) })
    .filter({ hasText: `Confirm the contact address of ${organisationName}` })
    .first()
    .click();
  const href = await page
    .frameLocator("iframe[sandbox]")
    .getByRole("link", { name: "Confirm address" })
    .getAttribute("href");
  const link = new URL(href ?? "");
  await page.goto(`${link.pathname}${link.search}`);
}
