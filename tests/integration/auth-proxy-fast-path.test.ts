import { stringFromBase64URL, stringToBase64URL } from "@supabase/ssr";
import { generateKeyPair, SignJWT } from "jose";
import { NextRequest } from "next/server";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { authGuard } from "@/lib/auth/guard/auth-proxy";
import { verifySessionCookie } from "@/lib/auth/guard/session-token";
import { safeGetClaims } from "@/lib/auth/server/claims";
import * as serverClient from "@/lib/auth/server/server-client";
import { getKeyRing } from "@/lib/auth/service/keys";
import { closeDb } from "@/lib/db/client";
import { resetEnvForTests } from "@/lib/env";
import { createOwnProfile } from "@/lib/profile/profiles";
import type { UserClaims } from "@/lib/db/run-context";
import { ORIGIN } from "./support/auth-server";
import {
  cookieList,
  cookieMethods,
  decodePayload,
  type Jar,
  jarOf,
  readSession,
  resign,
  type Session,
  SESSION_COOKIE,
  signUp as signUpWith,
} from "./support/session-cookies";

/**
 * The proxy's fast path (lib/auth/guard/session-token.ts): a fresh, valid access token in the
 * session cookie is decided without a supabase-js client; a session near expiry still goes
 * through the client (refresh, cookies written back); tokens that are not ours are signed out.
 */
vi.mock(import("@/lib/auth/server/server-client"), async (importOriginal) => {
  const actual = await importOriginal();
  return { ...actual, createAuthServerClient: vi.fn(actual.createAuthServerClient) };
});
const createClientSpy = vi.mocked(serverClient.createAuthServerClient);

const COOKIE = SESSION_COOKIE;
const rnd = () => Math.floor(Math.random() * 250) + 1;
const signUp = (metadata: Record<string, string> = {}) => signUpWith("fastpath", metadata);

function guard(path: string, jar: Jar) {
  const cookie = [...jar].map(([n, v]) => `${n}=${v}`).join("; ");
  return authGuard(
    new NextRequest(`${ORIGIN}${path}`, {
      headers: { cookie, "x-forwarded-for": `10.7.${rnd()}.${rnd()}` },
    }),
  );
}

function withToken(session: Session, token: string): Jar {
  return jarOf({ ...session, access_token: token });
}

beforeAll(() => {
  process.env.SITE_URL = ORIGIN;
  process.env.AUTH_AUTOCONFIRM = "true";
  resetEnvForTests();
});

beforeEach(() => {
  createClientSpy.mockClear();
});

afterAll(async () => {
  await closeDb();
});

describe("proxy fast path", () => {
  it("decides a valid, fresh session without building a client", async () => {
    const jar = await signUp();
    const session = readSession(jar);
    const verdict = await verifySessionCookie(cookieList(jar), COOKIE);
    expect(verdict).toMatchObject({ kind: "valid", claims: { sub: session.user.id } });

    createClientSpy.mockClear();
    const response = await guard("/profile", jar);
    expect(response.headers.get("location")).toBe(`${ORIGIN}/profile/create?redirect=%2Fprofile`);
    expect(response.headers.get("set-cookie")).toBeNull();
    expect(response.headers.get("cache-control")).toBeNull();
    expect(createClientSpy).not.toHaveBeenCalled();

    await createOwnProfile(
      { sub: session.user.id } as UserClaims,
      {
        displayName: "Fast",
        locale: "en",
        marketingConsent: false,
      },
      null,
    );
    const member = await guard("/profile", jar);
    expect(member.status).toBe(200);
    expect(member.cookies.get("lm-profile")?.value).toMatch(new RegExp(`^${session.user.id}\\.`));
    expect(createClientSpy).not.toHaveBeenCalled();
  });

  it("reads chunked cookies", async () => {
    const jar = await signUp({ bio: "x".repeat(4000) });
    expect(jar.has(COOKIE)).toBe(false);
    expect(jar.has(`${COOKIE}.1`)).toBe(true);
    const verdict = await verifySessionCookie(cookieList(jar), COOKIE);
    expect(verdict).toMatchObject({ kind: "valid", claims: { sub: readSession(jar).user.id } });
    createClientSpy.mockClear();
    expect((await guard("/profile", jar)).headers.get("location")).toBe(
      `${ORIGIN}/profile/create?redirect=%2Fprofile`,
    );
    expect(createClientSpy).not.toHaveBeenCalled();
  });

  it("leaves a session near expiry to the client, which refreshes it and writes cookies", async () => {
    const session = readSession(await signUp());
    const nearExpiry = { ...session, expires_at: Math.floor(Date.now() / 1000) + 60 };
    const jar = jarOf(nearExpiry);
    expect(await verifySessionCookie(cookieList(jar), COOKIE)).toEqual({ kind: "client" });

    createClientSpy.mockClear();
    const response = await guard("/profile", jar);
    expect(createClientSpy).toHaveBeenCalledTimes(1);
    expect(response.headers.get("location")).toBe(`${ORIGIN}/profile/create?redirect=%2Fprofile`);
    const written = response.cookies.get(COOKIE)?.value ?? "";
    expect(written).toMatch(/^base64-/);
    const refreshed = JSON.parse(stringFromBase64URL(written.slice(7))) as Session;
    expect(refreshed.refresh_token).not.toBe(session.refresh_token);
    expect(refreshed.expires_at * 1000 - Date.now()).toBeGreaterThan(90_000);
    expect(response.headers.get("cache-control")).toContain("no-store");
  });

  it("leaves undecodable or incomplete cookies to the client, which clears them", async () => {
    const session = readSession(await signUp());
    const { refresh_token: _dropped, ...incomplete } = session;
    const jar = jarOf(incomplete);
    expect(await verifySessionCookie(cookieList(jar), COOKIE)).toEqual({ kind: "client" });
    const garbled = new Map([[COOKIE, "base64-%%%"]]);
    expect(await verifySessionCookie(cookieList(garbled), COOKIE)).toEqual({ kind: "client" });

    createClientSpy.mockClear();
    const response = await guard("/profile", jar);
    expect(createClientSpy).toHaveBeenCalledTimes(1);
    expect(response.headers.get("location")).toBe(`${ORIGIN}/login?redirect=%2Fprofile`);
    expect(response.cookies.get(COOKIE)?.value).toBe("");
  });

  it("leaves to the client what is not a complete session object, and decides to the second", async () => {
    const session = readSession(await signUp());
    const encode = (value: unknown) => `base64-${stringToBase64URL(JSON.stringify(value))}`;
    const client = { kind: "client" };
    const verdict = (jar: Jar, now?: number) => verifySessionCookie(cookieList(jar), COOKIE, now);
    expect(await verdict(new Map())).toEqual(client);
    // auth-js reads a value without the prefix as plain JSON: not the fast path's business,
    // even when what follows its first seven characters is a good session.
    expect(
      await verdict(new Map([[COOKIE, `1234567${stringToBase64URL(JSON.stringify(session))}`]])),
    ).toEqual(client);
    for (const value of [null, [session], 42, "session"]) {
      expect(await verdict(new Map([[COOKIE, encode(value)]])), JSON.stringify(value)).toEqual(
        client,
      );
    }
    const { access_token: _token, ...noToken } = session;
    const { expires_at: _expiry, ...noExpiry } = session;
    expect(await verdict(jarOf(noToken))).toEqual(client);
    expect(await verdict(jarOf(noExpiry))).toEqual(client);
    expect(await verdict(jarOf({ ...session, expires_at: String(session.expires_at) }))).toEqual(
      client,
    );
    // Exactly the 90 s margin left: still decided here; a millisecond less: the client's.
    const jar = jarOf(session);
    const atMargin = session.expires_at * 1000 - 90_000;
    expect(await verdict(jar, atMargin)).toMatchObject({ kind: "valid" });
    expect(await verdict(jar, atMargin + 1)).toEqual(client);
  });

  it("checks a token seen before again for time and key, not for its signature", async () => {
    const session = readSession(await signUp());
    const token = session.access_token;
    const seconds = Math.floor(Date.now() / 1000);
    // A token in force for one minute more, in a session the cookie says lasts an hour: only
    // the token's own times can refuse it a minute later.
    const short = await resign(token, { exp: seconds + 60, nbf: seconds - 1 });
    const jar = withToken({ ...session, expires_at: seconds + 3600 }, short);
    const verdict = (now: number) => verifySessionCookie(cookieList(jar), COOKIE, now);
    expect(await verdict(seconds * 1000)).toMatchObject({ kind: "valid" });
    expect(await verdict(seconds * 1000 + 30_000)).toMatchObject({ kind: "valid" });
    expect(await verdict((seconds + 60) * 1000)).toEqual({ kind: "invalid" });
    // Not yet in force: refused before its time even after it was seen in force.
    const later = await resign(token, { nbf: seconds + 30 });
    const laterJar = withToken({ ...session, expires_at: seconds + 3600 }, later);
    const laterVerdict = (now: number) => verifySessionCookie(cookieList(laterJar), COOKIE, now);
    expect(await laterVerdict((seconds + 31) * 1000)).toMatchObject({ kind: "valid" });
    expect(await laterVerdict(seconds * 1000)).toEqual({ kind: "invalid" });
    // The same bytes are the same answer: the claims come back as verified.
    const again = await verifySessionCookie(cookieList(jarOf(session)), COOKIE);
    expect(again).toEqual(await verifySessionCookie(cookieList(jarOf(session)), COOKIE));
    expect(again).toMatchObject({ kind: "valid", claims: { sub: decodePayload(token).sub } });
  });

  it("safeGetClaims answers 'no user' in one shape and never throws", async () => {
    const session = readSession(await signUp());
    const client = await serverClient.createAuthServerClient(cookieMethods(new Map()), null);
    expect(await safeGetClaims(client, session.access_token)).toMatchObject({
      claims: { sub: session.user.id },
      error: null,
    });
    expect(await safeGetClaims(client)).toEqual({ claims: null, error: null });
    // A token auth-js cannot decode makes it throw: reported as its invalid_jwt, and logged
    // with the reason (never the token).
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    try {
      expect(await safeGetClaims(client, "abc.def.ghi")).toEqual({
        claims: null,
        error: { code: "invalid_jwt" },
      });
      expect(warn).toHaveBeenCalledWith(
        "[auth] unreadable access token treated as no session (Error: Invalid UTF-8 sequence)",
      );
    } finally {
      warn.mockRestore();
    }
    // An error auth-js returns is passed on as it is.
    const past = Math.floor(Date.now() / 1000) - 10;
    const refused = await safeGetClaims(client, await resign(session.access_token, { exp: past }));
    expect(refused.claims).toBeNull();
    expect(refused.error).toMatchObject({ code: "invalid_jwt", message: "JWT has expired" });
  });

  it("signs out tokens that are not ours, without a client", async () => {
    const session = readSession(await signUp());
    const token = session.access_token;
    const ring = await getKeyRing();
    const foreign = await generateKeyPair("ES256", { extractable: true });
    const unsigned = `${Buffer.from(JSON.stringify({ alg: "none", typ: "JWT" })).toString("base64url")}.${token.split(".")[1]}.`;
    const hs256 = await new SignJWT(decodePayload(token))
      .setProtectedHeader({ alg: "HS256", kid: ring.kid })
      .sign(new TextEncoder().encode("a guessed secret of enough length"));
    const past = Math.floor(Date.now() / 1000) - 10;
    const cases: Record<string, string> = {
      "forged signature": await resign(token, {}, { key: foreign.privateKey }),
      "tampered payload": `${token.split(".")[0]}.${Buffer.from(JSON.stringify({ ...decodePayload(token), role: "service_role" })).toString("base64url")}.${token.split(".")[2]}`,
      "unknown kid": await resign(token, {}, { kid: "not-a-key-of-ours" }),
      "alg none": unsigned,
      HS256: hs256,
      "wrong issuer": await resign(token, { iss: "https://elsewhere.example/auth/v1" }),
      "wrong audience": await resign(token, { aud: "service" }),
      "expired token": await resign(token, { exp: past }),
      "no exp": await resign(token, { exp: undefined }),
      "not a JWT": "abc",
    };
    // Before the fast path, supabase-js's getClaims() answered "no user" for all but these two
    // (it checks the signature and exp only); verifyAccessToken rejects a wrong issuer too.
    const stricterNow = new Set(["wrong issuer", "wrong audience"]);
    for (const [label, bad] of Object.entries(cases)) {
      const jar = withToken(session, bad);
      if (!stricterNow.has(label)) {
        const client = await serverClient.createAuthServerClient(cookieMethods(new Map(jar)), null);
        const { data } = await client.auth.getClaims();
        expect(data?.claims?.sub ?? null, label).toBeNull();
      }
    }
    createClientSpy.mockClear();
    for (const [label, bad] of Object.entries(cases)) {
      const jar = withToken(session, bad);
      expect(await verifySessionCookie(cookieList(jar), COOKIE), label).toEqual({
        kind: "invalid",
      });
      const response = await guard("/profile", jar);
      expect(response.headers.get("location"), label).toBe(`${ORIGIN}/login?redirect=%2Fprofile`);
      expect(response.headers.get("set-cookie"), label).toBeNull();
    }
    expect(createClientSpy).not.toHaveBeenCalled();

    // The control: the same re-signing with our key and our claims is accepted.
    const good = withToken(session, await resign(token, {}));
    expect(await verifySessionCookie(cookieList(good), COOKIE)).toMatchObject({ kind: "valid" });
  });
});
