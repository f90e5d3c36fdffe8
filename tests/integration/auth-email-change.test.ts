import type { SupabaseClient } from "@supabase/supabase-js";
import { sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { closeDb, getDb } from "@/lib/db/client";
import { queryRows } from "@/lib/db/rows";
import { resetEnvForTests } from "@/lib/env";
import { resetMailAdapterForTests } from "@/lib/mail/adapter";
import { authClient, GOOD_PASSWORD, ORIGIN, rawRequest, uniqueEmail } from "./support/auth-server";
import { clearSendLimit, lastMail, mailsTo } from "./support/auth-messages";

/**
 * Email change through supabase-js without autoconfirm: GoTrue's secure email change
 * (AUTH_SECURE_EMAIL_CHANGE, default on) needs the current and the new address, in either
 * order, by code or by link; with the setting off the new address alone confirms.
 * Codes and links are read from the mail outbox.
 */
const SINGLE = "Confirmation link accepted. Please proceed to confirm link sent to the other email";

beforeAll(() => {
  process.env.SITE_URL = ORIGIN;
  process.env.AUTH_AUTOCONFIRM = "false";
  process.env.AUTH_RATE_LIMIT_EMAIL_SENT = "100000";
  resetEnvForTests();
  resetMailAdapterForTests();
});

afterEach(() => {
  delete process.env.AUTH_SECURE_EMAIL_CHANGE;
  resetEnvForTests();
});

afterAll(async () => {
  delete process.env.AUTH_AUTOCONFIRM;
  delete process.env.AUTH_RATE_LIMIT_EMAIL_SENT;
  resetEnvForTests();
  await closeDb();
});

const pkceClient = (): Promise<SupabaseClient> => authClient({ pkce: true });

/** A confirmed email user, signed in on `client`. */
async function confirmedUser(client?: SupabaseClient) {
  const signUpClient = await authClient();
  const email = uniqueEmail("change-from");
  await signUpClient.auth.signUp({ email, password: GOOD_PASSWORD });
  const confirmed = await signUpClient.auth.verifyOtp({
    email,
    token: (await lastMail(email)).code ?? "",
    type: "signup",
  });
  expect(confirmed.error).toBeNull();
  await clearSendLimit(email);
  const signedIn = client ?? (await authClient());
  const { error } = await signedIn.auth.signInWithPassword({ email, password: GOOD_PASSWORD });
  expect(error).toBeNull();
  return { client: signedIn, email };
}

async function userRow(email: string) {
  const [row] = await queryRows<{
    email: string;
    email_change: string | null;
    email_change_confirm_status: number;
  }>(
    getDb(),
    sql`select email, email_change, email_change_confirm_status from auth.users
        where email = ${email}`,
  );
  return row;
}

async function openLink(link: string): Promise<URL> {
  const url = new URL(link);
  const response = await rawRequest(
    "GET",
    `${url.pathname.replace(/^\/auth\/v1\//, "")}${url.search}`,
  );
  expect(response.status).toBe(303);
  return new URL(response.headers.get("location") ?? "");
}

describe("secure email change", () => {
  it("mails both addresses; the new code alone changes nothing, the current one completes it", async () => {
    const { client, email } = await confirmedUser();
    const newEmail = uniqueEmail("change-to");
    const updated = await client.auth.updateUser({ email: newEmail });
    expect(updated.error).toBeNull();
    expect(updated.data.user?.email).toBe(email);
    expect(updated.data.user?.new_email).toBe(newEmail);

    const toNew = await lastMail(newEmail);
    const toCurrent = await lastMail(email);
    expect(toNew.template).toBe("authEmailChange");
    expect(toCurrent.template).toBe("authEmailChangeCurrent");
    expect(toCurrent.subject).toBe("Confirm the change of your email address");
    expect(toCurrent.text).toContain(newEmail);
    expect(toCurrent.code).toMatch(/^\d{6}$/);
    expect(toCurrent.link).toContain("type=email_change");
    expect((await userRow(email))?.email_change_confirm_status).toBe(0);

    const first = await client.auth.verifyOtp({
      email: newEmail,
      token: toNew.code ?? "",
      type: "email_change",
    });
    expect(first.error).toBeNull();
    expect(first.data.session).toBeNull();
    // auth-js reads GoTrue's `{msg, code}` answer as neither user nor session.
    expect(first.data.user).toBeNull();
    expect(await userRow(email)).toMatchObject({
      email,
      email_change: newEmail,
      email_change_confirm_status: 1,
    });
    // The same code again: used up.
    const again = await client.auth.verifyOtp({
      email: newEmail,
      token: toNew.code ?? "",
      type: "email_change",
    });
    expect(again.error?.code).toBe("otp_expired");

    const second = await client.auth.verifyOtp({
      email,
      token: toCurrent.code ?? "",
      type: "email_change",
    });
    expect(second.error).toBeNull();
    expect(second.data.session?.user.email).toBe(newEmail);
    expect(second.data.user?.new_email).toBeUndefined();
    expect(second.data.user?.identities?.[0]?.identity_data?.email).toBe(newEmail);
    expect(await userRow(newEmail)).toMatchObject({
      email_change: "",
      email_change_confirm_status: 0,
    });
    const signIn = await (
      await authClient()
    ).auth.signInWithPassword({ email: newEmail, password: GOOD_PASSWORD });
    expect(signIn.error).toBeNull();
  });

  it("by links, current address first: a message redirect, then the session", async () => {
    const { client, email } = await confirmedUser();
    const newEmail = uniqueEmail("change-link");
    const redirect = `${ORIGIN}/callback?next=%2Fprofile%2Fupdate`;
    const updated = await client.auth.updateUser(
      { email: newEmail },
      { emailRedirectTo: redirect },
    );
    expect(updated.error).toBeNull();

    const first = await openLink((await lastMail(email)).link ?? "");
    expect(`${first.origin}${first.pathname}`).toBe(`${ORIGIN}/callback`);
    expect(first.searchParams.get("next")).toBe("/profile/update");
    expect(new URLSearchParams(first.hash.slice(1)).get("message")).toBe(SINGLE);
    expect(first.hash).not.toContain("access_token");
    expect((await userRow(email))?.email_change_confirm_status).toBe(1);

    const second = await openLink((await lastMail(newEmail)).link ?? "");
    const fragment = new URLSearchParams(second.hash.slice(1));
    expect(fragment.get("type")).toBe("email_change");
    expect(fragment.get("access_token")).toBeTruthy();
    expect((await userRow(newEmail))?.email).toBe(newEmail);
  });

  it("under PKCE the message is in the query too, and the last link gives a code", async () => {
    const client = await pkceClient();
    const { email } = await confirmedUser(client);
    const newEmail = uniqueEmail("change-pkce");
    const redirect = `${ORIGIN}/callback?next=%2Fprofile%2Fupdate`;
    const updated = await client.auth.updateUser(
      { email: newEmail },
      { emailRedirectTo: redirect },
    );
    expect(updated.error).toBeNull();
    const toNew = await lastMail(newEmail);
    expect(new URL(toNew.link ?? "").searchParams.get("token")).toMatch(/^pkce_/);

    const first = await openLink(toNew.link ?? "");
    expect(first.searchParams.get("message")).toBe(SINGLE);
    expect(first.searchParams.get("code")).toBeNull();
    const second = await openLink((await lastMail(email)).link ?? "");
    expect(second.searchParams.get("code")).toMatch(/^[0-9a-f-]{36}$/);
    // The change applies at the link, whatever happens to the code: auth-js drops the code
    // verifier when updateUser saves the session, so this client could not exchange it.
    expect((await userRow(newEmail))?.email).toBe(newEmail);
  });

  it("resend sends both mails again; the earlier codes stop working", async () => {
    const { client, email } = await confirmedUser();
    const newEmail = uniqueEmail("change-resend");
    await client.auth.updateUser({ email: newEmail });
    const oldCurrent = await lastMail(email);
    await clearSendLimit(email);
    const resent = await client.auth.resend({ type: "email_change", email });
    expect(resent.error).toBeNull();
    expect(await mailsTo(newEmail)).toHaveLength(2);
    const newCurrent = await lastMail(email);
    expect(newCurrent.template).toBe("authEmailChangeCurrent");
    expect(newCurrent.code).not.toBe(oldCurrent.code);
    const stale = await client.auth.verifyOtp({
      email,
      token: oldCurrent.code ?? "",
      type: "email_change",
    });
    expect(stale.error?.code).toBe("otp_expired");
    // A new request after one confirmation starts over: both addresses again.
    const ok = await client.auth.verifyOtp({
      email,
      token: newCurrent.code ?? "",
      type: "email_change",
    });
    expect(ok.data.session).toBeNull();
    await clearSendLimit(newEmail);
    await client.auth.updateUser({ email: newEmail });
    expect((await userRow(email))?.email_change_confirm_status).toBe(0);
    const byNewAlone = await client.auth.verifyOtp({
      email: newEmail,
      token: (await lastMail(newEmail)).code ?? "",
      type: "email_change",
    });
    expect(byNewAlone.data.session).toBeNull();
    expect((await userRow(email))?.email).toBe(email);
  });

  it("a taken address is refused before anything is sent", async () => {
    const { client } = await confirmedUser();
    const other = await confirmedUser();
    const { error } = await client.auth.updateUser({ email: other.email });
    expect(error?.code).toBe("email_exists");
  });
});

describe("AUTH_SECURE_EMAIL_CHANGE=false", () => {
  it("only the new address is asked; its code applies the change", async () => {
    process.env.AUTH_SECURE_EMAIL_CHANGE = "false";
    resetEnvForTests();
    const { client, email } = await confirmedUser();
    const before = (await mailsTo(email)).length;
    const newEmail = uniqueEmail("change-single");
    await client.auth.updateUser({ email: newEmail });
    expect(await mailsTo(email)).toHaveLength(before);
    const verified = await client.auth.verifyOtp({
      email: newEmail,
      token: (await lastMail(newEmail)).code ?? "",
      type: "email_change",
    });
    expect(verified.error).toBeNull();
    expect(verified.data.session?.user.email).toBe(newEmail);
  });
});
