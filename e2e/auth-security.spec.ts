import { createHmac } from "node:crypto";
import { expect, test, type Page } from "./support/test";
import postgres from "postgres";
import { expectNoSeriousA11yViolations } from "./helpers-axe";
import { memberOnUpdatePage, PASSWORD as password, signIn, uniqueEmail } from "./support/accounts";

/**
 * Account security on /profile/update against the production build: MFA enrolment (the
 * code computed here from the secret the page shows, as an authenticator app would), the
 * TOTP step after a password sign-in, the secure email change (both addresses confirm: one
 * by the mailed link, one by the mailed code, read from the mail outbox), identities, and
 * axe on the new UI in both themes.
 */
const databaseUrl =
  process.env.E2E_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/livemarket_e2e";
async function withSql<T>(fn: (sql: postgres.Sql) => Promise<T>): Promise<T> {
  const sql = postgres(databaseUrl, { max: 1 });
  try {
    return await fn(sql);
  } finally {
    await sql.end();
  }
}

/** RFC 6238 with RFC 4226's HOTP: HMAC-SHA1, 6 digits, 30 s steps, base32 secrets. */
function base32Decode(input: string): Buffer {
  const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";
  let bits = 0;
  let value = 0;
  const out: number[] = [];
  for (const char of input.replace(/=+$/, "").toUpperCase()) {
    const index = alphabet.indexOf(char);
    if (index === -1) throw new Error(`not base32: ${char}`);
    value = (value << 5) | index;
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 0xff);
      bits -= 8;
    }
  }
  return Buffer.from(out);
}

function hotp(secret: string, counter: number): string {
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(counter));
  const digest = createHmac("sha1", base32Decode(secret)).update(message).digest();
  const offset = (digest[digest.length - 1] ?? 0) & 0x0f;
  const binary = digest.readUInt32BE(offset) & 0x7fffffff;
  return (binary % 1_000_000).toString().padStart(6, "0");
}

const currentStep = () => Math.floor(Date.now() / 1000 / 30);

/**
 * An authenticator app that remembers the last step it gave: the service refuses a step
 * (or an earlier one) that has verified already, and accepts one step ahead.
 */
function authenticator(secret: string) {
  let last = -1;
  return {
    async code(): Promise<string> {
      let step = Math.max(currentStep(), last + 1);
      while (step > currentStep() + 1) {
        await new Promise((resolve) => setTimeout(resolve, 1000));
        step = Math.max(currentStep(), last + 1);
      }
      last = step;
      return hotp(secret, step);
    },
    /** A code no step around now has. */
    wrong(): string {
      const near = [-1, 0, 1, 2].map((d) => hotp(secret, currentStep() + d));
      let candidate = 123456;
      while (near.includes(String(candidate))) candidate += 1;
      return String(candidate);
    },
  };
}

/** The newest auth email of `template` to `email` in the outbox: its code and link. */
async function lastAuthMail(email: string, template: string) {
  const [row] = await withSql(
    (sql) => sql<{ html: string }[]>`
      select html from mail_outbox where to_address = ${email} and template = ${template}
      order by created_at desc, id desc limit 1`,
  );
  expect(row, `${template} to ${email}`).toBeTruthy();
  const html = row?.html ?? "";
  return {
    code: /letter-spacing:6px[^>]*>(\d{6})</.exec(html)?.[1] ?? "",
    link: (/href="([^"]*\/auth\/v1\/verify[^"]*)"/.exec(html)?.[1] ?? "").replace(/&amp;/g, "&"),
  };
}

async function axeInBothThemes(page: Page): Promise<void> {
  await expectNoSeriousA11yViolations(page);
  await page.evaluate(() => window.localStorage.setItem("lm-theme", "light"));
  await page.evaluate(() => document.documentElement.classList.replace("dark", "light"));
  await expect(page.locator("html")).toHaveClass(/light/);
  await expectNoSeriousA11yViolations(page);
  await page.evaluate(() => window.localStorage.setItem("lm-theme", "dark"));
  await page.evaluate(() => document.documentElement.classList.replace("light", "dark"));
}

test("MFA: enrol with the shown secret, then password sign-in asks for the TOTP code", async ({
  page,
}) => {
  test.setTimeout(180_000);
  const email = await memberOnUpdatePage(page, "mfa", "Security E2E");
  const security = page.getByRole("region", { name: "Security" });
  await expect(security.getByText("No authenticator app is set up.")).toBeVisible();

  await security.getByRole("button", { name: "Set up an authenticator app" }).click();
  await security.getByLabel("Name", { exact: true }).fill("Work phone");
  await security.getByRole("button", { name: "Continue" }).click();
  const qr = security.getByRole("img", { name: /QR code/ });
  await expect(qr).toBeVisible();
  // The SVG data URI renders (a "#" in it would cut the image).
  expect(await qr.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  const secret = ((await security.getByTestId("totp-secret").textContent()) ?? "").trim();
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await axeInBothThemes(page);

  const app = authenticator(secret);
  await security.getByLabel(/^Code from the app/).fill(app.wrong());
  await security.getByRole("button", { name: "Activate" }).click();
  await expect(security.getByRole("alert")).toHaveText(
    "The code is not correct. Check your authenticator app and try again.",
  );
  await security.getByLabel(/^Code from the app/).fill(await app.code());
  await security.getByRole("button", { name: "Activate" }).click();
  await expect(page.getByText("Two-step verification is on.", { exact: true })).toBeVisible();
  await expect(security.getByRole("listitem").filter({ hasText: "Work phone" })).toContainText(
    "Active",
  );
  await axeInBothThemes(page);

  // Sign out, then a password sign-in stops at the TOTP step.
  await page.goto("/profile");
  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/$/);
  await signIn(page, email, { target: "/profile/update" });
  await expect(page.getByRole("heading", { name: "Two-step verification" })).toBeVisible();
  await expect(page).toHaveURL(/\/login\?redirect=%2Fprofile%2Fupdate$/);
  const codeField = page.getByLabel(/^Code/);
  await expect(codeField).toHaveAttribute("autocomplete", "one-time-code");
  await axeInBothThemes(page);

  // A reload keeps the step (the guard leaves /login open while it is pending).
  await page.reload();
  await expect(page.getByRole("heading", { name: "Two-step verification" })).toBeVisible();
  // At aal1 the security settings are locked behind the same step.
  await page.goto("/profile/update");
  await expect(security.getByText("Confirm it is you")).toBeVisible();
  await expect(security.getByRole("button", { name: "Change email" })).toHaveCount(0);

  await page.goto("/login?redirect=%2Fprofile%2Fupdate");
  await page.getByLabel(/^Code/).fill(app.wrong());
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page.locator("form [role=alert]")).toHaveText(
    "The code is not correct. Check your authenticator app and try again.",
  );
  await page.getByLabel(/^Code/).fill(await app.code());
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page).toHaveURL(/\/profile\/update$/);
  await expect(security.getByRole("button", { name: "Change email" })).toBeVisible();
  const session = await page.request.get("/api/profile/me/user");
  expect(await session.json()).toMatchObject({
    email,
    factors: [{ friendly_name: "Work phone", status: "verified", factor_type: "totp" }],
  });

  // Removing the factor at aal2; the next sign-in needs no code.
  await security.getByRole("button", { name: "Remove Work phone" }).click();
  await expect(page.getByText("The authenticator app is removed.", { exact: true })).toBeVisible();
  await expect(security.getByText("No authenticator app is set up.")).toBeVisible();
});

test("secure email change: both addresses confirm, by link and by code", async ({ page }) => {
  test.setTimeout(90_000);
  const email = await memberOnUpdatePage(page, "change", "Security E2E");
  const security = page.getByRole("region", { name: "Security" });
  await expect(security.getByText(`Current address: ${email}`)).toBeVisible();

  // The only identity cannot be removed: the service's refusal is shown.
  await security.getByRole("button", { name: `Remove ${email}` }).click();
  await expect(security.getByRole("alert")).toHaveText(
    "This is your only way to sign in, so it cannot be removed.",
  );

  const next = uniqueEmail("changed");
  await security.getByLabel(/^New email address/).fill("not-an-email");
  await security.getByRole("button", { name: "Change email" }).click();
  await expect(security.getByText("Please enter a valid email")).toBeVisible();
  await security.getByLabel(/^New email address/).fill(next);
  await security.getByRole("button", { name: "Change email" }).click();
  await expect(security.getByRole("status").first()).toContainText(
    `We sent a link and a code to ${email} and to ${next}.`,
  );
  await axeInBothThemes(page);

  // The current address agrees by its link: nothing changes yet.
  const current = await lastAuthMail(email, "authEmailChangeCurrent");
  expect(current.link).toContain("type=email_change");
  await page.goto(current.link);
  await expect(page).toHaveURL(/\/profile\/update\?email_change=1/);
  await expect(
    page.getByText("One address has confirmed the change. Confirm it from the other address too."),
  ).toBeVisible();
  await expect(security.getByText(`Current address: ${email}`)).toBeVisible();

  // The new address by its code: now the change applies.
  const fresh = await lastAuthMail(next, "authEmailChange");
  await security.getByLabel(`Code sent to ${next}`).fill(fresh.code);
  await security
    .locator("form")
    .filter({ has: page.getByLabel(`Code sent to ${next}`) })
    .getByRole("button", { name: "Confirm" })
    .click();
  await expect(page.getByText(`Your email address is now ${next}.`, { exact: true })).toBeVisible();
  await expect(security.getByText(`Current address: ${next}`)).toBeVisible();
  const user = await page.request.get("/api/profile/me/user");
  expect(await user.json()).toMatchObject({ email: next });
});

test("phone change: the number signs in only after the texted code; /profile shows it", async ({
  page,
}) => {
  test.setTimeout(90_000);
  await memberOnUpdatePage(page, "phone", "Security E2E");
  const security = page.getByRole("region", { name: "Security" });
  const digits = `1555${Math.floor(Math.random() * 1e7)
    .toString()
    .padStart(7, "0")}`;
  const phone = `+${digits}`;
  const passwordGrant = () =>
    page.request.post("/auth/v1/token?grant_type=password", {
      headers: { "content-type": "application/json", "x-supabase-api-version": "2024-01-01" },
      data: { phone, password },
    });
  await security.getByLabel(/^New phone number/).fill(phone);
  await security.getByRole("button", { name: "Change phone" }).click();
  await expect(security.getByTestId("phone-change-pending")).toContainText(
    `We sent a code by text message to ${phone}.`,
  );

  // The code is in the SMS outbox (/dev/sms); until it is used the number is nobody's.
  const [sms] = await withSql(
    (sql) => sql<{ body: string }[]>`
      select body from sms_outbox where to_number = ${phone} order by created_at desc limit 1`,
  );
  const code = /\b(\d{6})\b/.exec(sms?.body ?? "")?.[1] ?? "";
  expect(code).toMatch(/^\d{6}$/);
  const early = await passwordGrant();
  expect(early.status()).toBe(400);
  expect((await early.json()).code).toBe("invalid_credentials");
  const profile = await page.context().newPage();
  await profile.goto("/profile");
  await expect(profile.getByTestId("profile-display-name")).toBeVisible();
  await expect(profile.locator("dd", { hasText: phone })).toHaveCount(0);

  await security.getByLabel(/^Code from the text message/).fill(code);
  await security.getByRole("button", { name: "Confirm" }).click();
  await expect(page.getByText(`Your phone number is now ${phone}.`, { exact: true })).toBeVisible();
  await expect(security.getByText(`Current number: ${phone}`)).toBeVisible();
  expect((await passwordGrant()).status()).toBe(200);

  // /profile shows the same number as /profile/update.
  await profile.goto("/profile");
  await expect(profile.locator("dd", { hasText: phone })).toBeVisible();
  await profile.close();
});
