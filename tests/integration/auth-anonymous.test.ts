import { sql } from "drizzle-orm";
import { decodeJwt } from "jose";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { closeDb, getDb } from "@/lib/db/client";
import { resetEnvForTests } from "@/lib/env";
import {
  authClient,
  GOOD_PASSWORD,
  ORIGIN,
  randomIp,
  rawRequest,
  uniqueEmail,
} from "./support/auth-server";

/** Anonymous sign-in (supabase-js signInAnonymously) and its upgrade to a regular user. */
beforeAll(() => {
  process.env.SITE_URL = ORIGIN;
  process.env.AUTH_AUTOCONFIRM = "true";
  resetEnvForTests();
});

afterEach(() => {
  delete process.env.AUTH_ANONYMOUS_USERS;
  resetEnvForTests();
});

afterAll(async () => {
  await closeDb();
});

async function anonymous(data?: Record<string, unknown>) {
  const client = await authClient();
  const result = await client.auth.signInAnonymously(data ? { options: { data } } : undefined);
  expect(result.error).toBeNull();
  if (!result.data.session || !result.data.user) throw new Error("no anonymous session");
  return { client, session: result.data.session, user: result.data.user };
}

const randomPhone = () =>
  `1555${Math.floor(Math.random() * 1e7)
    .toString()
    .padStart(7, "0")}`;

describe("anonymous sign-in", () => {
  it("creates an anonymous, authenticated user with a session and no identity", async () => {
    const { session, user } = await anonymous({ theme: "dark" });
    expect(user).toMatchObject({
      is_anonymous: true,
      role: "authenticated",
      aud: "authenticated",
      email: "",
      phone: "",
      identities: [],
      user_metadata: { theme: "dark" },
      app_metadata: { provider: "anonymous", providers: ["anonymous"] },
    });
    const claims = decodeJwt(session.access_token);
    expect(claims).toMatchObject({
      sub: user.id,
      role: "authenticated",
      is_anonymous: true,
      email: "",
      phone: "",
    });
    expect(claims.amr).toEqual([{ method: "anonymous", timestamp: expect.any(Number) }]);
  });

  it("keeps the session working: getUser and refresh", async () => {
    const { client, user } = await anonymous();
    expect((await client.auth.getUser()).data.user?.id).toBe(user.id);
    const refreshed = await client.auth.refreshSession();
    expect(refreshed.error).toBeNull();
    expect(decodeJwt(refreshed.data.session?.access_token ?? "").is_anonymous).toBe(true);
  });

  it("is refused with 422 anonymous_provider_disabled when turned off", async () => {
    process.env.AUTH_ANONYMOUS_USERS = "false";
    resetEnvForTests();
    const client = await authClient();
    const { error } = await client.auth.signInAnonymously();
    expect(error?.status).toBe(422);
    expect(error?.code).toBe("anonymous_provider_disabled");
    const settings = await (await rawRequest("GET", "settings")).json();
    expect(settings.external.anonymous_users).toBe(false);
  });

  it("limits anonymous sign-ins to 30 per hour per address, beyond the sign-up limit", async () => {
    const ip = randomIp();
    const client = await authClient({ ip });
    for (let i = 0; i < 30; i += 1) {
      expect((await client.auth.signInAnonymously()).error).toBeNull();
    }
    // The 5-minute sign-up window passes; the hourly anonymous one does not.
    await getDb().execute(sql`delete from rate_limits where key = ${`auth:signup:${ip}`}`);
    const limited = await client.auth.signInAnonymously();
    expect(limited.error?.status).toBe(429);
    expect(limited.error?.code).toBe("over_request_rate_limit");
    const regular = await client.auth.signUp({ email: uniqueEmail(), password: GOOD_PASSWORD });
    expect(regular.error).toBeNull();
    expect((await (await authClient()).auth.signInAnonymously()).error).toBeNull();
  });
});

describe("upgrading an anonymous user", () => {
  it("adding an email makes a regular user with an email identity", async () => {
    const { client, user } = await anonymous();
    const email = uniqueEmail("upgraded");
    const updated = await client.auth.updateUser({ email });
    expect(updated.error).toBeNull();
    expect(updated.data.user).toMatchObject({
      id: user.id,
      email,
      is_anonymous: false,
      app_metadata: { provider: "email", providers: ["email"] },
    });
    expect(updated.data.user?.email_confirmed_at).toBeTruthy();
    expect(updated.data.user?.identities?.map((i) => i.provider)).toEqual(["email"]);
    const refreshed = await client.auth.refreshSession();
    const claims = decodeJwt(refreshed.data.session?.access_token ?? "");
    expect(claims).toMatchObject({ is_anonymous: false, email, sub: user.id });

    // Then a password: the user can sign in with it.
    expect((await client.auth.updateUser({ password: GOOD_PASSWORD })).error).toBeNull();
    const other = await authClient();
    const signIn = await other.auth.signInWithPassword({ email, password: GOOD_PASSWORD });
    expect(signIn.error).toBeNull();
    expect(signIn.data.user?.id).toBe(user.id);
  });

  it("adding a phone with a password in one call upgrades too", async () => {
    const { client, user } = await anonymous();
    const phone = randomPhone();
    const updated = await client.auth.updateUser({ phone: `+${phone}`, password: GOOD_PASSWORD });
    expect(updated.error).toBeNull();
    expect(updated.data.user).toMatchObject({ id: user.id, phone, is_anonymous: false });
    expect(updated.data.user?.identities?.map((i) => i.provider)).toEqual(["phone"]);
    const other = await authClient();
    const signIn = await other.auth.signInWithPassword({
      phone: `+${phone}`,
      password: GOOD_PASSWORD,
    });
    expect(signIn.error).toBeNull();
  });

  it("refuses a password alone, and an address that belongs to someone else", async () => {
    const { client } = await anonymous();
    const alone = await client.auth.updateUser({ password: GOOD_PASSWORD });
    expect(alone.error?.status).toBe(422);
    expect(alone.error?.message).toBe(
      "Updating password of an anonymous user without an email or phone is not allowed",
    );

    const email = uniqueEmail("taken");
    const owner = await authClient();
    expect((await owner.auth.signUp({ email, password: GOOD_PASSWORD })).error).toBeNull();
    const taken = await client.auth.updateUser({ email });
    expect(taken.error?.code).toBe("email_exists");
    expect((await client.auth.getUser()).data.user?.is_anonymous).toBe(true);
  });
});
