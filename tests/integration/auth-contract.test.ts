import {
  AuthSessionMissingError,
  AuthWeakPasswordError,
  isAuthApiError,
} from "@supabase/supabase-js";
import { sql } from "drizzle-orm";
import { decodeJwt } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeDb, getDb } from "@/lib/db/client";
import { queryRows } from "@/lib/db/rows";
import { resetEnvForTests } from "@/lib/env";
import {
  authClient,
  GOOD_PASSWORD,
  ORIGIN,
  rawRequest,
  type Recorded,
  uniqueEmail,
} from "./support/auth-server";

/**
 * The contract of auth-contract.md, driven with the official @supabase/supabase-js client
 * against the real route handler of /auth/v1 (in-process) and a real PostgreSQL.
 */
beforeAll(() => {
  process.env.SITE_URL = ORIGIN;
  process.env.AUTH_AUTOCONFIRM = "true";
  resetEnvForTests();
});

afterAll(async () => {
  await closeDb();
});

async function signedUp(email = uniqueEmail()) {
  const client = await authClient();
  const { data, error } = await client.auth.signUp({
    email,
    password: GOOD_PASSWORD,
    options: { data: { name: "Ada" } },
  });
  expect(error).toBeNull();
  if (!data.session || !data.user) throw new Error("sign-up gave no session");
  return { client, email, session: data.session, user: data.user };
}

async function ageRefreshToken(token: string, seconds: number) {
  await getDb().execute(
    sql`update auth.refresh_tokens set updated_at = updated_at - make_interval(secs => ${seconds})
        where token = encode(sha256(${token}::bytea), 'hex')`,
  );
}

describe("sign-up and password sign-in", () => {
  it("signs up with user_metadata and answers a session with the contract's claims", async () => {
    const { session, user, email } = await signedUp(
      uniqueEmail("Mixed.Case").replace("mixed", "MiXeD"),
    );
    expect(user.email).toBe(email.toLowerCase());
    expect(user.user_metadata).toEqual({ name: "Ada" });
    expect(user.app_metadata).toEqual({ provider: "email", providers: ["email"] });
    expect(user.identities?.[0]?.provider).toBe("email");
    expect(session.token_type).toBe("bearer");
    expect(session.expires_in).toBe(3600);
    expect(session.refresh_token.length).toBeGreaterThanOrEqual(22);

    const claims = decodeJwt(session.access_token);
    expect(Object.keys(claims).sort()).toEqual(
      [
        "aal",
        "amr",
        "app_metadata",
        "aud",
        "email",
        "exp",
        "iat",
        "is_anonymous",
        "iss",
        "phone",
        "role",
        "session_id",
        "sub",
        "user_metadata",
      ].sort(),
    );
    expect(claims).toMatchObject({
      aud: "authenticated",
      iss: `${ORIGIN}/auth/v1`,
      sub: user.id,
      email: email.toLowerCase(),
      phone: "",
      role: "authenticated",
      aal: "aal1",
      is_anonymous: false,
      user_metadata: { name: "Ada" },
      app_metadata: { provider: "email", providers: ["email"] },
    });
    expect((claims.exp ?? 0) - (claims.iat ?? 0)).toBe(3600);
    expect(claims.amr).toEqual([{ method: "password", timestamp: expect.any(Number) }]);
  });

  it("signs in with the password, and refuses a second sign-up of the address", async () => {
    const { email } = await signedUp();
    const client = await authClient();
    const { data, error } = await client.auth.signInWithPassword({
      email: email.toUpperCase(),
      password: GOOD_PASSWORD,
    });
    expect(error).toBeNull();
    expect(data.user?.email).toBe(email);
    const again = await client.auth.signUp({ email, password: GOOD_PASSWORD });
    expect(again.error?.status).toBe(422);
    expect(again.error?.code).toBe("user_already_exists");
  });

  it("gives wrong password and unknown user the same 400 invalid_credentials", async () => {
    const { email } = await signedUp();
    const client = await authClient();
    const wrong = await client.auth.signInWithPassword({ email, password: "not the password" });
    const unknown = await client.auth.signInWithPassword({
      email: uniqueEmail("nobody"),
      password: GOOD_PASSWORD,
    });
    for (const result of [wrong, unknown]) {
      expect(isAuthApiError(result.error)).toBe(true);
      expect(result.error?.status).toBe(400);
      expect(result.error?.code).toBe("invalid_credentials");
      expect(result.error?.message).toBe("Invalid login credentials");
    }
  });

  it("refuses weak passwords with 422 weak_password and its reasons", async () => {
    const client = await authClient();
    const short = await client.auth.signUp({ email: uniqueEmail(), password: "abc12" });
    expect(short.error).toBeInstanceOf(AuthWeakPasswordError);
    expect(short.error?.status).toBe(422);
    expect((short.error as AuthWeakPasswordError).reasons).toEqual(["length"]);
    const common = await client.auth.signUp({ email: uniqueEmail(), password: "password123" });
    expect((common.error as AuthWeakPasswordError).reasons).toEqual(["pwned"]);
  });

  it("signs up and in with a phone number, stored in E.164 without +", async () => {
    const client = await authClient();
    const digits = `1555${Math.floor(Math.random() * 1e7)
      .toString()
      .padStart(7, "0")}`;
    const { data, error } = await client.auth.signUp({
      phone: `+${digits}`,
      password: GOOD_PASSWORD,
    });
    expect(error).toBeNull();
    expect(data.user?.phone).toBe(digits);
    const signIn = await client.auth.signInWithPassword({
      phone: `+${digits}`,
      password: GOOD_PASSWORD,
    });
    expect(signIn.error).toBeNull();
    expect(decodeJwt(signIn.data.session?.access_token ?? "").phone).toBe(digits);
  });
});

describe("the user endpoint", () => {
  it("getUser answers the bearer's user; updateUser merges data and changes the password", async () => {
    const { client, email, user } = await signedUp();
    const got = await client.auth.getUser();
    expect(got.data.user?.id).toBe(user.id);

    const updated = await client.auth.updateUser({ data: { name: null, city: "Lima" } });
    expect(updated.error).toBeNull();
    expect(updated.data.user?.user_metadata).toEqual({ city: "Lima" });

    const other = await authClient();
    const otherSignIn = await other.auth.signInWithPassword({ email, password: GOOD_PASSWORD });
    expect(otherSignIn.error).toBeNull();

    const same = await client.auth.updateUser({ password: GOOD_PASSWORD });
    expect(same.error?.code).toBe("same_password");
    const changed = await client.auth.updateUser({ password: "a brand new passphrase" });
    expect(changed.error).toBeNull();

    const fresh = await authClient();
    expect(
      (await fresh.auth.signInWithPassword({ email, password: GOOD_PASSWORD })).error?.code,
    ).toBe("invalid_credentials");
    expect(
      (await fresh.auth.signInWithPassword({ email, password: "a brand new passphrase" })).error,
    ).toBeNull();
    // The other session ended with the password change; this one goes on.
    expect((await other.auth.getUser()).error).toBeInstanceOf(AuthSessionMissingError);
    expect((await client.auth.getUser()).error).toBeNull();
  });
});

describe("refresh tokens", () => {
  it("rotates: a new refresh token each time, the session and user unchanged", async () => {
    const { client, session } = await signedUp();
    const { data, error } = await client.auth.refreshSession();
    expect(error).toBeNull();
    expect(data.session?.refresh_token).not.toBe(session.refresh_token);
    expect(decodeJwt(data.session?.access_token ?? "").session_id).toBe(
      decodeJwt(session.access_token).session_id,
    );
  });

  it("hands the active token out again to a client that failed to save it", async () => {
    const { session } = await signedUp();
    const client = await authClient();
    const first = await client.auth.refreshSession({ refresh_token: session.refresh_token });
    const again = await client.auth.refreshSession({ refresh_token: session.refresh_token });
    expect(again.error).toBeNull();
    expect(again.data.session?.refresh_token).toBe(first.data.session?.refresh_token);
  });

  it("gives a rotated token a new child within 10 s of its rotation", async () => {
    const { session } = await signedUp();
    const client = await authClient();
    const second = await client.auth.refreshSession({ refresh_token: session.refresh_token });
    const third = await client.auth.refreshSession({
      refresh_token: second.data.session?.refresh_token ?? "",
    });
    expect(third.error).toBeNull();
    const late = await client.auth.refreshSession({ refresh_token: session.refresh_token });
    expect(late.error).toBeNull();
    expect(late.data.session?.refresh_token).not.toBe(third.data.session?.refresh_token);
  });

  it("treats older reuse as theft: 400 refresh_token_already_used, whole family revoked", async () => {
    const { session } = await signedUp();
    const client = await authClient();
    const second = await client.auth.refreshSession({ refresh_token: session.refresh_token });
    const third = await client.auth.refreshSession({
      refresh_token: second.data.session?.refresh_token ?? "",
    });
    await ageRefreshToken(session.refresh_token, 60);

    const reused = await client.auth.refreshSession({ refresh_token: session.refresh_token });
    expect(reused.error?.status).toBe(400);
    expect(reused.error?.code).toBe("refresh_token_already_used");
    expect(reused.error?.message).toBe("Invalid Refresh Token: Already Used");

    const legit = await client.auth.refreshSession({
      refresh_token: third.data.session?.refresh_token ?? "",
    });
    expect(legit.error?.code).toBe("refresh_token_already_used");
    const unknown = await client.auth.refreshSession({ refresh_token: "not-a-token-at-all" });
    expect(unknown.error?.code).toBe("refresh_token_not_found");
  });

  it("stores refresh tokens hashed, never as given", async () => {
    const { session } = await signedUp();
    const rows = await queryRows<{ count: string | number }>(
      getDb(),
      sql`select count(*) as count from auth.refresh_tokens where token = ${session.refresh_token}`,
    );
    expect(Number(rows[0]?.count)).toBe(0);
  });
});

describe("sign-out", () => {
  async function threeSessions() {
    const { client: a, email } = await signedUp();
    const b = await authClient();
    const c = await authClient();
    await b.auth.signInWithPassword({ email, password: GOOD_PASSWORD });
    await c.auth.signInWithPassword({ email, password: GOOD_PASSWORD });
    return { a, b, c };
  }
  // A separate client: auth-js drops its own session when getUser meets session_not_found.
  const ended = async (token: string) =>
    (await (await authClient()).auth.getUser(token)).error instanceof AuthSessionMissingError;

  it("scope others ends the other sessions only", async () => {
    const { a, b, c } = await threeSessions();
    const tokenB = (await b.auth.getSession()).data.session?.access_token ?? "";
    const tokenC = (await c.auth.getSession()).data.session?.access_token ?? "";
    expect((await a.auth.signOut({ scope: "others" })).error).toBeNull();
    expect(await ended(tokenB)).toBe(true);
    expect(await ended(tokenC)).toBe(true);
    expect((await a.auth.getUser()).error).toBeNull();
  });

  it("scope local ends this session only; its access token gets 403 session_not_found", async () => {
    const { a, b } = await threeSessions();
    const tokenA = (await a.auth.getSession()).data.session?.access_token ?? "";
    expect((await a.auth.signOut({ scope: "local" })).error).toBeNull();
    const response = await rawRequest("GET", "user", {
      headers: { authorization: `Bearer ${tokenA}`, "x-supabase-api-version": "2024-01-01" },
    });
    expect(response.status).toBe(403);
    expect(await response.json()).toMatchObject({ code: "session_not_found" });
    expect((await b.auth.getUser()).error).toBeNull();
  });

  it("scope global ends every session of the user", async () => {
    const { a, b, c } = await threeSessions();
    const tokenB = (await b.auth.getSession()).data.session?.access_token ?? "";
    const refreshC = (await c.auth.getSession()).data.session?.refresh_token ?? "";
    expect((await a.auth.signOut()).error).toBeNull();
    expect(await ended(tokenB)).toBe(true);
    expect((await c.auth.refreshSession({ refresh_token: refreshC })).error?.code).toBe(
      "refresh_token_not_found",
    );
  });
});

describe("getClaims", () => {
  it("verifies locally with the JWKS, without calling /user", async () => {
    const log: Recorded[] = [];
    const client = await authClient({ log });
    const { data } = await client.auth.signUp({ email: uniqueEmail(), password: GOOD_PASSWORD });
    log.length = 0;
    const first = await client.auth.getClaims();
    const second = await client.auth.getClaims();
    expect(first.error).toBeNull();
    expect(first.data?.claims.sub).toBe(data.user?.id);
    expect(second.data?.claims.session_id).toBe(first.data?.claims.session_id);
    expect(log).toEqual([{ method: "GET", path: ".well-known/jwks.json" }]);
  });
});

describe("audit log", () => {
  it("records sign-up, sign-in, refresh and logout", async () => {
    const { client, user, email } = await signedUp();
    await client.auth.signInWithPassword({ email, password: GOOD_PASSWORD });
    await client.auth.refreshSession();
    await client.auth.signOut();
    const rows = await queryRows<{ action: string }>(
      getDb(),
      sql`select payload->>'action' as action from auth.audit_log_entries
          where payload->>'actor_id' = ${user.id} order by created_at`,
    );
    expect(rows.map((r) => r.action)).toEqual([
      "user_signedup",
      "login",
      "login",
      "token_refreshed",
      "logout",
    ]);
  });
});
