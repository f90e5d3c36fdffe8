import { decodeJwt } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeDb } from "@/lib/db/client";
import { resetEnvForTests } from "@/lib/env";
import { resetMailAdapterForTests } from "@/lib/mail/adapter";
import {
  authClient,
  GOOD_PASSWORD,
  ORIGIN,
  randomIp,
  rawRequest,
  serviceClient,
  uniqueEmail,
} from "./support/auth-server";
import { clearSendLimit, lastMail, mailsTo } from "./support/auth-messages";

/**
 * Email flows without autoconfirm, through supabase-js: sign-up confirmation (link and
 * code), magic link / email OTP, recovery, resend, verify errors and limits.
 */
beforeAll(() => {
  process.env.SITE_URL = ORIGIN;
  process.env.AUTH_AUTOCONFIRM = "false";
  process.env.AUTH_RATE_LIMIT_EMAIL_SENT = "100000";
  delete process.env.SMTP_URL;
  resetEnvForTests();
  resetMailAdapterForTests();
});

afterAll(async () => {
  delete process.env.AUTH_AUTOCONFIRM;
  delete process.env.AUTH_RATE_LIMIT_EMAIL_SENT;
  resetEnvForTests();
  await closeDb();
});

/** Follows a GET /verify link through the handler; the redirect's Location. */
async function openLink(link: string): Promise<URL> {
  const url = new URL(link);
  const path = `${url.pathname.replace(/^\/auth\/v1\//, "")}${url.search}`;
  const response = await rawRequest("GET", path);
  expect(response.status).toBe(303);
  return new URL(response.headers.get("location") ?? "");
}

describe("sign-up confirmation", () => {
  it("sends a localised email with a link and a 6-digit code; the code confirms and signs in", async () => {
    const client = await authClient();
    const email = uniqueEmail("confirm");
    const { data, error } = await client.auth.signUp({ email, password: GOOD_PASSWORD });
    expect(error).toBeNull();
    expect(data.session).toBeNull();
    expect(data.user?.email_confirmed_at).toBeUndefined();
    expect(data.user?.confirmation_sent_at).toEqual(expect.any(String));

    const mail = await lastMail(email);
    expect(mail.template).toBe("authConfirmSignup");
    expect(mail.subject).toBe("Confirm your Live Market account");
    expect(mail.code).toMatch(/^\d{6}$/);
    expect(mail.link).toContain(`${ORIGIN}/auth/v1/verify?token=`);
    expect(mail.text).toContain(mail.code ?? "none");

    const signIn = await client.auth.signInWithPassword({ email, password: GOOD_PASSWORD });
    expect(signIn.error?.code).toBe("email_not_confirmed");

    const verified = await client.auth.verifyOtp({ email, token: mail.code ?? "", type: "signup" });
    expect(verified.error).toBeNull();
    expect(verified.data.user?.email_confirmed_at).toEqual(expect.any(String));
    expect(decodeJwt(verified.data.session?.access_token ?? "").amr).toEqual([
      { method: "email/signup", timestamp: expect.any(Number) },
    ]);
    // Single use.
    const again = await client.auth.verifyOtp({ email, token: mail.code ?? "", type: "signup" });
    expect(again.error?.code).toBe("otp_expired");
    expect(
      (await client.auth.signInWithPassword({ email, password: GOOD_PASSWORD })).error,
    ).toBeNull();
  });

  it("writes Spanish for a Spanish browser", async () => {
    const email = uniqueEmail("es");
    const response = await rawRequest("POST", "signup", {
      body: JSON.stringify({ email, password: GOOD_PASSWORD }),
      headers: { "accept-language": "es-ES,es;q=0.9" },
    });
    expect(response.status).toBe(200);
    const mail = await lastMail(email);
    expect(mail.locale).toBe("es");
    expect(mail.subject).toBe("Confirma tu cuenta de Live Market");
  });

  it("the link confirms and redirects with the session in the fragment", async () => {
    const client = await authClient();
    const email = uniqueEmail("link");
    await client.auth.signUp({
      email,
      password: GOOD_PASSWORD,
      options: { emailRedirectTo: `${ORIGIN}/welcome?x=1` },
    });
    const mail = await lastMail(email);
    const location = await openLink(mail.link ?? "");
    expect(`${location.origin}${location.pathname}`).toBe(`${ORIGIN}/welcome`);
    expect(location.searchParams.get("x")).toBe("1");
    const fragment = new URLSearchParams(location.hash.slice(1));
    expect(fragment.get("type")).toBe("signup");
    expect(fragment.get("token_type")).toBe("bearer");
    const accessToken = fragment.get("access_token") ?? "";
    expect(decodeJwt(accessToken).email).toBe(email);
    const user = await client.auth.getUser(accessToken);
    expect(user.data.user?.email_confirmed_at).toEqual(expect.any(String));

    // The same link again: an error in the redirect, GoTrue's way.
    const second = await openLink(mail.link ?? "");
    const error = new URLSearchParams(second.hash.slice(1));
    expect(error.get("error")).toBe("access_denied");
    expect(error.get("error_code")).toBe("otp_expired");
    expect(error.get("error_description")).toBe("Email link is invalid or has expired");
  });

  it("refuses other hosts in redirect_to and falls back to the site", async () => {
    const client = await authClient();
    const email = uniqueEmail("evil");
    await client.auth.signUp({
      email,
      password: GOOD_PASSWORD,
      options: { emailRedirectTo: "https://evil.example.com/steal" },
    });
    const location = await openLink((await lastMail(email)).link ?? "");
    expect(location.origin).toBe(ORIGIN);
    expect(location.hash).toContain("access_token=");
  });

  it("token_hash from the link works with verifyOtp (SSR confirmation route)", async () => {
    const client = await authClient();
    const email = uniqueEmail("hash");
    await client.auth.signUp({ email, password: GOOD_PASSWORD });
    const tokenHash = new URL((await lastMail(email)).link ?? "").searchParams.get("token") ?? "";
    const { data, error } = await client.auth.verifyOtp({ token_hash: tokenHash, type: "email" });
    expect(error).toBeNull();
    expect(data.user?.email).toBe(email);
  });

  it("resend: one per minute per address, then a new code replaces the old one", async () => {
    const client = await authClient();
    const email = uniqueEmail("resend");
    await client.auth.signUp({ email, password: GOOD_PASSWORD });
    const first = await lastMail(email);
    const tooSoon = await client.auth.resend({ type: "signup", email });
    expect(tooSoon.error?.status).toBe(429);
    expect(tooSoon.error?.code).toBe("over_email_send_rate_limit");

    await clearSendLimit(email);
    const resent = await client.auth.resend({ type: "signup", email });
    expect(resent.error).toBeNull();
    const second = await lastMail(email);
    expect(second.code).not.toBeNull();
    expect(await mailsTo(email)).toHaveLength(2);
    if (first.code !== second.code) {
      const old = await client.auth.verifyOtp({ email, token: first.code ?? "", type: "signup" });
      expect(old.error?.code).toBe("otp_expired");
    }
    const ok = await client.auth.verifyOtp({ email, token: second.code ?? "", type: "email" });
    expect(ok.error).toBeNull();
  });

  it("resend for an unknown address answers {} and sends nothing", async () => {
    const client = await authClient();
    const email = uniqueEmail("nobody");
    const { error } = await client.auth.resend({ type: "signup", email });
    expect(error).toBeNull();
    expect(await mailsTo(email)).toHaveLength(0);
  });
});

describe("magic link and email OTP", () => {
  it("creates the user (create_user) and the code signs in", async () => {
    const client = await authClient();
    const email = uniqueEmail("otp");
    const sent = await client.auth.signInWithOtp({ email, options: { data: { plan: "free" } } });
    expect(sent.error).toBeNull();
    const mail = await lastMail(email);
    expect(mail.template).toBe("authConfirmSignup");
    const { data, error } = await client.auth.verifyOtp({
      email,
      token: mail.code ?? "",
      type: "email",
    });
    expect(error).toBeNull();
    expect(data.user?.user_metadata).toMatchObject({ plan: "free" });
    expect(data.user?.email_confirmed_at).toEqual(expect.any(String));
  });

  it("sends a magic link to a confirmed user; the link signs in", async () => {
    const client = await authClient();
    const email = uniqueEmail("magic");
    await client.auth.signInWithOtp({ email });
    await client.auth.verifyOtp({
      email,
      token: (await lastMail(email)).code ?? "",
      type: "email",
    });
    await clearSendLimit(email);
    expect((await client.auth.signInWithOtp({ email })).error).toBeNull();
    const mail = await lastMail(email);
    expect(mail.template).toBe("authMagicLink");
    const location = await openLink(mail.link ?? "");
    const fragment = new URLSearchParams(location.hash.slice(1));
    expect(fragment.get("type")).toBe("magiclink");
    expect(decodeJwt(fragment.get("access_token") ?? "").amr).toEqual([
      { method: "magiclink", timestamp: expect.any(Number) },
    ]);
  });

  it("shouldCreateUser false for an unknown address → 422 otp_disabled", async () => {
    const client = await authClient();
    const { error } = await client.auth.signInWithOtp({
      email: uniqueEmail("nocreate"),
      options: { shouldCreateUser: false },
    });
    expect(error?.status).toBe(422);
    expect(error?.code).toBe("otp_disabled");
  });

  it("wrong codes: 403 otp_expired; after 5 attempts even the right code fails", async () => {
    const client = await authClient();
    const email = uniqueEmail("attempts");
    await client.auth.signInWithOtp({ email });
    const code = (await lastMail(email)).code ?? "";
    const wrong = code === "000000" ? "111111" : "000000";
    for (let i = 0; i < 5; i += 1) {
      const { error } = await client.auth.verifyOtp({ email, token: wrong, type: "email" });
      expect(error?.status).toBe(403);
      expect(error?.code).toBe("otp_expired");
    }
    const { error } = await client.auth.verifyOtp({ email, token: code, type: "email" });
    expect(error?.code).toBe("otp_expired");
  });

  it("expired codes are refused (AUTH_OTP_EXPIRY)", async () => {
    const client = await authClient();
    const email = uniqueEmail("expired");
    await client.auth.signInWithOtp({ email });
    const code = (await lastMail(email)).code ?? "";
    const { getDb } = await import("@/lib/db/client");
    const { sql } = await import("drizzle-orm");
    await getDb().execute(
      sql`update auth.one_time_tokens set created_at = now() - interval '2 hours' where relates_to = ${email}`,
    );
    const { error } = await client.auth.verifyOtp({ email, token: code, type: "email" });
    expect(error?.code).toBe("otp_expired");
  });
});

describe("recovery", () => {
  it("answers {} for an unknown address and sends nothing (no enumeration)", async () => {
    const client = await authClient();
    const email = uniqueEmail("unknown");
    const { data, error } = await client.auth.resetPasswordForEmail(email);
    expect(error).toBeNull();
    expect(data).toEqual({});
    expect(await mailsTo(email)).toHaveLength(0);
  });

  it("sends a recovery email whose code signs in, then the password can change", async () => {
    const client = await authClient();
    const email = uniqueEmail("recover");
    await client.auth.signUp({ email, password: GOOD_PASSWORD });
    await client.auth.verifyOtp({
      email,
      token: (await lastMail(email)).code ?? "",
      type: "signup",
    });
    await clearSendLimit(email);
    expect((await client.auth.resetPasswordForEmail(email)).error).toBeNull();
    const mail = await lastMail(email);
    expect(mail.template).toBe("authRecovery");
    const verified = await client.auth.verifyOtp({
      email,
      token: mail.code ?? "",
      type: "recovery",
    });
    expect(verified.error).toBeNull();
    const updated = await client.auth.updateUser({ password: `${GOOD_PASSWORD} 2` });
    expect(updated.error).toBeNull();
    const signIn = await client.auth.signInWithPassword({
      email,
      password: `${GOOD_PASSWORD} 2`,
    });
    expect(signIn.error).toBeNull();
  });
});

describe("verify input and limits", () => {
  it("an unknown type → 400 validation_failed", async () => {
    const response = await rawRequest("POST", "verify", {
      body: JSON.stringify({ type: "bogus", email: "a@example.com", token: "123456" }),
      headers: { "X-Supabase-Api-Version": "2024-01-01" },
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ code: "validation_failed" });
  });

  it("POST /verify: 30 per 5 minutes per client address → 429", async () => {
    const ip = randomIp();
    const body = JSON.stringify({ type: "email", email: "limit@example.com", token: "123456" });
    const statuses: number[] = [];
    for (let i = 0; i < 31; i += 1) {
      statuses.push((await rawRequest("POST", "verify", { body, ip })).status);
    }
    expect(statuses.slice(0, 30).every((status) => status === 403)).toBe(true);
    expect(statuses[30]).toBe(429);
  });

  it("POST /otp: 30 per 5 minutes per client address → 429 over_request_rate_limit", async () => {
    const ip = randomIp();
    let last: Response | undefined;
    for (let i = 0; i < 31; i += 1) {
      last = await rawRequest("POST", "otp", {
        body: JSON.stringify({ email: "bad address" }),
        ip,
        headers: { "X-Supabase-Api-Version": "2024-01-01" },
      });
    }
    expect(last?.status).toBe(429);
    expect(await last?.json()).toMatchObject({ code: "over_request_rate_limit" });
  });
});

describe("invite", () => {
  it("inviteUserByEmail (service_role): an invitation whose link signs the user in", async () => {
    const admin = await serviceClient();
    const email = uniqueEmail("invite");
    const invited = await admin.auth.admin.inviteUserByEmail(email, {
      data: { team: "blue" },
      redirectTo: `${ORIGIN}/welcome`,
    });
    expect(invited.error).toBeNull();
    expect(invited.data.user).toMatchObject({ email, user_metadata: { team: "blue" } });
    const mail = await lastMail(email);
    expect(mail.template).toBe("authInvite");
    const location = await openLink(mail.link ?? "");
    expect(location.pathname).toBe("/welcome");
    const fragment = new URLSearchParams(location.hash.slice(1));
    expect(fragment.get("type")).toBe("invite");
    expect(decodeJwt(fragment.get("access_token") ?? "").email).toBe(email);

    const anon = await authClient();
    const refused = await anon.auth.admin.inviteUserByEmail(uniqueEmail("no"));
    expect(refused.error?.status).toBe(403);
    await clearSendLimit(email);
    const again = await admin.auth.admin.inviteUserByEmail(email);
    expect(again.error?.code).toBe("email_exists");
  });
});
