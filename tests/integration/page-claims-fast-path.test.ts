import { createChunks, stringFromBase64URL, stringToBase64URL } from "@supabase/ssr";
import { SignJWT, type JWTPayload } from "jose";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { sessionCookieName } from "@/lib/auth/client/auth-options";
import { getCurrentClaims } from "@/lib/auth/server/session";
import * as serverClient from "@/lib/auth/server/server-client";
import { getKeyRing } from "@/lib/auth/service/keys";
import { closeDb } from "@/lib/db/client";
import { resetEnvForTests } from "@/lib/env";
import { GOOD_PASSWORD, ORIGIN, uniqueEmail } from "./support/auth-server";

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

type Jar = Map<string, string>;
let jar: Jar = new Map();
vi.mock("next/headers", () => ({
  cookies: async () => ({
    getAll: () => [...jar].map(([name, value]) => ({ name, value })),
    set: () => undefined,
  }),
  headers: async () => new Headers({ host: new URL(ORIGIN).host }),
}));

type Session = { access_token: string; refresh_token: string; expires_at: number };
const COOKIE = sessionCookieName(ORIGIN);
const rnd = () => Math.floor(Math.random() * 250) + 1;

async function signUp(): Promise<Session> {
  const signed: Jar = new Map();
  const client = await serverClient.createAuthServerClient(
    {
      getAll: () => [...signed].map(([name, value]) => ({ name, value })),
      setAll: (toSet) => {
        for (const { name, value } of toSet) {
          if (value) signed.set(name, value);
          else signed.delete(name);
        }
      },
    },
    `10.9.${rnd()}.${rnd()}`,
  );
  const { data, error } = await client.auth.signUp({
    email: uniqueEmail("pageclaims"),
    password: GOOD_PASSWORD,
  });
  expect(error).toBeNull();
  if (!data.session) throw new Error("no session");
  const value = signed.has(COOKIE)
    ? (signed.get(COOKIE) ?? "")
    : [...signed]
        .filter(([name]) => /\.\d+$/.test(name))
        .sort(([a], [b]) => Number(a.split(".").pop()) - Number(b.split(".").pop()))
        .map(([, v]) => v)
        .join("");
  return JSON.parse(stringFromBase64URL(value.slice("base64-".length))) as Session;
}

function jarOf(session: object): Jar {
  const encoded = `base64-${stringToBase64URL(JSON.stringify(session))}`;
  return new Map(createChunks(COOKIE, encoded).map(({ name, value }) => [name, value]));
}

async function resign(token: string, change: JWTPayload): Promise<string> {
  const ring = await getKeyRing();
  const claims = {
    ...(JSON.parse(Buffer.from(token.split(".")[1] ?? "", "base64url").toString()) as JWTPayload),
    ...change,
  };
  return new SignJWT(claims)
    .setProtectedHeader({ alg: "ES256", kid: ring.kid, typ: "JWT" })
    .sign(ring.privateKey);
}

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
    expect(claims?.sub).toBe(
      (
        JSON.parse(
          Buffer.from(session.access_token.split(".")[1] ?? "", "base64url").toString(),
        ) as JWTPayload
      ).sub,
    );
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
