import { SignJWT } from "jose";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { getCurrentClaims, getCurrentUser } from "@/lib/auth/server/session";
import * as serverClient from "@/lib/auth/server/server-client";
import { getKeyRing } from "@/lib/auth/service/keys";
import { closeDb } from "@/lib/db/client";
import { resetEnvForTests } from "@/lib/env";
import { ORIGIN, rawRequest } from "./support/auth-server";
import {
  decodePayload,
  type Jar,
  jarOf,
  readSession,
  resign,
  signUp as signUpJar,
} from "./support/session-cookies";

const signUp = async () => readSession(await signUpJar("pageclaims"));

/**
 * Pages read the caller's claims with getCurrentClaims (lib/auth/server/session.ts). A fresh
 * token of ours is verified against the in-process key ring like the proxy's fast path, with
 * no supabase-js client; a session near expiry still goes through the client; a token that is
 * not ours is no caller.
 */
vi.mock(import("@/lib/auth/server/server-client"), async (importOriginal) => {
  const actual = await importOriginal();
  return { ...actual, createAuthServerClient: vi.fn(actual.createAuthServerClient) };
});
const createClientSpy = vi.mocked(serverClient.createAuthServerClient);

let jar: Jar = new Map();
vi.mock("next/headers", () => ({
  cookies: async () => ({
    getAll: () => [...jar].map(([name, value]) => ({ name, value })),
    set: () => undefined,
  }),
  headers: async () => new Headers({ host: new URL(ORIGIN).host }),
}));

beforeAll(() => {
  process.env.SITE_URL = ORIGIN;
  process.env.AUTH_AUTOCONFIRM = "true";
  resetEnvForTests();
});

beforeEach(() => {
  createClientSpy.mockClear();
  jar = new Map();
});

afterAll(async () => {
  await closeDb();
});

describe("getCurrentClaims", () => {
  it("reads a fresh session's claims without building a client", async () => {
    const session = await signUp();
    jar = jarOf(session);
    createClientSpy.mockClear();
    const claims = await getCurrentClaims();
    expect(claims?.sub).toBe(decodePayload(session.access_token).sub);
    expect(claims?.aud).toBe("authenticated");
    expect(createClientSpy).not.toHaveBeenCalled();
  });

  it("asks the client for a session near expiry, and gets the same user", async () => {
    const session = await signUp();
    const nearExpiry = Math.floor(Date.now() / 1000) + 30;
    jar = jarOf({ ...session, expires_at: nearExpiry });
    createClientSpy.mockClear();
    const claims = await getCurrentClaims();
    expect(createClientSpy).toHaveBeenCalledTimes(1);
    expect(typeof claims?.sub).toBe("string");
  });

  it("is no caller for a token signed by another key, another issuer or without a cookie", async () => {
    const session = await signUp();
    const { privateKey } = await import("jose").then((jose) =>
      jose.generateKeyPair("ES256", { extractable: true }),
    );
    const ring = await getKeyRing();
    const forged = await new SignJWT({
      sub: "00000000-0000-4000-8000-000000000000",
      aud: "authenticated",
    })
      .setProtectedHeader({ alg: "ES256", kid: ring.kid, typ: "JWT" })
      .setIssuedAt()
      .setExpirationTime("1h")
      .sign(privateKey);
    jar = jarOf({ ...session, access_token: forged });
    createClientSpy.mockClear();
    expect(await getCurrentClaims()).toBeNull();
    jar = jarOf({
      ...session,
      access_token: await resign(session.access_token, {
        iss: "https://elsewhere.example/auth/v1",
      }),
    });
    expect(await getCurrentClaims()).toBeNull();
    expect(createClientSpy).not.toHaveBeenCalled();
    jar = new Map();
    expect(await getCurrentClaims()).toBeNull();
  });
});

describe("getCurrentUser", () => {
  it("answers what GET /user answers, read in process without a client", async () => {
    const session = await signUp();
    jar = jarOf(session);
    createClientSpy.mockClear();
    const user = await getCurrentUser();
    const served = await rawRequest("GET", "user", {
      headers: { authorization: `Bearer ${session.access_token}` },
    });
    expect(served.status).toBe(200);
    expect(user).toEqual(await served.json());
    expect(user?.id).toBe(decodePayload(session.access_token).sub);
    expect(createClientSpy).not.toHaveBeenCalled();
  });

  it("is no user once the session is signed out, though its token is still in force", async () => {
    const session = await signUp();
    jar = jarOf(session);
    expect((await getCurrentUser())?.id).toBe(decodePayload(session.access_token).sub);
    const out = await rawRequest("POST", "logout?scope=local", {
      headers: { authorization: `Bearer ${session.access_token}` },
    });
    expect(out.status).toBe(204);
    expect(await getCurrentClaims()).not.toBeNull();
    expect(await getCurrentUser()).toBeNull();
  });

  it("is no user without a session", async () => {
    expect(await getCurrentUser()).toBeNull();
  });
});
