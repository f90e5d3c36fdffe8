import type { SupabaseClient } from "@supabase/supabase-js";
import { sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { getApiKeys } from "@/lib/auth/service/keys";
import { base32Decode, hotp, totpStep } from "@/lib/auth/service/totp";
import { closeDb, getDb } from "@/lib/db/client";
import { queryRows } from "@/lib/db/rows";
import { resetMailAdapterForTests } from "@/lib/mail/adapter";
import {
  authClient,
  GOOD_PASSWORD,
  ORIGIN,
  randomIp,
  rawRequest,
  serviceClient,
  settingsSwitch,
  uniqueEmail,
} from "./support/auth-server";
import { clearSendLimit, lastMail, mailsTo, randomPhone, smsTo } from "./support/auth-messages";

/**
 * The built-in service answers as GoTrue does (issues 2.11, 2.12 and section 3): sign-up
 * without autoconfirm by default (no account enumeration), phone changes only after their
 * code, invited_at, the password length setting, manual linking, the admin MFA endpoints
 * and abandoned TOTP enrolments. Each test starts from the default settings.
 */
const settings = settingsSwitch([
  "AUTH_AUTOCONFIRM",
  "AUTH_MAILER_AUTOCONFIRM",
  "AUTH_SMS_AUTOCONFIRM",
  "AUTH_PASSWORD_MIN_LENGTH",
  "AUTH_SECURITY_MANUAL_LINKING_ENABLED",
  "AUTH_MFA_FACTOR_EXPIRY",
]);

let admin: SupabaseClient;

beforeAll(async () => {
  process.env.SITE_URL = ORIGIN;
  process.env.AUTH_RATE_LIMIT_EMAIL_SENT = "100000";
  process.env.AUTH_RATE_LIMIT_SMS_SENT = "100000";
  delete process.env.SMTP_URL;
  settings({});
  resetMailAdapterForTests();
  admin = await serviceClient();
});

afterEach(() => settings({}));

afterAll(async () => {
  delete process.env.AUTH_RATE_LIMIT_EMAIL_SENT;
  delete process.env.AUTH_RATE_LIMIT_SMS_SENT;
  settings({});
  await closeDb();
});

/** A user whose address is confirmed through the emailed code, signed in. */
async function confirmedUser(label: string) {
  const client = await authClient();
  const email = uniqueEmail(label);
  const { error } = await client.auth.signUp({ email, password: GOOD_PASSWORD });
  expect(error).toBeNull();
  const code = (await lastMail(email)).code ?? "";
  const verified = await client.auth.verifyOtp({ email, token: code, type: "signup" });
  expect(verified.error).toBeNull();
  await clearSendLimit(email);
  return { client, email, user: verified.data.user };
}

async function auditActions(userId: string): Promise<string[]> {
  const rows = await queryRows<{ action: string }>(
    getDb(),
    sql`select payload->>'action' as action from auth.audit_log_entries
        where payload->>'actor_id' = ${userId} order by created_at`,
  );
  return rows.map((row) => row.action);
}

describe("sign-up confirms by email by default (no autoconfirm, no enumeration)", () => {
  it("sends the confirmation to the mailbox and answers no session", async () => {
    const settingsAnswer = await rawRequest("GET", "settings");
    expect(await settingsAnswer.json()).toMatchObject({
      mailer_autoconfirm: false,
      phone_autoconfirm: false,
    });
    const client = await authClient();
    const email = uniqueEmail("default");
    const { data, error } = await client.auth.signUp({ email, password: GOOD_PASSWORD });
    expect(error).toBeNull();
    expect(data.session).toBeNull();
    expect(data.user?.email_confirmed_at).toBeUndefined();
    expect((await lastMail(email)).template).toBe("authConfirmSignup");
  });

  it("a confirmed address gets GoTrue's look-alike user: no session, no email, no id", async () => {
    const { email, user } = await confirmedUser("taken");
    const mailsBefore = (await mailsTo(email)).length;
    const client = await authClient();
    const { data, error } = await client.auth.signUp({
      email,
      password: "another password entirely",
      options: { data: { name: "Intruder" } },
    });
    expect(error).toBeNull();
    expect(data.session).toBeNull();
    expect(data.user).toMatchObject({
      email,
      phone: "",
      role: "authenticated",
      identities: [],
      user_metadata: { name: "Intruder" },
      app_metadata: { provider: "email", providers: ["email"] },
    });
    expect(data.user?.id).not.toBe(user?.id);
    expect(data.user?.email_confirmed_at).toBeUndefined();
    expect(data.user?.last_sign_in_at).toBeUndefined();
    expect((await mailsTo(email)).length).toBe(mailsBefore);
    expect(await auditActions(user?.id ?? "")).toContain("user_repeated_signup");
    // The real account keeps its password.
    const signIn = await client.auth.signInWithPassword({ email, password: GOOD_PASSWORD });
    expect(signIn.error).toBeNull();
  });

  it("with autoconfirm on (AUTH_MAILER_AUTOCONFIRM) a confirmed address is 422 user_already_exists", async () => {
    const { email } = await confirmedUser("taken-auto");
    settings({ AUTH_MAILER_AUTOCONFIRM: "true" });
    const client = await authClient();
    const fresh = await client.auth.signUp({ email: uniqueEmail("auto"), password: GOOD_PASSWORD });
    expect(fresh.data.session).not.toBeNull();
    const again = await client.auth.signUp({ email, password: GOOD_PASSWORD });
    expect(again.error).toMatchObject({ status: 422, code: "user_already_exists" });
    // AUTH_SMS_AUTOCONFIRM is apart: a phone sign-up still gets its code by SMS.
    const phone = randomPhone();
    const byPhone = await client.auth.signUp({ phone: `+${phone}`, password: GOOD_PASSWORD });
    expect(byPhone.error).toBeNull();
    expect(byPhone.data.session).toBeNull();
    expect((await smsTo(phone))[0]?.code).toMatch(/^\d{6}$/);
  });

  it("AUTH_AUTOCONFIRM still turns on both", async () => {
    settings({ AUTH_AUTOCONFIRM: "true" });
    const client = await authClient();
    const byPhone = await client.auth.signUp({
      phone: `+${randomPhone()}`,
      password: GOOD_PASSWORD,
    });
    expect(byPhone.data.session).not.toBeNull();
  });
});

describe("a new phone number signs in only after its code (phone_change)", () => {
  it("PUT /user stores phone_change and texts a code; POST /verify phone_change applies it", async () => {
    const { client, email, user } = await confirmedUser("phone-change");
    const phone = randomPhone();
    const { data, error } = await client.auth.updateUser({ phone: `+${phone}` });
    expect(error).toBeNull();
    expect(data.user?.phone).toBe("");
    expect(data.user?.new_phone).toBe(phone);

    const [sms] = await smsTo(phone);
    expect(sms?.code).toMatch(/^\d{6}$/);
    // Not an identifier yet.
    const other = await authClient();
    const early = await other.auth.signInWithPassword({
      phone: `+${phone}`,
      password: GOOD_PASSWORD,
    });
    expect(early.error).toMatchObject({ status: 400, code: "invalid_credentials" });
    const me = await client.auth.getUser();
    expect(me.data.user?.phone).toBe("");

    const verified = await client.auth.verifyOtp({
      phone: `+${phone}`,
      token: sms?.code ?? "",
      type: "phone_change",
    });
    expect(verified.error).toBeNull();
    expect(verified.data.user).toMatchObject({ id: user?.id, email, phone });
    expect(verified.data.user?.new_phone).toBeUndefined();
    const later = await other.auth.signInWithPassword({
      phone: `+${phone}`,
      password: GOOD_PASSWORD,
    });
    expect(later.error).toBeNull();
    expect(later.data.user?.id).toBe(user?.id);
  });
});

describe("the user object", () => {
  it("carries invited_at", async () => {
    const email = uniqueEmail("invited");
    const { data, error } = await admin.auth.admin.inviteUserByEmail(email);
    expect(error).toBeNull();
    expect(data.user?.invited_at).toEqual(expect.any(String));
    const fetched = await admin.auth.admin.getUserById(data.user?.id ?? "");
    expect(fetched.data.user?.invited_at).toBe(data.user?.invited_at);
  });
});

describe("AUTH_PASSWORD_MIN_LENGTH", () => {
  it("refuses shorter passwords with GoTrue's weak_password message", async () => {
    settings({ AUTH_PASSWORD_MIN_LENGTH: "12" });
    const response = await rawRequest("POST", "signup", {
      body: JSON.stringify({ email: uniqueEmail("short"), password: "plum-tree-42" }),
      headers: { "X-Supabase-Api-Version": "2024-01-01" },
    });
    expect(response.status).toBe(200);
    const short = await rawRequest("POST", "signup", {
      body: JSON.stringify({ email: uniqueEmail("short"), password: "plum-tree-4" }),
      headers: { "X-Supabase-Api-Version": "2024-01-01" },
    });
    expect(short.status).toBe(422);
    expect(await short.json()).toEqual({
      code: "weak_password",
      message: "Password should be at least 12 characters.",
      weak_password: { reasons: ["length"] },
    });
  });

  it("may be as low as GoTrue's default of 6", async () => {
    settings({ AUTH_PASSWORD_MIN_LENGTH: "6" });
    const client = await authClient();
    const { error } = await client.auth.signUp({ email: uniqueEmail("six"), password: "zq7!xw" });
    expect(error).toBeNull();
  });
});

describe("AUTH_SECURITY_MANUAL_LINKING_ENABLED=false", () => {
  it("linking and unlinking answer 404 manual_linking_disabled", async () => {
    settings({ AUTH_SECURITY_MANUAL_LINKING_ENABLED: "false", AUTH_AUTOCONFIRM: "true" });
    const client = await authClient();
    const { data } = await client.auth.signUp({
      email: uniqueEmail("nolink"),
      password: GOOD_PASSWORD,
    });
    const token = data.session?.access_token ?? "";
    const headers = { authorization: `Bearer ${token}`, "X-Supabase-Api-Version": "2024-01-01" };
    const identity = data.user?.identities?.[0]?.identity_id ?? "";
    const answers = [
      await rawRequest("DELETE", `user/identities/${identity}`, { headers }),
      await rawRequest("GET", "user/identities/authorize?provider=google&skip_http_redirect=true", {
        headers,
      }),
      await rawRequest("POST", "token?grant_type=id_token", {
        headers,
        body: JSON.stringify({ provider: "google", id_token: "x.y.z", link_identity: true }),
      }),
    ];
    for (const answer of answers) {
      expect(answer.status).toBe(404);
      expect(await answer.json()).toEqual({
        code: "manual_linking_disabled",
        message: "Manual linking is disabled",
      });
    }
    const unlink = await client.auth.unlinkIdentity(data.user?.identities?.[0] as never);
    expect(unlink.error).toMatchObject({ status: 404, code: "manual_linking_disabled" });
  });
});

const codeNow = (secret: string) =>
  hotp(base32Decode(secret), totpStep(Math.floor(Date.now() / 1000)));

describe("admin MFA endpoints", () => {
  it("lists, renames and deletes a user's factors (auth.admin.mfa)", async () => {
    settings({ AUTH_AUTOCONFIRM: "true" });
    const client = await authClient();
    const { data } = await client.auth.signUp({
      email: uniqueEmail("admin-mfa"),
      password: GOOD_PASSWORD,
    });
    const userId = data.user?.id ?? "";
    const enrolled = await client.auth.mfa.enroll({
      factorType: "totp",
      friendlyName: "phone app",
    });
    const factorId = enrolled.data?.id ?? "";

    const listed = await admin.auth.admin.mfa.listFactors({ userId });
    expect(listed.error).toBeNull();
    expect(listed.data?.factors).toEqual([
      expect.objectContaining({
        id: factorId,
        friendly_name: "phone app",
        factor_type: "totp",
        status: "unverified",
      }),
    ]);

    const { serviceRoleKey, anonKey } = await getApiKeys();
    const renamed = await rawRequest("PUT", `admin/users/${userId}/factors/${factorId}`, {
      headers: { authorization: `Bearer ${serviceRoleKey}` },
      body: JSON.stringify({ friendly_name: "work phone" }),
    });
    expect(renamed.status).toBe(200);
    expect(await renamed.json()).toMatchObject({ id: factorId, friendly_name: "work phone" });

    const refused = await rawRequest("GET", `admin/users/${userId}/factors`, {
      headers: { authorization: `Bearer ${anonKey}`, "X-Supabase-Api-Version": "2024-01-01" },
    });
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { code: string }).code).toBe("not_admin");

    const unknown = await admin.auth.admin.mfa.deleteFactor({
      userId,
      id: "00000000-0000-4000-8000-000000000000",
    });
    expect(unknown.error).toMatchObject({ status: 404, code: "mfa_factor_not_found" });
    const nobody = await admin.auth.admin.mfa.listFactors({
      userId: "00000000-0000-4000-8000-000000000000",
    });
    expect(nobody.error).toMatchObject({ status: 404, code: "user_not_found" });

    const deleted = await rawRequest("DELETE", `admin/users/${userId}/factors/${factorId}`, {
      headers: { authorization: `Bearer ${serviceRoleKey}` },
    });
    expect(deleted.status).toBe(200);
    expect(await deleted.json()).toMatchObject({ id: factorId, friendly_name: "work phone" });
    expect((await admin.auth.admin.mfa.listFactors({ userId })).data?.factors).toEqual([]);
    expect(await auditActions(userId)).toEqual(
      expect.arrayContaining(["factor_updated", "factor_deleted"]),
    );
  });

  it("refuses a taken name; deleting a verified factor lowers its sessions to aal1", async () => {
    settings({ AUTH_AUTOCONFIRM: "true" });
    const client = await authClient();
    const { data } = await client.auth.signUp({
      email: uniqueEmail("admin-mfa-verified"),
      password: GOOD_PASSWORD,
    });
    const userId = data.user?.id ?? "";
    const enrolled = await client.auth.mfa.enroll({ factorType: "totp", friendlyName: "phone" });
    if (enrolled.data?.type !== "totp") throw new Error("no totp factor");
    const factorId = enrolled.data.id;
    const verified = await client.auth.mfa.challengeAndVerify({
      factorId,
      code: codeNow(enrolled.data.totp.secret),
    });
    expect(verified.error).toBeNull();
    const other = await client.auth.mfa.enroll({ factorType: "totp", friendlyName: "backup" });
    expect(other.error).toBeNull();

    const { serviceRoleKey } = await getApiKeys();
    const taken = await rawRequest("PUT", `admin/users/${userId}/factors/${factorId}`, {
      headers: {
        authorization: `Bearer ${serviceRoleKey}`,
        "X-Supabase-Api-Version": "2024-01-01",
      },
      body: JSON.stringify({ friendly_name: "backup" }),
    });
    expect(taken.status).toBe(422);
    expect(((await taken.json()) as { code: string }).code).toBe("mfa_factor_name_conflict");

    expect((await client.auth.mfa.getAuthenticatorAssuranceLevel()).data?.currentLevel).toBe(
      "aal2",
    );
    const deleted = await admin.auth.admin.mfa.deleteFactor({ userId, id: factorId });
    expect(deleted.error).toBeNull();
    const refreshed = await client.auth.refreshSession();
    expect(refreshed.error).toBeNull();
    expect((await client.auth.mfa.getAuthenticatorAssuranceLevel()).data).toMatchObject({
      currentLevel: "aal1",
      nextLevel: "aal1",
    });
    const [entry] = await queryRows<{ traits: unknown }>(
      getDb(),
      sql`select payload->'traits' as traits from auth.audit_log_entries
          where payload->>'actor_id' = ${userId} and payload->>'action' = 'factor_deleted'`,
    );
    expect(entry?.traits).toEqual({ factor_id: factorId, factor_type: "totp" });
  });
});

describe("abandoned TOTP enrolments", () => {
  it("are removed at the next enrolment, and by verifying another factor", async () => {
    settings({ AUTH_AUTOCONFIRM: "true" });
    const client = await authClient({ ip: randomIp() });
    await client.auth.signUp({ email: uniqueEmail("abandon"), password: GOOD_PASSWORD });
    const first = await client.auth.mfa.enroll({ factorType: "totp", friendlyName: "first" });
    const firstId = first.data?.id ?? "";
    await getDb().execute(
      sql`update auth.mfa_factors set created_at = now() - interval '10 minutes'
          where id = ${firstId}`,
    );
    const second = await client.auth.mfa.enroll({ factorType: "totp", friendlyName: "second" });
    const third = await client.auth.mfa.enroll({ factorType: "totp", friendlyName: "third" });
    let factors = (await client.auth.getUser()).data.user?.factors ?? [];
    expect(factors.map((f) => f.friendly_name)).toEqual(["second", "third"]);

    if (third.data?.type !== "totp") throw new Error("no totp factor");
    const verified = await client.auth.mfa.challengeAndVerify({
      factorId: third.data.id,
      code: codeNow(third.data.totp.secret),
    });
    expect(verified.error).toBeNull();
    factors = (await client.auth.getUser()).data.user?.factors ?? [];
    expect(factors.map((f) => [f.friendly_name, f.status])).toEqual([["third", "verified"]]);
    expect(second.data?.id).not.toBe(third.data.id);
  });
});
