import { sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { CLEANUP_THROTTLE_KEY } from "@/lib/auth/service/unconfirmed-users";
import { closeDb, getDb } from "@/lib/db/client";
import { queryRows } from "@/lib/db/rows";
import { resetMailAdapterForTests } from "@/lib/mail/adapter";
import {
  authClient,
  GOOD_PASSWORD,
  ORIGIN,
  randomIp,
  rawRequest,
  settingsSwitch,
  uniqueEmail,
} from "./support/auth-server";
import { mailsTo, randomPhone, smsTo } from "./support/auth-messages";

/**
 * Abuse of the auth service by one client (issue 2.3 and the GoTrue rate limit settings):
 * per-recipient and per-client sending limits come before the shared hourly budget,
 * unconfirmed users are removed after AUTH_UNCONFIRMED_USER_RETENTION, the RATE_LIMIT_*
 * settings apply, and a repeated /resend for an unknown address answers {} every time.
 * Runs with the default settings unless a test sets one.
 */
const settings = settingsSwitch([
  "AUTH_AUTOCONFIRM",
  "AUTH_RATE_LIMIT_EMAIL_SENT",
  "AUTH_RATE_LIMIT_SMS_SENT",
  "AUTH_RATE_LIMIT_SENT_PER_CLIENT",
  "AUTH_RATE_LIMIT_OTP",
  "AUTH_RATE_LIMIT_TOKEN_REFRESH",
  "AUTH_RATE_LIMIT_VERIFY",
  "AUTH_RATE_LIMIT_ANONYMOUS_USERS",
  "AUTH_UNCONFIRMED_USER_RETENTION",
]);

beforeAll(() => {
  process.env.SITE_URL = ORIGIN;
  delete process.env.SMTP_URL;
  settings({});
  resetMailAdapterForTests();
});

afterEach(() => settings({}));

afterAll(async () => {
  settings({});
  await closeDb();
});

async function counter(key: string): Promise<number> {
  const rows = await queryRows<{ count: number }>(
    getDb(),
    sql`select count from rate_limits where key = ${key}`,
  );
  return Number(rows[0]?.count ?? 0);
}

async function forget(...keys: string[]): Promise<void> {
  for (const key of keys) await getDb().execute(sql`delete from rate_limits where key = ${key}`);
}

async function post(path: string, body: unknown, ip: string) {
  const response = await rawRequest("POST", path, {
    body: JSON.stringify(body),
    ip,
    headers: { "X-Supabase-Api-Version": "2024-01-01" },
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

describe("sending limits: per recipient and per client before the shared budget", () => {
  it("one client cannot use up the site's hourly auth emails (30 /otp calls, defaults)", async () => {
    await forget("auth:emails-sent");
    const attacker = randomIp();
    const statuses: number[] = [];
    let refusal: Record<string, unknown> | undefined;
    for (let i = 0; i < 30; i++) {
      const answer = await post("otp", { email: uniqueEmail(`flood-${i}`) }, attacker);
      statuses.push(answer.status);
      if (answer.status !== 200) refusal ??= answer.body;
    }
    // AUTH_RATE_LIMIT_SENT_PER_CLIENT (10 an hour), then GoTrue's refusal.
    expect(statuses.filter((s) => s === 200)).toHaveLength(10);
    expect(statuses.slice(10).every((s) => s === 429)).toBe(true);
    expect(refusal).toEqual({
      code: "over_email_send_rate_limit",
      message: "Email rate limit exceeded",
    });
    // Refusals consumed nothing of the shared budget (30 an hour).
    expect(await counter("auth:emails-sent")).toBe(10);

    // Anyone else still gets their confirmation email.
    const client = await authClient();
    const email = uniqueEmail("after-flood");
    const { data, error } = await client.auth.signUp({ email, password: GOOD_PASSWORD });
    expect(error).toBeNull();
    expect(data.session).toBeNull();
    expect((await mailsTo(email)).map((m) => m.template)).toEqual(["authConfirmSignup"]);
  });

  it("the per-recipient minute comes first: a refused recipient costs the client nothing", async () => {
    const ip = randomIp();
    const email = uniqueEmail("minute");
    expect((await post("otp", { email }, ip)).status).toBe(200);
    const again = await post("otp", { email }, ip);
    expect(again.status).toBe(429);
    expect(again.body.code).toBe("over_email_send_rate_limit");
    expect(again.body.message).toMatch(/^For security purposes, you can only request this after/);
    expect(await counter(`auth:sent-by:email:${ip}`)).toBe(1);
  });

  it("the shared budget still caps everyone together (AUTH_RATE_LIMIT_EMAIL_SENT)", async () => {
    settings({ AUTH_RATE_LIMIT_EMAIL_SENT: "4" });
    await forget("auth:emails-sent");
    // Per client at most half of the budget: 2.
    const one = randomIp();
    const two = randomIp();
    const three = randomIp();
    const results = [];
    for (const ip of [one, one, one, two, two, three]) {
      results.push((await post("otp", { email: uniqueEmail("shared") }, ip)).status);
    }
    expect(results).toEqual([200, 200, 429, 200, 200, 429]);
  });

  it("text messages have the same limits (AUTH_RATE_LIMIT_SMS_SENT, per client)", async () => {
    settings({ AUTH_RATE_LIMIT_SMS_SENT: "100000", AUTH_RATE_LIMIT_SENT_PER_CLIENT: "2" });
    const ip = randomIp();
    const answers = [];
    for (let i = 0; i < 3; i++) answers.push(await post("otp", { phone: randomPhone() }, ip));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 429]);
    expect(answers[2]?.body).toEqual({
      code: "over_sms_send_rate_limit",
      message: "SMS rate limit exceeded",
    });

    settings({ AUTH_RATE_LIMIT_SMS_SENT: "2" });
    await forget("auth:sms-sent");
    const phones = [randomPhone(), randomPhone(), randomPhone()];
    const statuses = [];
    for (const phone of phones) statuses.push((await post("otp", { phone }, randomIp())).status);
    expect(statuses).toEqual([200, 200, 429]);
    expect(await smsTo(phones[2] ?? "")).toHaveLength(0);
  });
});

describe("unconfirmed users are removed after the retention period", () => {
  async function userRow(email: string) {
    const [row] = await queryRows<{ id: string }>(
      getDb(),
      sql`select id from auth.users where email = ${email}`,
    );
    return row;
  }

  async function age(email: string, hours: number): Promise<void> {
    await getDb().execute(
      sql`update auth.users set created_at = now() - make_interval(hours => ${hours})
          where email = ${email}`,
    );
  }

  it("a sign-up removes users who never confirmed, once per interval", async () => {
    settings({ AUTH_UNCONFIRMED_USER_RETENTION: "3600", AUTH_RATE_LIMIT_EMAIL_SENT: "100000" });
    const client = await authClient();
    const stale = uniqueEmail("stale");
    const recent = uniqueEmail("recent");
    const confirmed = uniqueEmail("confirmed");
    const invited = uniqueEmail("invited");
    for (const email of [stale, recent, confirmed, invited]) {
      expect((await client.auth.signUp({ email, password: GOOD_PASSWORD })).error).toBeNull();
      await forget(`auth:send-to:${email}`);
    }
    const code = (await mailsTo(confirmed))[0]?.code ?? "";
    expect(
      (await client.auth.verifyOtp({ email: confirmed, token: code, type: "signup" })).error,
    ).toBeNull();
    const passwordless = uniqueEmail("otp-stale");
    expect((await client.auth.signInWithOtp({ email: passwordless })).error).toBeNull();
    await getDb().execute(sql`update auth.users set invited_at = now() where email = ${invited}`);
    for (const email of [stale, confirmed, invited, passwordless]) await age(email, 2);
    const anonymous = await authClient();
    const guest = await anonymous.auth.signInAnonymously();
    await getDb().execute(
      sql`update auth.users set created_at = now() - interval '2 hours'
          where id = ${guest.data.user?.id ?? ""}`,
    );

    await forget(CLEANUP_THROTTLE_KEY);
    expect(
      (await client.auth.signUp({ email: uniqueEmail("trigger"), password: GOOD_PASSWORD })).error,
    ).toBeNull();

    expect(await userRow(stale)).toBeUndefined();
    expect(await userRow(passwordless)).toBeUndefined();
    expect(await userRow(recent)).toBeDefined();
    expect(await userRow(confirmed)).toBeDefined();
    expect(await userRow(invited)).toBeDefined();
    const [guestRow] = await queryRows<{ id: string }>(
      getDb(),
      sql`select id from auth.users where id = ${guest.data.user?.id ?? ""}`,
    );
    expect(guestRow).toBeDefined();

    // Within the interval, nothing runs again; /otp is a trigger too once it has passed.
    await age(recent, 2);
    await client.auth.signUp({ email: uniqueEmail("no-run"), password: GOOD_PASSWORD });
    expect(await userRow(recent)).toBeDefined();
    await forget(CLEANUP_THROTTLE_KEY);
    expect(
      (await client.auth.signInWithOtp({ email: uniqueEmail("otp-trigger") })).error,
    ).toBeNull();
    expect(await userRow(recent)).toBeUndefined();
  });

  it("retention 0 keeps them", async () => {
    settings({ AUTH_UNCONFIRMED_USER_RETENTION: "0", AUTH_RATE_LIMIT_EMAIL_SENT: "100000" });
    const client = await authClient();
    const email = uniqueEmail("kept");
    await client.auth.signUp({ email, password: GOOD_PASSWORD });
    await age(email, 24 * 30);
    await forget(CLEANUP_THROTTLE_KEY);
    await client.auth.signUp({ email: uniqueEmail("trigger-0"), password: GOOD_PASSWORD });
    expect(await userRow(email)).toBeDefined();
  });
});

describe("GoTrue's RATE_LIMIT_* settings", () => {
  it("AUTH_RATE_LIMIT_OTP limits /signup, /otp, /recover, /resend and PUT /user per client", async () => {
    settings({ AUTH_RATE_LIMIT_OTP: "2", AUTH_RATE_LIMIT_EMAIL_SENT: "100000" });
    const ip = randomIp();
    const statuses = [];
    for (let i = 0; i < 3; i++) {
      statuses.push((await post("recover", { email: uniqueEmail("rl") }, ip)).status);
    }
    expect(statuses).toEqual([200, 200, 429]);
    const refused = await post("recover", { email: uniqueEmail("rl") }, ip);
    expect(refused.body).toEqual({
      code: "over_request_rate_limit",
      message: "Request rate limit reached",
    });
  });

  it("AUTH_RATE_LIMIT_TOKEN_REFRESH limits /token per client", async () => {
    settings({ AUTH_RATE_LIMIT_TOKEN_REFRESH: "3" });
    const ip = randomIp();
    const statuses = [];
    for (let i = 0; i < 4; i++) {
      const answer = await rawRequest("POST", "token?grant_type=password", {
        body: JSON.stringify({ email: uniqueEmail("nobody"), password: GOOD_PASSWORD }),
        ip,
      });
      statuses.push(answer.status);
    }
    expect(statuses).toEqual([400, 400, 400, 429]);
  });

  it("AUTH_RATE_LIMIT_VERIFY and AUTH_RATE_LIMIT_ANONYMOUS_USERS", async () => {
    settings({ AUTH_RATE_LIMIT_VERIFY: "1", AUTH_RATE_LIMIT_ANONYMOUS_USERS: "1" });
    const ip = randomIp();
    const verify = () =>
      post("verify", { type: "signup", email: uniqueEmail("v"), token: "123456" }, ip);
    expect((await verify()).status).toBe(403);
    expect((await verify()).status).toBe(429);
    expect((await post("signup", {}, ip)).status).toBe(200);
    expect((await post("signup", {}, ip)).body.code).toBe("over_request_rate_limit");
  });
});

describe("POST /resend for an unknown address", () => {
  it("answers 200 {} every time and sends nothing, for email and phone", async () => {
    const ip = randomIp();
    const email = uniqueEmail("never-signed-up");
    const phone = randomPhone();
    for (let i = 0; i < 3; i++) {
      expect(await post("resend", { type: "signup", email }, ip)).toEqual({
        status: 200,
        body: {},
      });
      expect(await post("resend", { type: "sms", phone }, ip)).toEqual({ status: 200, body: {} });
    }
    expect(await mailsTo(email)).toHaveLength(0);
    expect(await smsTo(phone)).toHaveLength(0);
    expect(await counter(`auth:send-to:${email}`)).toBe(0);
  });

  it("a pending sign-up is resent, with the per-recipient minute", async () => {
    const client = await authClient();
    const email = uniqueEmail("pending");
    await client.auth.signUp({ email, password: GOOD_PASSWORD });
    await forget(`auth:send-to:${email}`);
    const ip = randomIp();
    expect((await post("resend", { type: "signup", email }, ip)).status).toBe(200);
    expect((await post("resend", { type: "signup", email }, ip)).body.code).toBe(
      "over_email_send_rate_limit",
    );
    expect(await mailsTo(email)).toHaveLength(2);
  });
});
