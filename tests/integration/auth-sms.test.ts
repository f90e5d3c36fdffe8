import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { closeDb, getDb } from "@/lib/db/client";
import { queryRows } from "@/lib/db/rows";
import { resetEnvForTests } from "@/lib/env";
import { resetMailAdapterForTests } from "@/lib/mail/adapter";
import { resetSmsAdapterForTests } from "@/lib/sms/adapter";
import { sendSms } from "@/lib/sms/send";
import { authClient, GOOD_PASSWORD, ORIGIN, uniqueEmail } from "./support/auth-server";
import { clearSendLimit, lastMail, mailsTo, randomPhone, smsTo } from "./support/auth-messages";

/**
 * Phone OTP, phone and email changes with confirmation, reauthentication, and the Twilio
 * adapter against a local stand-in for the Messages API.
 */
beforeAll(() => {
  process.env.SITE_URL = ORIGIN;
  process.env.AUTH_AUTOCONFIRM = "false";
  process.env.AUTH_RATE_LIMIT_EMAIL_SENT = "100000";
  // A rerun on the same database starts with the earlier run's sends counted.
  process.env.AUTH_RATE_LIMIT_SMS_SENT = "100000";
  resetEnvForTests();
  resetMailAdapterForTests();
  resetSmsAdapterForTests();
});

afterEach(() => {
  for (const key of [
    "SMS_PROVIDER",
    "TWILIO_ACCOUNT_SID",
    "TWILIO_AUTH_TOKEN",
    "TWILIO_FROM",
    "TWILIO_API_BASE_URL",
    "AUTH_PASSWORD_CHANGE_REQUIRES_REAUTHENTICATION",
    "AUTH_SECURE_EMAIL_CHANGE",
  ]) {
    delete process.env[key];
  }
  resetEnvForTests();
  resetSmsAdapterForTests();
});

afterAll(async () => {
  delete process.env.AUTH_AUTOCONFIRM;
  delete process.env.AUTH_RATE_LIMIT_EMAIL_SENT;
  delete process.env.AUTH_RATE_LIMIT_SMS_SENT;
  resetEnvForTests();
  await closeDb();
});

async function confirmedEmailUser() {
  const client = await authClient();
  const email = uniqueEmail("sms-user");
  await client.auth.signUp({ email, password: GOOD_PASSWORD });
  const verified = await client.auth.verifyOtp({
    email,
    token: (await lastMail(email)).code ?? "",
    type: "signup",
  });
  expect(verified.error).toBeNull();
  await clearSendLimit(email);
  return { client, email };
}

describe("phone OTP", () => {
  it("signInWithOtp by phone: an SMS code (outbox), verifyOtp type sms signs in", async () => {
    const client = await authClient();
    const phone = randomPhone();
    const sent = await client.auth.signInWithOtp({ phone: `+${phone}` });
    expect(sent.error).toBeNull();
    expect(sent.data.messageId).toEqual(expect.any(String));
    const [sms] = await smsTo(phone);
    expect(sms?.body).toMatch(/^Your Live Market code is \d{6}/);
    const { data, error } = await client.auth.verifyOtp({
      phone: `+${phone}`,
      token: sms?.code ?? "",
      type: "sms",
    });
    expect(error).toBeNull();
    expect(data.user?.phone).toBe(phone);
    expect(data.user?.phone_confirmed_at).toEqual(expect.any(String));
    const tooSoon = await client.auth.signInWithOtp({ phone: `+${phone}` });
    expect(tooSoon.error?.code).toBe("over_sms_send_rate_limit");
  });

  it("phone sign-up without autoconfirm sends an SMS; the code confirms", async () => {
    const client = await authClient();
    const phone = randomPhone();
    const signUp = await client.auth.signUp({ phone, password: GOOD_PASSWORD });
    expect(signUp.error).toBeNull();
    expect(signUp.data.session).toBeNull();
    const [sms] = await smsTo(phone);
    const verified = await client.auth.verifyOtp({ phone, token: sms?.code ?? "", type: "sms" });
    expect(verified.error).toBeNull();
    expect(
      (await client.auth.signInWithPassword({ phone, password: GOOD_PASSWORD })).error,
    ).toBeNull();
  });
});

describe("address changes with confirmation", () => {
  it("updateUser email (secure change off): new_email pending, the new address's code applies it", async () => {
    // The secure change (both addresses) is auth-email-change.test.ts.
    process.env.AUTH_SECURE_EMAIL_CHANGE = "false";
    resetEnvForTests();
    const { client } = await confirmedEmailUser();
    const newEmail = uniqueEmail("new");
    const updated = await client.auth.updateUser({ email: newEmail });
    expect(updated.error).toBeNull();
    expect(updated.data.user?.new_email).toBe(newEmail);
    const mail = await lastMail(newEmail);
    expect(mail.template).toBe("authEmailChange");
    const verified = await client.auth.verifyOtp({
      email: newEmail,
      token: mail.code ?? "",
      type: "email_change",
    });
    expect(verified.error).toBeNull();
    expect(verified.data.user?.email).toBe(newEmail);
    expect(verified.data.user?.new_email).toBeUndefined();
  });

  it("updateUser phone: an SMS to the new number, verifyOtp phone_change applies it", async () => {
    const { client } = await confirmedEmailUser();
    const phone = randomPhone();
    const updated = await client.auth.updateUser({ phone });
    expect(updated.error).toBeNull();
    expect(updated.data.user?.new_phone).toBe(phone);
    const [sms] = await smsTo(phone);
    const verified = await client.auth.verifyOtp({
      phone,
      token: sms?.code ?? "",
      type: "phone_change",
    });
    expect(verified.error).toBeNull();
    expect(verified.data.user?.phone).toBe(phone);
    expect(verified.data.user?.identities?.map((i) => i.provider).sort()).toEqual([
      "email",
      "phone",
    ]);
  });
});

describe("reauthentication", () => {
  it("a password change from an old session needs the nonce sent by reauthenticate", async () => {
    process.env.AUTH_PASSWORD_CHANGE_REQUIRES_REAUTHENTICATION = "true";
    resetEnvForTests();
    const { client, email } = await confirmedEmailUser();
    const { data } = await client.auth.getSession();
    await getDb().execute(
      sql`update auth.sessions set created_at = now() - interval '2 days'
          where id = ${String((JSON.parse(atob((data.session?.access_token ?? "").split(".")[1] ?? "")) as { session_id: string }).session_id)}`,
    );
    const without = await client.auth.updateUser({ password: `${GOOD_PASSWORD}!` });
    expect(without.error?.code).toBe("reauthentication_needed");

    expect((await client.auth.reauthenticate()).error).toBeNull();
    const mail = await lastMail(email);
    expect(mail.template).toBe("authReauthentication");
    expect(mail.link).toBeNull();
    const wrong = await client.auth.updateUser({
      password: `${GOOD_PASSWORD}!`,
      nonce: mail.code === "000000" ? "111111" : "000000",
    });
    expect(wrong.error?.code).toBe("reauthentication_not_valid");
    const ok = await client.auth.updateUser({
      password: `${GOOD_PASSWORD}!`,
      nonce: mail.code ?? "",
    });
    expect(ok.error).toBeNull();
    const reused = await client.auth.updateUser({
      password: `${GOOD_PASSWORD}?`,
      nonce: mail.code ?? "",
    });
    expect(reused.error?.code).toBe("reauthentication_not_valid");
    expect(await mailsTo(email)).toHaveLength(2);
  });
});

describe("Twilio adapter", () => {
  let server: Server;
  let received: { url: string; auth: string; type: string; body: URLSearchParams }[] = [];
  let status = 201;

  const readBody = (request: IncomingMessage) =>
    new Promise<string>((resolve) => {
      let text = "";
      request.on("data", (chunk: Buffer) => (text += chunk.toString("utf8")));
      request.on("end", () => resolve(text));
    });

  beforeAll(async () => {
    server = createServer(async (request, response) => {
      const body = new URLSearchParams(await readBody(request));
      received.push({
        url: request.url ?? "",
        auth: request.headers.authorization ?? "",
        type: request.headers["content-type"] ?? "",
        body,
      });
      response.writeHead(status, { "content-type": "application/json" });
      response.end(
        JSON.stringify(
          status === 201
            ? { sid: "SM0123456789abcdef0123456789abcdef", status: "queued" }
            : { code: 21211, message: "The 'To' number is not a valid phone number.", status },
        ),
      );
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  });

  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  function useTwilio() {
    process.env.SMS_PROVIDER = "twilio";
    process.env.TWILIO_ACCOUNT_SID = "AC0000000000000000000000000000test";
    process.env.TWILIO_AUTH_TOKEN = "secret-token";
    process.env.TWILIO_FROM = "+15005550006";
    process.env.TWILIO_API_BASE_URL = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    resetEnvForTests();
    resetSmsAdapterForTests();
    received = [];
    status = 201;
  }

  it("signInWithOtp sends the code through the Messages API (form, basic auth)", async () => {
    useTwilio();
    const client = await authClient();
    const phone = randomPhone();
    const { data, error } = await client.auth.signInWithOtp({ phone: `+${phone}` });
    expect(error).toBeNull();
    expect(data.messageId).toBe("SM0123456789abcdef0123456789abcdef");
    expect(received).toHaveLength(1);
    const [request] = received;
    expect(request?.url).toBe(
      "/2010-04-01/Accounts/AC0000000000000000000000000000test/Messages.json",
    );
    expect(request?.type).toBe("application/x-www-form-urlencoded");
    expect(request?.auth).toBe(
      `Basic ${Buffer.from("AC0000000000000000000000000000test:secret-token").toString("base64")}`,
    );
    expect(request?.body.get("To")).toBe(`+${phone}`);
    expect(request?.body.get("From")).toBe("+15005550006");
    const code = /(\d{6})/.exec(request?.body.get("Body") ?? "")?.[1] ?? "";
    // Nothing in the dev outbox; the code that went to Twilio signs in.
    expect(await smsTo(phone)).toHaveLength(0);
    const verified = await client.auth.verifyOtp({ phone: `+${phone}`, token: code, type: "sms" });
    expect(verified.error).toBeNull();
  });

  it("a provider that refuses gives 422 sms_send_failed, not 500", async () => {
    useTwilio();
    status = 400;
    const client = await authClient();
    const { error } = await client.auth.signInWithOtp({ phone: `+${randomPhone()}` });
    expect(error).toMatchObject({ status: 422, code: "sms_send_failed" });
    expect(error?.message).toMatch(/^Error sending confirmation OTP to provider: .*21211/);
  });

  it("uses MessagingServiceSid for an MG sender and reports Twilio's errors", async () => {
    useTwilio();
    process.env.TWILIO_FROM = "MG0123456789abcdef0123456789abcdef";
    resetEnvForTests();
    resetSmsAdapterForTests();
    await sendSms({ to: "+15551234567", body: "hello" });
    expect(received[0]?.body.get("MessagingServiceSid")).toBe("MG0123456789abcdef0123456789abcdef");
    expect(received[0]?.body.get("From")).toBeNull();
    status = 400;
    await expect(sendSms({ to: "+1", body: "x" })).rejects.toThrow(/21211/);
  });
});

describe("SMS_PROVIDER=none", () => {
  it("phone codes fail with 422 sms_send_failed, and nothing is created or sent", async () => {
    process.env.SMS_PROVIDER = "none";
    resetEnvForTests();
    resetSmsAdapterForTests();
    const client = await authClient();
    const phone = randomPhone();
    const otp = await client.auth.signInWithOtp({ phone: `+${phone}` });
    expect(otp.error).toMatchObject({ status: 422, code: "sms_send_failed" });
    expect(otp.error?.message).toBe(
      "Error sending confirmation OTP to provider: no SMS provider is configured",
    );
    const signUp = await client.auth.signUp({ phone: `+${phone}`, password: GOOD_PASSWORD });
    expect(signUp.error).toMatchObject({ status: 422, code: "sms_send_failed" });
    expect(await smsTo(phone)).toHaveLength(0);
    const rows = await queryRows<{ id: string }>(
      getDb(),
      sql`select id from auth.users where phone = ${phone}`,
    );
    expect(rows).toHaveLength(0);

    const { client: member } = await confirmedEmailUser();
    const change = await member.auth.updateUser({ phone: `+${randomPhone()}` });
    expect(change.error).toMatchObject({ status: 422, code: "sms_send_failed" });
    expect(change.error?.message).toMatch(/^Error sending phone_change OTP to provider/);
  });
});
