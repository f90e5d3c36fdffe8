import { createChunks, stringFromBase64URL, stringToBase64URL } from "@supabase/ssr";
import { SignJWT, type JWTPayload } from "jose";
import { expect } from "vitest";
import { sessionCookieName } from "@/lib/auth/client/auth-options";
import { createAuthServerClient } from "@/lib/auth/server/server-client";
import { getKeyRing } from "@/lib/auth/service/keys";
import { GOOD_PASSWORD, ORIGIN, uniqueEmail } from "./auth-server";

/**
 * Session cookies as @supabase/ssr writes them, for the tests of the fast paths that read them
 * (auth-proxy-fast-path.test.ts, page-claims-fast-path.test.ts).
 */
export type Jar = Map<string, string>;
export type Session = {
  access_token: string;
  refresh_token: string;
  expires_at: number;
  user: { id: string };
};

export const SESSION_COOKIE = sessionCookieName(ORIGIN);
const rnd = () => Math.floor(Math.random() * 250) + 1;

export const cookieList = (jar: Jar) => [...jar].map(([name, value]) => ({ name, value }));

/** Cookie methods over a jar, for a server client. */
export function cookieMethods(jar: Jar) {
  return {
    getAll: () => cookieList(jar),
    setAll: (toSet: { name: string; value: string }[]) => {
      for (const { name, value } of toSet) {
        if (value) jar.set(name, value);
        else jar.delete(name);
      }
    },
  };
}

/** A new user signed up through a server client; the jar holds its session cookies. */
export async function signUp(label: string, metadata: Record<string, string> = {}): Promise<Jar> {
  const jar: Jar = new Map();
  const client = await createAuthServerClient(cookieMethods(jar), `10.8.${rnd()}.${rnd()}`);
  const { data, error } = await client.auth.signUp({
    email: uniqueEmail(label),
    password: GOOD_PASSWORD,
    options: { data: metadata },
  });
  expect(error).toBeNull();
  if (!data.session) throw new Error("no session");
  return jar;
}

/** The session a jar holds (one cookie or its chunks). */
export function readSession(jar: Jar): Session {
  const value = jar.has(SESSION_COOKIE)
    ? (jar.get(SESSION_COOKIE) ?? "")
    : [...jar]
        .filter(([name]) => /\.\d+$/.test(name))
        .sort(([a], [b]) => Number(a.split(".").pop()) - Number(b.split(".").pop()))
        .map(([, v]) => v)
        .join("");
  return JSON.parse(stringFromBase64URL(value.slice("base64-".length))) as Session;
}

/** A jar holding `session` the way @supabase/ssr writes it (base64url JSON, chunked). */
export function jarOf(session: object): Jar {
  const encoded = `base64-${stringToBase64URL(JSON.stringify(session))}`;
  return new Map(createChunks(SESSION_COOKIE, encoded).map(({ name, value }) => [name, value]));
}

export function decodePayload(token: string): JWTPayload {
  return JSON.parse(Buffer.from(token.split(".")[1] ?? "", "base64url").toString()) as JWTPayload;
}

/** A token with the given claims over a real one's, signed by our current key unless told. */
export async function resign(
  token: string,
  change: JWTPayload,
  options: { alg?: string; kid?: string; key?: CryptoKey } = {},
): Promise<string> {
  const ring = await getKeyRing();
  const claims = { ...decodePayload(token), ...change };
  return new SignJWT(claims)
    .setProtectedHeader({ alg: options.alg ?? "ES256", kid: options.kid ?? ring.kid, typ: "JWT" })
    .sign(options.key ?? ring.privateKey);
}
