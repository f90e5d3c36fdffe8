import { expect, test, type APIRequestContext, type Page } from "./support/test";
import { confirmSignUp } from "./support/confirm";

/**
 * Issue 2.1: a link can no longer sign a victim into someone else's account. The attacker
 * signs in to their own account and pastes the session into a /callback link (fragment, as
 * the implicit flow delivers it, or query). A victim who opens it, signed out or signed in
 * as themselves, reads that the link was not requested from this browser and keeps their
 * own state: no session is set or replaced, and the tokens leave the address bar.
 */
const password = "correct horse battery staple";
const refusal = "This link was not requested from this browser";

function uniqueEmail(label: string): string {
  return `e2e-${label}-${Date.now().toString(36)}-${Math.floor(Math.random() * 1e6)}@example.com`;
}

const randomIp = () => `10.${[0, 0, 0].map(() => Math.floor(Math.random() * 250) + 1).join(".")}`;

async function anonKey(request: APIRequestContext): Promise<string> {
  const environment = (await (await request.get("/api/environment")).json()) as {
    auth: { anonKey: string };
  };
  return environment.auth.anonKey;
}

/** A confirmed account, signed up through the service and confirmed with its emailed code. */
async function account(request: APIRequestContext, label: string): Promise<string> {
  const email = uniqueEmail(label);
  const headers = { apikey: await anonKey(request), "x-forwarded-for": randomIp() };
  const signUp = await request.post("/auth/v1/signup", { headers, data: { email, password } });
  expect(signUp.status(), await signUp.text()).toBe(200);
  await confirmSignUp(request, email, { headers: { "x-forwarded-for": randomIp() } });
  return email;
}

/** The attacker's own session, as the token endpoint answers it. */
async function sessionOf(request: APIRequestContext, email: string) {
  const answer = await request.post("/auth/v1/token?grant_type=password", {
    headers: { apikey: await anonKey(request), "x-forwarded-for": randomIp() },
    data: { email, password },
  });
  expect(answer.status(), await answer.text()).toBe(200);
  return (await answer.json()) as {
    access_token: string;
    refresh_token: string;
    expires_at: number;
    expires_in: number;
  };
}

function fragment(session: Awaited<ReturnType<typeof sessionOf>>, type: string): string {
  return new URLSearchParams({
    access_token: session.access_token,
    expires_at: String(session.expires_at),
    expires_in: String(session.expires_in),
    refresh_token: session.refresh_token,
    token_type: "bearer",
    type,
  }).toString();
}

async function signedInAs(page: Page): Promise<string | null> {
  const answer = await page.request.get("/api/profile/me/user");
  if (answer.status() === 401) return null;
  expect(answer.status()).toBe(200);
  return ((await answer.json()) as { email: string }).email;
}

test("an attacker's session link leaves a signed-out victim signed out", async ({
  page,
  request,
}) => {
  const attacker = await account(request, "attacker");
  const session = await sessionOf(request, attacker);

  await page.goto(`/callback?next=%2Fprofile#${fragment(session, "magiclink")}`);
  const alert = page.getByRole("alert").filter({ hasText: "We could not sign you in" });
  await expect(alert).toContainText(refusal);
  await expect(alert).toContainText("Nothing has changed.");
  await expect(page).toHaveURL(/\/callback\?next=%2Fprofile$/);
  expect(await signedInAs(page)).toBeNull();
  const cookies = await page.context().cookies();
  expect(cookies.filter((cookie) => cookie.name.startsWith("sb-"))).toEqual([]);

  // The same tokens in the query are refused by the server, which never uses them.
  await page.goto(`/callback?next=%2Fprofile&${fragment(session, "signup")}`);
  await expect(alert).toContainText(refusal);
  expect(await signedInAs(page)).toBeNull();
});

test("a signed-in victim who opens the link stays themselves", async ({ page, request }) => {
  const victim = await account(request, "victim");
  const attacker = await account(request, "attacker");
  const session = await sessionOf(request, attacker);

  await page.goto("/login");
  await page.getByLabel("Email or phone").fill(victim);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page).toHaveURL(/\/$/);
  expect(await signedInAs(page)).toBe(victim);

  await page.goto(`/callback?next=%2F#${fragment(session, "recovery")}`);
  await expect(page.getByRole("alert").filter({ hasText: refusal })).toBeVisible();
  expect(await signedInAs(page)).toBe(victim);

  // Labelled as an invitation, the attacker's own session is refused at the password step.
  // (Another query than the page's: a change of fragment alone would not load the page.)
  await page.goto(`/callback?next=%2Fprofile#${fragment(session, "invite")}`);
  await expect(page.getByRole("heading", { name: "Accept your invitation" })).toBeVisible();
  await expect(page.getByText(`This invitation is for ${attacker}.`)).toBeVisible();
  await page.getByLabel(/^New password/).fill("Violet-Lantern-Orbit-42");
  await page.getByLabel("Repeat the new password").fill("Violet-Lantern-Orbit-42");
  await page.getByRole("button", { name: "Save the password and continue" }).click();
  await expect(page.locator("main [role=alert]")).toContainText(refusal);
  expect(await signedInAs(page)).toBe(victim);
});
