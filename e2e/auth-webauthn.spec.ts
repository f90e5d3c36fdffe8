import { expect, test, type CDPSession, type Page } from "./support/test";
import { memberOnUpdatePage, signIn } from "./support/accounts";

/**
 * WebAuthn in the browser against the production build, with Chromium's virtual
 * authenticator (CDP WebAuthn domain: a CTAP2 platform authenticator with resident keys and
 * user verification): a passkey registered on /profile/update signs in on /login; a
 * security key set up as the MFA factor answers the second step after a password sign-in.
 *
 * WebAuthn needs a host name (browsers refuse IP addresses as relying party), so these pages
 * are opened on http://localhost:<port> while SITE_URL is http://127.0.0.1:<port>; the
 * server lists the localhost origin in AUTH_WEBAUTHN_ORIGINS (playwright.config.ts).
 */
const port = Number(process.env.E2E_PORT ?? 3100);
test.use({ baseURL: `http://localhost:${port}` });

async function virtualAuthenticator(page: Page): Promise<{ cdp: CDPSession; id: string }> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("WebAuthn.enable");
  const { authenticatorId } = await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: {
      protocol: "ctap2",
      transport: "internal",
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return { cdp, id: authenticatorId };
}

async function credentials(authenticator: { cdp: CDPSession; id: string }) {
  const { credentials: list } = await authenticator.cdp.send("WebAuthn.getCredentials", {
    authenticatorId: authenticator.id,
  });
  return list;
}

async function signOut(page: Page): Promise<void> {
  await page.goto("/profile");
  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(`http://localhost:${port}/`);
}

async function signedInEmail(page: Page): Promise<string | null> {
  const response = await page.request.get("/api/profile/me/user");
  if (!response.ok()) return null;
  const body = (await response.json()) as { user?: { email?: string }; email?: string };
  return body.user?.email ?? body.email ?? null;
}

test("a passkey registered on /profile/update signs in on /login", async ({ page }) => {
  test.setTimeout(120_000);
  const authenticator = await virtualAuthenticator(page);
  const email = await memberOnUpdatePage(page, "passkey", "WebAuthn E2E");
  const passkeys = page.getByRole("region", { name: "Passkeys" });
  await expect(passkeys.getByText("No passkey yet.")).toBeVisible();

  await passkeys.getByRole("button", { name: "Add a passkey" }).click();
  await expect(page.getByText("The passkey is added.", { exact: true })).toBeVisible();
  const item = passkeys.getByRole("listitem");
  await expect(item).toHaveCount(1);
  await expect(item).toContainText("Passkey");
  await expect(item).toContainText("Not used yet");
  const stored = await credentials(authenticator);
  expect(stored).toHaveLength(1);
  expect(stored[0]?.isResidentCredential).toBe(true);
  await passkeys.screenshot({ path: test.info().outputPath("passkeys-settings.png") });

  // Renaming it.
  await item.getByRole("button", { name: "Rename Passkey" }).click();
  await item.getByRole("textbox", { name: "Name" }).fill("This laptop");
  await item.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("The passkey is renamed.", { exact: true })).toBeVisible();
  await expect(item).toContainText("This laptop");

  await signOut(page);
  expect(await signedInEmail(page)).toBeNull();

  await page.goto("/login?redirect=%2Fprofile%2Fupdate");
  const button = page.getByRole("button", { name: "Sign in with a passkey" });
  await expect(button).toBeVisible();
  await page.screenshot({ path: test.info().outputPath("login-passkey.png"), fullPage: true });
  await button.click();
  await expect(page).toHaveURL(/\/profile\/update$/, { timeout: 15_000 });
  expect(await signedInEmail(page)).toBe(email);
  await expect(page.getByRole("region", { name: "Passkeys" }).getByRole("listitem")).toContainText(
    "Last used",
  );
  // The authenticator signed once (its counter moved).
  expect((await credentials(authenticator))[0]?.signCount).toBeGreaterThan(0);
});

test("a security key as the MFA factor answers the step after a password sign-in", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const authenticator = await virtualAuthenticator(page);
  const email = await memberOnUpdatePage(page, "webauthn-mfa", "WebAuthn E2E");
  const security = page.getByRole("region", { name: "Security" });

  await security.getByRole("button", { name: "Set up a security key" }).click();
  await security.getByLabel("Name", { exact: true }).fill("Desk key");
  await security.getByRole("button", { name: "Register the key" }).click();
  await expect(page.getByText("The security key is set up.", { exact: true })).toBeVisible();
  await expect(security.getByRole("listitem").filter({ hasText: "Desk key" })).toContainText(
    "Active",
  );
  expect(await credentials(authenticator)).toHaveLength(1);

  await signOut(page);
  await signIn(page, email, { target: "/profile/update" });
  await expect(page.getByRole("heading", { name: "Two-step verification" })).toBeVisible();
  const useKey = page.getByRole("button", { name: "Use your security key" });
  await expect(useKey).toBeVisible();
  // Only a key is set up: no code form.
  await expect(page.getByLabel(/^Code/)).toHaveCount(0);
  await page.screenshot({ path: test.info().outputPath("login-mfa-key.png"), fullPage: true });
  await useKey.click();
  await expect(page).toHaveURL(/\/profile\/update$/, { timeout: 15_000 });
  // aal2: the security settings are open (not locked behind the step).
  await expect(security.getByRole("button", { name: "Set up a security key" })).toBeVisible();
});
