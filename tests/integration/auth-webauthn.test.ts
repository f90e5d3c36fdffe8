import { AuthApiError, AuthSessionMissingError, type SupabaseClient } from "@supabase/supabase-js";
import { sql } from "drizzle-orm";
import { decodeJwt } from "jose";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { base32Decode, hotp, totpStep } from "@/lib/auth/service/totp";
import { insertCredential } from "@/lib/auth/service/webauthn";
import { withSystemContext } from "@/lib/db/context";
import { closeDb, getDb } from "@/lib/db/client";
import { queryRows } from "@/lib/db/rows";
import { resetEnvForTests } from "@/lib/env";
import { authClient, GOOD_PASSWORD, ORIGIN, rawRequest, uniqueEmail } from "./support/auth-server";
import { SoftwareAuthenticator } from "./support/software-authenticator";

/**
 * WebAuthn of the built-in auth service through the official client: passkeys
 * (`auth.passkey.*`, `auth.admin.passkey.*`) and WebAuthn as an MFA factor (`auth.mfa.*`),
 * driven by a software authenticator with real P-256 keys (support/software-authenticator).
 */
const RP_ID = "localhost";
/** What auth-js's mfa.webauthn helpers send along (the service does not trust it). */
const WEBAUTHN_PARAMS = { rpId: RP_ID, rpOrigins: [ORIGIN] };
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const nowSeconds = () => Math.floor(Date.now() / 1000);

/** A client with auth-js's passkey API, on its own address. */
const client = (options: { origin?: string; key?: "anon" | "service" } = {}) =>
  authClient({ ...options, passkeys: true });

async function signedUp(options: { origin?: string } = {}) {
  const email = uniqueEmail("webauthn");
  const owner = await client(options);
  const { data, error } = await owner.auth.signUp({ email, password: GOOD_PASSWORD });
  expect(error).toBeNull();
  if (!data.user || !data.session) throw new Error("sign-up gave no session");
  return { owner, email, userId: data.user.id };
}

async function registerPasskey(owner: SupabaseClient, authenticator: SoftwareAuthenticator) {
  const { data: options, error } = await owner.auth.passkey.startRegistration();
  expect(error).toBeNull();
  if (!options) throw new Error("no registration options");
  const credential = authenticator.create(options.options);
  const created = await owner.auth.passkey.verifyRegistration({
    challengeId: options.challenge_id,
    credential,
  });
  expect(created.error).toBeNull();
  if (!created.data) throw new Error("no passkey");
  return created.data;
}

/** A passkey sign-in on `visitor`: options, then `authenticator`'s assertion to them. */
async function passkeySignIn(visitor: SupabaseClient, authenticator: SoftwareAuthenticator) {
  const { data: options } = await visitor.auth.passkey.startAuthentication();
  if (!options) throw new Error("no options");
  return visitor.auth.passkey.verifyAuthentication({
    challengeId: options.challenge_id,
    credential: authenticator.get(options.options),
  });
}

/** A user with a passkey on its own authenticator. */
async function userWithPasskey() {
  const user = await signedUp();
  const authenticator = new SoftwareAuthenticator({ origin: ORIGIN });
  const passkey = await registerPasskey(user.owner, authenticator);
  return { ...user, authenticator, passkey };
}

function expectApiError(error: unknown, status: number, code: string) {
  expect(error).toBeInstanceOf(AuthApiError);
  expect(error).toMatchObject({ status, code });
}

async function amrOf(session: { access_token: string } | null | undefined) {
  const claims = decodeJwt(session?.access_token ?? "");
  return { aal: claims.aal, methods: (claims.amr as { method: string }[]).map((e) => e.method) };
}

beforeAll(() => {
  process.env.SITE_URL = ORIGIN;
  process.env.AUTH_AUTOCONFIRM = "true";
  resetEnvForTests();
});

afterEach(() => {
  delete process.env.AUTH_PASSKEYS;
  delete process.env.AUTH_MFA_WEBAUTHN;
  delete process.env.AUTH_WEBAUTHN_ORIGINS;
  delete process.env.AUTH_WEBAUTHN_RP_ID;
  resetEnvForTests();
});

afterAll(async () => {
  await closeDb();
});

describe("passkey registration", () => {
  it("answers creation options for a discoverable, user-verified ES256 credential", async () => {
    const { owner, email, userId } = await signedUp();
    const { data, error } = await owner.auth.passkey.startRegistration();
    expect(error).toBeNull();
    expect(data?.challenge_id).toMatch(UUID);
    expect(data?.expires_at).toBeGreaterThan(nowSeconds() + 290);
    expect(data?.expires_at).toBeLessThanOrEqual(nowSeconds() + 300);
    const options = data?.options;
    expect(options?.rp).toEqual({ id: RP_ID, name: "Live Market" });
    expect(options?.user).toMatchObject({
      id: Buffer.from(userId).toString("base64url"),
      name: email,
    });
    expect(options?.challenge).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(options?.pubKeyCredParams).toEqual(
      expect.arrayContaining([{ type: "public-key", alg: -7 }]),
    );
    expect(options?.authenticatorSelection).toMatchObject({
      residentKey: "required",
      userVerification: "required",
    });
    expect(options?.attestation).toBe("none");
    expect(options?.excludeCredentials).toEqual([]);
  });

  it("stores the passkey, lists it, and excludes it from the next registration", async () => {
    const { owner, authenticator, passkey, userId } = await userWithPasskey();
    expect(passkey.id).toMatch(UUID);
    expect(Date.parse(passkey.created_at)).toBeGreaterThan(Date.now() - 60_000);

    const listed = await owner.auth.passkey.list();
    expect(listed.error).toBeNull();
    expect(listed.data).toEqual([{ id: passkey.id, created_at: passkey.created_at }]);

    const again = await owner.auth.passkey.startRegistration();
    expect(again.data?.options.excludeCredentials).toEqual([
      {
        id: authenticator.credentials[0]?.id.toString("base64url"),
        type: "public-key",
        transports: ["internal"],
      },
    ]);
    // Passkeys are not MFA factors.
    const factors = await owner.auth.mfa.listFactors();
    expect(factors.data?.all).toEqual([]);
    const audit = await queryRows<{ action: string }>(
      getDb(),
      sql`select payload->>'action' as action from auth.audit_log_entries
          where payload->>'actor_id' = ${userId} order by created_at`,
    );
    expect(audit.map((row) => row.action)).toContain("passkey_created");
  });

  it("refuses an unknown challenge, another user's challenge and a used one", async () => {
    const { owner } = await signedUp();
    const other = await signedUp();
    const authenticator = new SoftwareAuthenticator({ origin: ORIGIN });
    const { data: options } = await owner.auth.passkey.startRegistration();
    if (!options) throw new Error("no options");
    const credential = authenticator.create(options.options);

    const unknown = await owner.auth.passkey.verifyRegistration({
      challengeId: "00000000-0000-0000-0000-000000000000",
      credential,
    });
    expect(unknown.data).toBeNull();
    expectApiError(unknown.error, 422, "webauthn_challenge_not_found");

    const stolen = await other.owner.auth.passkey.verifyRegistration({
      challengeId: options.challenge_id,
      credential,
    });
    expectApiError(stolen.error, 422, "webauthn_challenge_not_found");

    const first = await owner.auth.passkey.verifyRegistration({
      challengeId: options.challenge_id,
      credential,
    });
    expect(first.error).toBeNull();
    const second = await owner.auth.passkey.verifyRegistration({
      challengeId: options.challenge_id,
      credential,
    });
    expectApiError(second.error, 422, "webauthn_challenge_not_found");
  });

  it("refuses an attestation that does not match its challenge, origin or relying party", async () => {
    const { owner } = await signedUp();
    const authenticator = new SoftwareAuthenticator({ origin: ORIGIN });
    const cases = [
      { origin: "http://evil.example" },
      { challenge: Buffer.alloc(32, 7).toString("base64url") },
      { rpId: "evil.example" },
      { type: "webauthn.get" },
      { userVerified: false },
      { userPresent: false },
    ];
    for (const overrides of cases) {
      const { data: options } = await owner.auth.passkey.startRegistration();
      if (!options) throw new Error("no options");
      const credential = authenticator.create(options.options, overrides);
      const { data, error } = await owner.auth.passkey.verifyRegistration({
        challengeId: options.challenge_id,
        credential,
      });
      expect(data, JSON.stringify(overrides)).toBeNull();
      expectApiError(error, 422, "webauthn_verification_failed");
    }
    const malformed = await owner.auth.passkey.verifyRegistration({
      challengeId: "00000000-0000-0000-0000-000000000000",
      credential: { id: "x" } as never,
    });
    expectApiError(malformed.error, 400, "validation_failed");
    expect((await owner.auth.passkey.list()).data).toEqual([]);
  });

  it("refuses a credential id that is registered already (422 webauthn_credential_exists)", async () => {
    const { authenticator } = await userWithPasskey();
    const other = await signedUp();
    const { data: options } = await other.owner.auth.passkey.startRegistration();
    if (!options) throw new Error("no options");
    const copy = new SoftwareAuthenticator({ origin: ORIGIN });
    const credential = copy.create(options.options, {
      credentialId: authenticator.credentials[0]?.id,
    });
    const { error } = await other.owner.auth.passkey.verifyRegistration({
      challengeId: options.challenge_id,
      credential,
    });
    expectApiError(error, 422, "webauthn_credential_exists");
  });

  it("two registrations of one credential id at once: one passkey, one 422", async () => {
    const first = await signedUp();
    const second = await signedUp();
    const id = Buffer.alloc(32, Math.floor(Math.random() * 255));
    const answers = await Promise.all(
      [first, second].map(async ({ owner }) => {
        const { data: options } = await owner.auth.passkey.startRegistration();
        if (!options) throw new Error("no options");
        const credential = new SoftwareAuthenticator({ origin: ORIGIN }).create(options.options, {
          credentialId: id,
        });
        return owner.auth.passkey.verifyRegistration({
          challengeId: options.challenge_id,
          credential,
        });
      }),
    );
    expect(answers.filter((answer) => answer.error === null)).toHaveLength(1);
    const refused = answers.find((answer) => answer.error !== null);
    expectApiError(refused?.error, 422, "webauthn_credential_exists");
    // Past the service's own look-up (a true race), the unique index answers the same.
    const insert = () =>
      withSystemContext("test: webauthn unique credential id", (tx) =>
        insertCredential(tx, {
          credentialId: id.toString("base64url"),
          publicKey: "AA",
          signCount: 0,
          transports: [],
          aaguid: null,
          backupEligible: false,
          backedUp: false,
          userId: second.userId,
          factorId: null,
          rpId: RP_ID,
          friendlyName: null,
        }),
      );
    await expect(insert()).rejects.toMatchObject({
      status: 422,
      code: "webauthn_credential_exists",
    });
  });

  it("needs a session (client and server), and a user who is not anonymous", async () => {
    const signedOut = await client();
    const { data, error } = await signedOut.auth.passkey.startRegistration();
    expect(data).toBeNull();
    expect(error).toBeInstanceOf(AuthSessionMissingError);
    const raw = await rawRequest("POST", "passkeys/registration/options", {
      body: "{}",
      headers: { "X-Supabase-Api-Version": "2024-01-01" },
    });
    expect(raw.status).toBe(401);
    expect(await raw.json()).toMatchObject({ code: "no_authorization" });

    const guest = await client();
    expect((await guest.auth.signInAnonymously()).error).toBeNull();
    const anonymous = await guest.auth.passkey.startRegistration();
    expectApiError(anonymous.error, 400, "validation_failed");
  });

  it("needs aal2 for a user with a verified MFA factor", async () => {
    const { owner, email } = await signedUp();
    const enrolled = await owner.auth.mfa.enroll({ factorType: "totp" });
    if (!enrolled.data || enrolled.data.type !== "totp") throw new Error("no totp");
    const secret = enrolled.data.totp.secret;
    const code = () => hotp(base32Decode(secret), totpStep(nowSeconds()));
    expect(
      (await owner.auth.mfa.challengeAndVerify({ factorId: enrolled.data.id, code: code() })).error,
    ).toBeNull();

    const aal1 = await client();
    expect(
      (await aal1.auth.signInWithPassword({ email, password: GOOD_PASSWORD })).error,
    ).toBeNull();
    const refused = await aal1.auth.passkey.startRegistration();
    expectApiError(refused.error, 422, "insufficient_aal");
    // The same session at aal2 may (the TOTP step of the previous code is used up).
    const authenticator = new SoftwareAuthenticator({ origin: ORIGIN });
    await registerPasskey(owner, authenticator);
  });
});

describe("passkey sign-in", () => {
  it("signs in with the passkey (two steps): a session with amr passkey at aal1", async () => {
    const { owner, authenticator, passkey, userId } = await userWithPasskey();
    const visitor = await client();
    const { data: options, error } = await visitor.auth.passkey.startAuthentication();
    expect(error).toBeNull();
    expect(options?.challenge_id).toMatch(UUID);
    expect(options?.options).toMatchObject({ rpId: RP_ID, userVerification: "required" });
    expect(options?.options.allowCredentials ?? []).toHaveLength(0);
    if (!options) throw new Error("no options");

    const assertion = authenticator.get(options.options);
    const { data, error: signInError } = await visitor.auth.passkey.verifyAuthentication({
      challengeId: options.challenge_id,
      credential: assertion,
    });
    expect(signInError).toBeNull();
    expect(data?.user?.id).toBe(userId);
    expect(await amrOf(data?.session)).toEqual({ aal: "aal1", methods: ["passkey"] });
    const stored = await visitor.auth.getSession();
    expect(stored.data.session?.access_token).toBe(data?.session?.access_token);
    const me = await visitor.auth.getUser();
    expect(me.data.user?.id).toBe(userId);

    const listed = await owner.auth.passkey.list();
    expect(listed.data?.[0]).toMatchObject({ id: passkey.id, last_used_at: expect.any(String) });
    const [row] = await queryRows<{ sign_count: string }>(
      getDb(),
      sql`select sign_count from auth.webauthn_credentials where id = ${passkey.id}`,
    );
    expect(Number(row?.sign_count)).toBe(1);
    const audit = await queryRows<{ provider: string }>(
      getDb(),
      sql`select payload->'traits'->>'provider' as provider from auth.audit_log_entries
          where payload->>'actor_id' = ${userId} and payload->>'action' = 'login'`,
    );
    expect(audit.map((entry) => entry.provider)).toContain("passkey");
  });

  it("refuses a replayed challenge (422 webauthn_challenge_not_found)", async () => {
    const { authenticator } = await userWithPasskey();
    const visitor = await client();
    const { data: options } = await visitor.auth.passkey.startAuthentication();
    if (!options) throw new Error("no options");
    const assertion = authenticator.get(options.options);
    const first = await visitor.auth.passkey.verifyAuthentication({
      challengeId: options.challenge_id,
      credential: assertion,
    });
    expect(first.error).toBeNull();
    const second = await visitor.auth.passkey.verifyAuthentication({
      challengeId: options.challenge_id,
      credential: assertion,
    });
    expect(second.data).toBeNull();
    expectApiError(second.error, 422, "webauthn_challenge_not_found");
  });

  it("uses a challenge once even when the answer was wrong", async () => {
    const { authenticator } = await userWithPasskey();
    const visitor = await client();
    const { data: options } = await visitor.auth.passkey.startAuthentication();
    if (!options) throw new Error("no options");
    const wrong = await visitor.auth.passkey.verifyAuthentication({
      challengeId: options.challenge_id,
      credential: authenticator.get(options.options, { origin: "http://evil.example" }),
    });
    expectApiError(wrong.error, 422, "webauthn_verification_failed");
    const right = await visitor.auth.passkey.verifyAuthentication({
      challengeId: options.challenge_id,
      credential: authenticator.get(options.options),
    });
    expectApiError(right.error, 422, "webauthn_challenge_not_found");
  });

  it("refuses assertions that are not the registered passkey's, correctly made", async () => {
    const { owner, authenticator } = await userWithPasskey();
    const stranger = new SoftwareAuthenticator({ origin: ORIGIN });
    // Bound to the real user handle, but never registered.
    const { data: registration } = await owner.auth.passkey.startRegistration();
    if (!registration) throw new Error("no options");
    stranger.create(registration.options);
    const otherKey = new SoftwareAuthenticator({ origin: ORIGIN });
    otherKey.create(registration.options);
    const cases: [string, (options: never) => unknown][] = [
      ["unregistered authenticator", (options) => stranger.get(options)],
      ["other origin", (options) => authenticator.get(options, { origin: "http://evil.example" })],
      ["other challenge", (options) => authenticator.get(options, { challenge: "AAAA" })],
      ["other relying party", (options) => authenticator.get(options, { rpId: "evil.example" })],
      ["create type", (options) => authenticator.get(options, { type: "webauthn.create" })],
      ["no user verification", (options) => authenticator.get(options, { userVerified: false })],
      [
        "signed by another key",
        (options) => authenticator.get(options, { signWith: otherKey.credentials[0]?.privateKey }),
      ],
      [
        "another user's handle",
        (options) => authenticator.get(options, { userHandle: Buffer.from(crypto.randomUUID()) }),
      ],
      // A counter that does not grow: a cloned authenticator.
      ["counter went back", (options) => authenticator.get(options, { counter: 0 })],
    ];
    // One good sign-in first, so the stored counter is 1.
    const visitor = await client();
    expect((await passkeySignIn(visitor, authenticator)).error).toBeNull();
    for (const [name, answer] of cases) {
      const { data: options } = await visitor.auth.passkey.startAuthentication();
      if (!options) throw new Error("no options");
      const { data, error } = await visitor.auth.passkey.verifyAuthentication({
        challengeId: options.challenge_id,
        credential: answer(options.options as never) as never,
      });
      expect(data, name).toBeNull();
      expect(error, name).toMatchObject({ status: 422, code: "webauthn_verification_failed" });
    }
  });

  it("refuses an expired challenge (422 webauthn_challenge_expired)", async () => {
    const { authenticator } = await userWithPasskey();
    const visitor = await client();
    const { data: options } = await visitor.auth.passkey.startAuthentication();
    if (!options) throw new Error("no options");
    await getDb().execute(
      sql`update auth.webauthn_challenges set expires_at = now() - interval '1 second'
          where id = ${options.challenge_id}`,
    );
    const { error } = await visitor.auth.passkey.verifyAuthentication({
      challengeId: options.challenge_id,
      credential: authenticator.get(options.options),
    });
    expectApiError(error, 422, "webauthn_challenge_expired");
  });

  it("refuses a banned user (400 user_banned)", async () => {
    const { authenticator, userId } = await userWithPasskey();
    const admin = await client({ key: "service" });
    expect(
      (await admin.auth.admin.updateUserById(userId, { ban_duration: "24h" })).error,
    ).toBeNull();
    const { error } = await passkeySignIn(await client(), authenticator);
    expectApiError(error, 400, "user_banned");
  });
});

describe("passkey management", () => {
  it("renames a passkey (PATCH), refusing empty names and other users' passkeys", async () => {
    const { owner, passkey } = await userWithPasskey();
    const renamed = await owner.auth.passkey.update({
      passkeyId: passkey.id,
      friendlyName: "  Laptop  ",
    });
    expect(renamed.error).toBeNull();
    expect(renamed.data).toMatchObject({ id: passkey.id, friendly_name: "Laptop" });
    expect((await owner.auth.passkey.list()).data?.[0]?.friendly_name).toBe("Laptop");

    const empty = await owner.auth.passkey.update({ passkeyId: passkey.id, friendlyName: " " });
    expectApiError(empty.error, 400, "validation_failed");
    const long = await owner.auth.passkey.update({
      passkeyId: passkey.id,
      friendlyName: "x".repeat(121),
    });
    expectApiError(long.error, 400, "validation_failed");
    const unknown = await owner.auth.passkey.update({
      passkeyId: "00000000-0000-0000-0000-000000000000",
      friendlyName: "nope",
    });
    expectApiError(unknown.error, 404, "webauthn_credential_not_found");
    const other = await signedUp();
    const foreign = await other.owner.auth.passkey.update({
      passkeyId: passkey.id,
      friendlyName: "mine now",
    });
    expectApiError(foreign.error, 404, "webauthn_credential_not_found");
    const foreignDelete = await other.owner.auth.passkey.delete({ passkeyId: passkey.id });
    expectApiError(foreignDelete.error, 404, "webauthn_credential_not_found");
  });

  it("deletes a passkey (204), after which it no longer signs in", async () => {
    const { owner, authenticator, passkey } = await userWithPasskey();
    const response = await rawRequest("DELETE", `passkeys/${passkey.id}`, {
      headers: {
        Authorization: `Bearer ${(await owner.auth.getSession()).data.session?.access_token}`,
      },
    });
    expect(response.status).toBe(204);
    expect((await owner.auth.passkey.list()).data).toEqual([]);
    const again = await owner.auth.passkey.delete({ passkeyId: passkey.id });
    expectApiError(again.error, 404, "webauthn_credential_not_found");

    const { data, error } = await passkeySignIn(await client(), authenticator);
    expect(data).toBeNull();
    expectApiError(error, 422, "webauthn_verification_failed");
  });

  it("admin: lists and deletes a user's passkeys with the service_role key only", async () => {
    const { owner, passkey, userId } = await userWithPasskey();
    const second = await registerPasskey(owner, new SoftwareAuthenticator({ origin: ORIGIN }));
    const admin = await client({ key: "service" });
    const listed = await admin.auth.admin.passkey.listPasskeys({ userId });
    expect(listed.error).toBeNull();
    expect(listed.data?.map((p) => p.id)).toEqual([passkey.id, second.id]);

    const removed = await admin.auth.admin.passkey.deletePasskey({ userId, passkeyId: second.id });
    expect(removed.error).toBeNull();
    expect((await owner.auth.passkey.list()).data?.map((p) => p.id)).toEqual([passkey.id]);

    const missing = await admin.auth.admin.passkey.deletePasskey({
      userId,
      passkeyId: second.id,
    });
    expectApiError(missing.error, 404, "webauthn_credential_not_found");
    const nobody = await admin.auth.admin.passkey.listPasskeys({
      userId: "00000000-0000-4000-8000-000000000000",
    });
    expectApiError(nobody.error, 404, "user_not_found");

    const anon = await client();
    const refused = await anon.auth.admin.passkey.listPasskeys({ userId });
    expectApiError(refused.error, 403, "not_admin");
    const asUser = await rawRequest("GET", `admin/users/${userId}/passkeys`, {
      headers: {
        Authorization: `Bearer ${(await owner.auth.getSession()).data.session?.access_token}`,
        "X-Supabase-Api-Version": "2024-01-01",
      },
    });
    expect(asUser.status).toBe(403);
    expect(await asUser.json()).toMatchObject({ code: "not_admin" });
  });

  it("AUTH_PASSKEYS=false turns every passkey endpoint off (404 passkey_disabled)", async () => {
    const { owner } = await signedUp();
    process.env.AUTH_PASSKEYS = "false";
    resetEnvForTests();
    expectApiError((await owner.auth.passkey.startRegistration()).error, 404, "passkey_disabled");
    expectApiError((await owner.auth.passkey.list()).error, 404, "passkey_disabled");
    const visitor = await client();
    expectApiError(
      (await visitor.auth.passkey.startAuthentication()).error,
      404,
      "passkey_disabled",
    );
  });
});

describe("relying party and origins", () => {
  it("binds a ceremony to the page's origin when the request names one", async () => {
    process.env.AUTH_WEBAUTHN_ORIGINS = "http://app.localhost:3000";
    resetEnvForTests();
    const page = "http://app.localhost:3000";
    const { owner } = await signedUp({ origin: page });
    const { data: options } = await owner.auth.passkey.startRegistration();
    expect(options?.options.rp.id).toBe("app.localhost");
    if (!options) throw new Error("no options");
    const [row] = await queryRows<{ origins: string[]; rp_id: string }>(
      getDb(),
      sql`select origins, rp_id from auth.webauthn_challenges where id = ${options.challenge_id}`,
    );
    expect(row).toEqual({ origins: [page], rp_id: "app.localhost" });

    // The site's own origin is allowed too, but not for a ceremony the other page started.
    const authenticator = new SoftwareAuthenticator({ origin: ORIGIN });
    const crossed = await owner.auth.passkey.verifyRegistration({
      challengeId: options.challenge_id,
      credential: authenticator.create(options.options),
    });
    expectApiError(crossed.error, 422, "webauthn_verification_failed");

    const onPage = new SoftwareAuthenticator({ origin: page });
    await registerPasskey(owner, onPage);
    const visitor = await client({ origin: page });
    const { data: signIn } = await visitor.auth.passkey.startAuthentication();
    if (!signIn) throw new Error("no options");
    expect(signIn.options.rpId).toBe("app.localhost");
    const { error } = await visitor.auth.passkey.verifyAuthentication({
      challengeId: signIn.challenge_id,
      credential: onPage.get(signIn.options),
    });
    expect(error).toBeNull();
  });

  it("uses AUTH_WEBAUTHN_RP_ID for every allowed origin under it", async () => {
    process.env.AUTH_WEBAUTHN_ORIGINS = "http://app.localhost:3000";
    process.env.AUTH_WEBAUTHN_RP_ID = "localhost";
    resetEnvForTests();
    const page = "http://app.localhost:3000";
    const { owner } = await signedUp({ origin: page });
    const onPage = new SoftwareAuthenticator({ origin: page });
    const { data: options } = await owner.auth.passkey.startRegistration();
    expect(options?.options.rp.id).toBe("localhost");
    await registerPasskey(owner, onPage);
    // Registered on app.localhost, usable on the site (localhost) too: one relying party.
    const onSite = new SoftwareAuthenticator({ origin: ORIGIN });
    onSite.credentials.push(...onPage.credentials);
    const { error } = await passkeySignIn(await client({ origin: ORIGIN }), onSite);
    expect(error).toBeNull();
  });

  it("refuses origins that are not allowed, and IP addresses as relying party id", async () => {
    process.env.AUTH_WEBAUTHN_ORIGINS = "http://127.0.0.1:3000";
    resetEnvForTests();
    const foreign = await client({ origin: "http://evil.example" });
    expectApiError(
      (await foreign.auth.passkey.startAuthentication()).error,
      400,
      "validation_failed",
    );
    const ip = await client({ origin: "http://127.0.0.1:3000" });
    expectApiError((await ip.auth.passkey.startAuthentication()).error, 400, "validation_failed");
    process.env.AUTH_WEBAUTHN_RP_ID = "example.com";
    resetEnvForTests();
    const site = await client({ origin: ORIGIN });
    expectApiError((await site.auth.passkey.startAuthentication()).error, 400, "validation_failed");
  });
});

describe("WebAuthn as an MFA factor", () => {
  async function enrolled(name = "Security key") {
    const user = await signedUp();
    const authenticator = new SoftwareAuthenticator({
      origin: ORIGIN,
      attachment: "cross-platform",
    });
    const { data, error } = await user.owner.auth.mfa.enroll({
      factorType: "webauthn",
      friendlyName: name,
    });
    expect(error).toBeNull();
    if (!data) throw new Error("no factor");
    return { ...user, authenticator, factorId: data.id, enrolledAs: data };
  }

  async function register(owner: SupabaseClient, factorId: string, key: SoftwareAuthenticator) {
    const challenge = await owner.auth.mfa.challenge({ factorId, webauthn: WEBAUTHN_PARAMS });
    expect(challenge.error).toBeNull();
    const data = challenge.data;
    if (!data || data.type !== "webauthn" || data.webauthn.type !== "create") {
      throw new Error("no creation challenge");
    }
    const credential = key.create(data.webauthn.credential_options.publicKey);
    return owner.auth.mfa.verify({
      factorId,
      challengeId: data.id,
      webauthn: {
        type: "create",
        rpId: RP_ID,
        rpOrigins: [ORIGIN],
        credential_response: credential as never,
      },
    });
  }

  /** A user with a verified WebAuthn factor, and a new aal1 session (password). */
  async function verifiedUser() {
    const user = await enrolled();
    expect((await register(user.owner, user.factorId, user.authenticator)).error).toBeNull();
    const aal1 = await client();
    const signIn = await aal1.auth.signInWithPassword({
      email: user.email,
      password: GOOD_PASSWORD,
    });
    expect(signIn.error).toBeNull();
    return { ...user, aal1 };
  }

  async function requestChallenge(session: SupabaseClient, factorId: string) {
    const challenge = await session.auth.mfa.challenge({ factorId, webauthn: WEBAUTHN_PARAMS });
    expect(challenge.error).toBeNull();
    const data = challenge.data;
    if (!data || data.type !== "webauthn" || data.webauthn.type !== "request") {
      throw new Error("no request challenge");
    }
    return data;
  }

  it("enrolls an unverified factor and answers creation options for it", async () => {
    const { owner, factorId, enrolledAs, userId } = await enrolled();
    expect(enrolledAs).toEqual({ id: factorId, type: "webauthn", friendly_name: "Security key" });
    const listed = await owner.auth.mfa.listFactors();
    expect(listed.data?.all).toEqual([
      expect.objectContaining({ id: factorId, factor_type: "webauthn", status: "unverified" }),
    ]);
    const challenge = await owner.auth.mfa.challenge({ factorId, webauthn: WEBAUTHN_PARAMS });
    expect(challenge.error).toBeNull();
    const data = challenge.data;
    if (!data || data.type !== "webauthn" || data.webauthn.type !== "create") {
      throw new Error("no creation challenge");
    }
    expect(data.expires_at).toBeGreaterThan(nowSeconds() + 290);
    const publicKey = data.webauthn.credential_options.publicKey;
    expect(publicKey.rp).toEqual({ id: RP_ID, name: "Live Market" });
    // auth-js hands the options over as the browser wants them (ArrayBuffers).
    expect(Buffer.from(publicKey.user.id as ArrayBuffer).toString()).toBe(userId);
    expect(publicKey.authenticatorSelection).toMatchObject({
      residentKey: "discouraged",
      userVerification: "preferred",
    });
  });

  it("verifies the attestation: factor verified, session aal2 with amr mfa/webauthn", async () => {
    const { owner, factorId, authenticator } = await enrolled();
    const verified = await register(owner, factorId, authenticator);
    expect(verified.error).toBeNull();
    expect(await amrOf(verified.data)).toEqual({
      aal: "aal2",
      methods: ["mfa/webauthn", "password"],
    });
    const listed = await owner.auth.mfa.listFactors();
    expect(listed.data?.webauthn.map((factor) => factor.id)).toEqual([factorId]);
    const aal = await owner.auth.mfa.getAuthenticatorAssuranceLevel();
    expect(aal.data).toMatchObject({ currentLevel: "aal2", nextLevel: "aal2" });
    const [row] = await queryRows<{ factor_id: string }>(
      getDb(),
      sql`select factor_id from auth.webauthn_credentials where factor_id = ${factorId}`,
    );
    expect(row?.factor_id).toBe(factorId);
    // A security key of a factor is not a passkey.
    expect((await owner.auth.passkey.list()).data).toEqual([]);
  });

  it("passes the factor's challenge at the next sign-in (aal1 → aal2)", async () => {
    const { aal1, factorId, authenticator } = await verifiedUser();
    const before = await aal1.auth.mfa.getAuthenticatorAssuranceLevel();
    expect(before.data).toMatchObject({ currentLevel: "aal1", nextLevel: "aal2" });
    const challenge = await requestChallenge(aal1, factorId);
    const publicKey = challenge.webauthn.credential_options
      .publicKey as PublicKeyCredentialRequestOptions;
    expect(publicKey.rpId).toBe(RP_ID);
    expect(publicKey.allowCredentials?.map((c) => Buffer.from(c.id as ArrayBuffer))).toEqual([
      authenticator.credentials[0]?.id,
    ]);
    const verified = await aal1.auth.mfa.verify({
      factorId,
      challengeId: challenge.id,
      webauthn: {
        type: "request",
        rpId: RP_ID,
        rpOrigins: [ORIGIN],
        credential_response: authenticator.get(publicKey) as never,
      },
    });
    expect(verified.error).toBeNull();
    expect((await amrOf(verified.data)).aal).toBe("aal2");
    expect((await amrOf(verified.data)).methods[0]).toBe("mfa/webauthn");
  });

  it("refuses wrong assertions, used, expired and mismatched challenges", async () => {
    const { aal1, factorId, authenticator, owner } = await verifiedUser();
    const stranger = new SoftwareAuthenticator({ origin: ORIGIN, attachment: "cross-platform" });
    const verify = (challengeId: string, type: "create" | "request", response: unknown) =>
      aal1.auth.mfa.verify({
        factorId,
        challengeId,
        webauthn: {
          type,
          rpId: RP_ID,
          rpOrigins: [ORIGIN],
          credential_response: response as never,
        },
      });

    const first = await requestChallenge(aal1, factorId);
    const key = first.webauthn.credential_options.publicKey;
    const bad = await verify(
      first.id,
      "request",
      authenticator.get(key, { origin: "http://evil.example" }),
    );
    expectApiError(bad.error, 422, "mfa_verification_failed");
    // The challenge was used by that answer.
    const reused = await verify(first.id, "request", authenticator.get(key));
    expectApiError(reused.error, 422, "mfa_factor_not_found");

    const second = await requestChallenge(aal1, factorId);
    const otherKey = new SoftwareAuthenticator({ origin: ORIGIN });
    otherKey.create({ rp: { id: RP_ID }, user: { id: "AA" }, challenge: "AA" });
    const forged = await verify(
      second.id,
      "request",
      authenticator.get(second.webauthn.credential_options.publicKey, {
        signWith: otherKey.credentials[0]?.privateKey,
      }),
    );
    expectApiError(forged.error, 422, "mfa_verification_failed");

    const third = await requestChallenge(aal1, factorId);
    const wrongType = await verify(
      third.id,
      "create",
      stranger.create({
        rp: { id: RP_ID },
        user: { id: "AA" },
        challenge: third.webauthn.credential_options.publicKey.challenge,
      }),
    );
    expectApiError(wrongType.error, 422, "mfa_factor_not_found");

    const fourth = await requestChallenge(aal1, factorId);
    await getDb().execute(
      sql`update auth.webauthn_challenges set expires_at = now() - interval '1 second'
          where id = ${fourth.id}`,
    );
    const expired = await verify(
      fourth.id,
      "request",
      authenticator.get(fourth.webauthn.credential_options.publicKey),
    );
    expectApiError(expired.error, 422, "mfa_challenge_expired");

    // Another user's factor is not found; a code answers a WebAuthn factor's nothing.
    const other = await signedUp();
    const foreign = await other.owner.auth.mfa.challenge({ factorId });
    expectApiError(foreign.error, 404, "mfa_factor_not_found");
    const withCode = await aal1.auth.mfa.verify({
      factorId,
      challengeId: (await requestChallenge(aal1, factorId)).id,
      code: "123456",
    });
    expectApiError(withCode.error, 422, "mfa_factor_not_found");
    const still = await aal1.auth.mfa.getAuthenticatorAssuranceLevel();
    expect(still.data?.currentLevel).toBe("aal1");
    expect((await owner.auth.mfa.listFactors()).data?.webauthn).toHaveLength(1);
  });

  it("does not let the factor's key sign in as a passkey", async () => {
    const { authenticator } = await verifiedUser();
    const visitor = await client();
    const { data: options } = await visitor.auth.passkey.startAuthentication();
    if (!options) throw new Error("no options");
    const { error } = await visitor.auth.passkey.verifyAuthentication({
      challengeId: options.challenge_id,
      credential: authenticator.get(options.options),
    });
    expectApiError(error, 422, "webauthn_verification_failed");
  });

  it("unenrolling (at aal2) removes the credential", async () => {
    const { owner, factorId, authenticator } = await enrolled();
    expect((await register(owner, factorId, authenticator)).error).toBeNull();
    const removed = await owner.auth.mfa.unenroll({ factorId });
    expect(removed.error).toBeNull();
    const rows = await queryRows<{ id: string }>(
      getDb(),
      sql`select id from auth.webauthn_credentials where factor_id = ${factorId}`,
    );
    expect(rows).toEqual([]);
  });

  it("AUTH_MFA_WEBAUTHN=false: enroll 422 mfa_webauthn_enroll_not_enabled, challenge verify_not_enabled", async () => {
    const { owner, factorId } = await enrolled();
    process.env.AUTH_MFA_WEBAUTHN = "false";
    resetEnvForTests();
    const enroll = await owner.auth.mfa.enroll({ factorType: "webauthn", friendlyName: "again" });
    expectApiError(enroll.error, 422, "mfa_webauthn_enroll_not_enabled");
    const challenge = await owner.auth.mfa.challenge({ factorId, webauthn: WEBAUTHN_PARAMS });
    expectApiError(challenge.error, 422, "mfa_webauthn_verify_not_enabled");
  });
});
