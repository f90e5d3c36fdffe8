import { createHash, randomUUID } from "node:crypto";
import { decodeJwt, generateKeyPair } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeDb } from "@/lib/db/client";
import { resetEnvForTests } from "@/lib/env";
import { authClient, GOOD_PASSWORD, ORIGIN, rawRequest, uniqueEmail } from "./support/auth-server";
import { startTestIssuer, type TestIssuer } from "./support/test-issuer";

/**
 * Sign in with a Google id token (signInWithIdToken), against a test issuer whose keys are
 * served over HTTP like Google's; linking (linkIdentity with a token) and unlinking.
 */
const CLIENT_ID = "live-market-test.apps.example.com";
let issuer: TestIssuer;

beforeAll(async () => {
  issuer = await startTestIssuer();
  process.env.SITE_URL = ORIGIN;
  process.env.AUTH_AUTOCONFIRM = "true";
  process.env.AUTH_GOOGLE_CLIENT_ID = `other-client.example.com, ${CLIENT_ID}`;
  process.env.AUTH_GOOGLE_ISSUER = issuer.issuer;
  process.env.AUTH_GOOGLE_JWKS_URL = issuer.jwksUrl;
  resetEnvForTests();
});

afterAll(async () => {
  delete process.env.AUTH_GOOGLE_CLIENT_ID;
  delete process.env.AUTH_GOOGLE_ISSUER;
  delete process.env.AUTH_GOOGLE_JWKS_URL;
  resetEnvForTests();
  await issuer.close();
  await closeDb();
});

function googleClaims(overrides: Record<string, unknown> = {}) {
  return {
    sub: `g-${randomUUID()}`,
    aud: CLIENT_ID,
    email: uniqueEmail("google"),
    email_verified: true,
    name: "Grace Hopper",
    picture: "https://images.example.com/grace.png",
    ...overrides,
  };
}

async function signInWithGoogle(token: string, nonce?: string) {
  const client = await authClient();
  const result = await client.auth.signInWithIdToken({ provider: "google", token, nonce });
  return { client, ...result };
}

describe("Google id token sign-in", () => {
  it("creates a user with a google identity from an RS256 token", async () => {
    const claims = googleClaims();
    const { data, error } = await signInWithGoogle(await issuer.sign(claims));
    expect(error).toBeNull();
    const user = data.user;
    expect(user).toMatchObject({
      email: claims.email,
      is_anonymous: false,
      app_metadata: { provider: "google", providers: ["google"] },
      user_metadata: { name: "Grace Hopper", email: claims.email, sub: claims.sub },
    });
    expect(user?.email_confirmed_at).toBeTruthy();
    expect(user?.identities).toHaveLength(1);
    expect(user?.identities?.[0]).toMatchObject({
      provider: "google",
      id: claims.sub,
      identity_data: {
        sub: claims.sub,
        email: claims.email,
        email_verified: true,
        name: "Grace Hopper",
        picture: claims.picture,
      },
    });
    const token = decodeJwt(data.session?.access_token ?? "");
    expect(token.amr).toEqual([{ method: "oauth", timestamp: expect.any(Number) }]);
    expect(token.app_metadata).toEqual({ provider: "google", providers: ["google"] });
  });

  it("signs the same user in again, also with an ES256 token", async () => {
    const claims = googleClaims();
    const first = await signInWithGoogle(await issuer.sign(claims));
    const again = await signInWithGoogle(await issuer.sign(claims, { alg: "ES256" }));
    expect(again.error).toBeNull();
    expect(again.data.user?.id).toBe(first.data.user?.id);
  });

  it("links to the existing user of a verified address", async () => {
    const email = uniqueEmail("has-password");
    const owner = await authClient();
    const signUp = await owner.auth.signUp({ email, password: GOOD_PASSWORD });
    const { data, error } = await signInWithGoogle(await issuer.sign(googleClaims({ email })));
    expect(error).toBeNull();
    expect(data.user?.id).toBe(signUp.data.user?.id);
    expect(data.user?.identities?.map((i) => i.provider).sort()).toEqual(["email", "google"]);
    expect(data.user?.app_metadata.providers).toEqual(["email", "google"]);
    // The password still works.
    const password = await owner.auth.signInWithPassword({ email, password: GOOD_PASSWORD });
    expect(password.error).toBeNull();
  });

  it("does not link an unverified address to its holder", async () => {
    const email = uniqueEmail("unverified");
    const owner = await authClient();
    const signUp = await owner.auth.signUp({ email, password: GOOD_PASSWORD });
    const { data, error } = await signInWithGoogle(
      await issuer.sign(googleClaims({ email, email_verified: false })),
    );
    expect(error).toBeNull();
    expect(data.user?.id).not.toBe(signUp.data.user?.id);
    expect(data.user?.email).toBe("");
  });

  it("checks the nonce: sha256(nonce) or the nonce itself; both or neither", async () => {
    const nonce = randomUUID();
    const hashed = createHash("sha256").update(nonce).digest("hex");
    expect(
      (await signInWithGoogle(await issuer.sign(googleClaims({ nonce: hashed })), nonce)).error,
    ).toBeNull();
    expect(
      (await signInWithGoogle(await issuer.sign(googleClaims({ nonce })), nonce)).error,
    ).toBeNull();

    const mismatch = await signInWithGoogle(
      await issuer.sign(googleClaims({ nonce: hashed })),
      "another nonce",
    );
    expect(mismatch.error?.status).toBe(400);
    expect(mismatch.error?.message).toBe("Nonces mismatch");
    const missing = await signInWithGoogle(await issuer.sign(googleClaims({ nonce: hashed })));
    expect(missing.error?.message).toBe(
      "Passed nonce and nonce in id_token should either both exist or not.",
    );
    const unexpected = await signInWithGoogle(await issuer.sign(googleClaims()), nonce);
    expect(unexpected.error?.status).toBe(400);
  });

  it("refuses wrong audience, wrong issuer, expiry, a bad signature and unknown keys", async () => {
    const now = Math.floor(Date.now() / 1000);
    const stranger = await generateKeyPair("RS256");
    const cases: [string, Promise<string>][] = [
      ["Unacceptable audience in id_token", issuer.sign(googleClaims({ aud: "someone-else" }))],
      ["Bad ID token", issuer.sign(googleClaims({ iss: "https://accounts.google.com" }))],
      ["Bad ID token", issuer.sign(googleClaims({ iat: now - 7200, exp: now - 3600 }))],
      ["Bad ID token", issuer.sign(googleClaims(), { key: stranger.privateKey })],
      ["Bad ID token", issuer.sign(googleClaims(), { kid: "unknown-kid" })],
    ];
    for (const [message, token] of cases) {
      const { error, data } = await signInWithGoogle(await token);
      expect(error?.status, message).toBe(400);
      expect(error?.message).toBe(message);
      expect(data.session).toBeNull();
    }
    const tampered = (await issuer.sign(googleClaims())).replace(/\.[^.]+$/, ".AAAA");
    expect((await signInWithGoogle(tampered)).error?.message).toBe("Bad ID token");
  });

  it("answers OAuth-style errors on the wire and refuses other providers", async () => {
    const token = await issuer.sign(googleClaims({ aud: "someone-else" }));
    const response = await rawRequest("POST", "token?grant_type=id_token", {
      body: JSON.stringify({ provider: "google", id_token: token }),
      headers: { "X-Supabase-Api-Version": "2024-01-01" },
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      error: "invalid request",
      error_description: "Unacceptable audience in id_token",
    });
    const client = await authClient();
    const apple = await client.auth.signInWithIdToken({ provider: "apple", token });
    expect(apple.error?.status).toBe(400);
    expect(apple.error?.code).toBe("validation_failed");
  });

  it("is off without a client id (provider_disabled)", async () => {
    const saved = process.env.AUTH_GOOGLE_CLIENT_ID;
    delete process.env.AUTH_GOOGLE_CLIENT_ID;
    resetEnvForTests();
    try {
      const { error } = await signInWithGoogle(await issuer.sign(googleClaims()));
      expect(error?.status).toBe(400);
      expect(error?.code).toBe("provider_disabled");
    } finally {
      process.env.AUTH_GOOGLE_CLIENT_ID = saved;
      resetEnvForTests();
    }
  });
});

describe("identities: link and unlink", () => {
  it("links a Google identity to the signed-in user and unlinks it again", async () => {
    const email = uniqueEmail("linker");
    const client = await authClient();
    const signUp = await client.auth.signUp({ email, password: GOOD_PASSWORD });
    const userId = signUp.data.user?.id;

    const alone = await client.auth.unlinkIdentity(signUp.data.user!.identities![0]!);
    expect(alone.error?.status).toBe(422);
    expect(alone.error?.code).toBe("single_identity_not_deletable");

    const claims = googleClaims({ email: uniqueEmail("linked") });
    const linked = await client.auth.linkIdentity({
      provider: "google",
      token: await issuer.sign(claims),
    });
    expect(linked.error).toBeNull();
    expect(linked.data.user?.id).toBe(userId);
    expect(linked.data.user?.email).toBe(email);

    const got = await client.auth.getUserIdentities();
    expect(got.error).toBeNull();
    const providers = got.data?.identities.map((i) => i.provider).sort();
    expect(providers).toEqual(["email", "google"]);

    // The same identity again, for this user or another: identity_already_exists.
    const twice = await client.auth.linkIdentity({
      provider: "google",
      token: await issuer.sign(claims),
    });
    expect(twice.error?.code).toBe("identity_already_exists");
    const other = await authClient();
    await other.auth.signUp({ email: uniqueEmail("other"), password: GOOD_PASSWORD });
    const stolen = await other.auth.linkIdentity({
      provider: "google",
      token: await issuer.sign(claims),
    });
    expect(stolen.error?.status).toBe(422);
    expect(stolen.error?.code).toBe("identity_already_exists");
    expect(stolen.error?.message).toBe("Identity is already linked to another user");

    // Someone else's identity id is not found for this user.
    const google = got.data!.identities.find((i) => i.provider === "google")!;
    const otherIdentity = (await other.auth.getUserIdentities()).data!.identities[0]!;
    const foreign = await client.auth.unlinkIdentity(otherIdentity);
    expect(foreign.error?.status).toBe(422);
    expect(foreign.error?.code).toBe("identity_not_found");
    const otherLinked = await other.auth.linkIdentity({
      provider: "google",
      token: await issuer.sign(googleClaims()),
    });
    expect(otherLinked.error).toBeNull();
    const notMine = await other.auth.unlinkIdentity(google);
    expect(notMine.error?.code).toBe("identity_not_found");

    const unlinked = await client.auth.unlinkIdentity(google);
    expect(unlinked.error).toBeNull();
    const after = await client.auth.getUser();
    expect(after.data.user?.identities?.map((i) => i.provider)).toEqual(["email"]);
    expect(after.data.user?.app_metadata.providers).toEqual(["email"]);
    // Unlinked: the Google token now signs in a new user.
    const fresh = await signInWithGoogle(await issuer.sign(claims));
    expect(fresh.data.user?.id).not.toBe(userId);
  });

  it("upgrades an anonymous user who links Google", async () => {
    const client = await authClient();
    const anon = await client.auth.signInAnonymously();
    const claims = googleClaims();
    const linked = await client.auth.linkIdentity({
      provider: "google",
      token: await issuer.sign(claims),
    });
    expect(linked.error).toBeNull();
    expect(linked.data.user).toMatchObject({
      id: anon.data.user?.id,
      is_anonymous: false,
      email: claims.email,
    });
    expect(decodeJwt(linked.data.session?.access_token ?? "").is_anonymous).toBe(false);
  });

  it("fetched the issuer's keys over HTTP and cached them", () => {
    expect(issuer.fetches()).toBeGreaterThanOrEqual(1);
    expect(issuer.fetches()).toBeLessThan(5);
  });
});
