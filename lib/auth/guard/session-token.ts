import "server-only";
import { combineChunks, stringFromBase64URL } from "@supabase/ssr";
import { decodeProtectedHeader, errors as joseErrors, jwtVerify, type JWTPayload } from "jose";
import { authConfig } from "@/lib/auth/service/config";
import { setBounded } from "@/lib/cache/bounded-map";
import { findPublicKey } from "@/lib/auth/service/keys";

/**
 * The proxy's fast path: reads the `@supabase/ssr` session cookie (chunks, `base64-` +
 * base64url JSON) and verifies its access token against the in-process key ring, so that a
 * signed-in request with a fresh token needs no supabase-js client.
 *
 * - `valid`: the token is ours (the key's algorithm, a known kid, a valid signature, our issuer, audience
 *   `authenticated`, not expired) and the session has more than 90 s left.
 * - `invalid`: the cookie holds a well-formed session whose token fails those checks; the
 *   client would also answer "no user" without writing a cookie (getClaims does not remove
 *   a session whose token it rejects), so nothing more is done.
 * - `client`: anything else is left to supabase-js, which behaves exactly as before: no
 *   session cookie under this name, a value it cannot decode or an incomplete session (it
 *   clears those cookies), and a session within 90 s of expiry (it refreshes and writes the
 *   new cookies). The margin is auth-js's EXPIRY_MARGIN_MS.
 */
export type SessionVerdict =
  { kind: "valid"; claims: JWTPayload } | { kind: "invalid" } | { kind: "client" };

export const REFRESH_MARGIN_MS = 90_000;
export const ACCESS_TOKEN_AUDIENCE = "authenticated";
const BASE64_PREFIX = "base64-";
const CLIENT: SessionVerdict = { kind: "client" };
const INVALID: SessionVerdict = { kind: "invalid" };

type Cookie = { name: string; value: string };

/** The decoded session object of the cookie, or null when supabase-js should read it. */
async function readSessionCookie(
  cookies: Cookie[],
  cookieName: string,
): Promise<Record<string, unknown> | null> {
  const byName = new Map(cookies.map(({ name, value }) => [name, value]));
  const value = await combineChunks(cookieName, (name) => byName.get(name) ?? null);
  if (!value?.startsWith(BASE64_PREFIX)) return null;
  const known = DECODED.get(value);
  if (known) return known;
  let decoded: Record<string, unknown> | null = null;
  try {
    const session: unknown = JSON.parse(stringFromBase64URL(value.slice(BASE64_PREFIX.length)));
    if (typeof session === "object" && session !== null && !Array.isArray(session)) {
      decoded = session as Record<string, unknown>;
    }
  } catch {
    return null;
  }
  if (decoded) setBounded(DECODED, DECODED_LIMIT, value, Object.freeze(decoded));
  return decoded;
}

/**
 * Session cookies decoded lately, by their value: the same cookie comes with every request of a
 * session (the proxy and the page each read it), and decoding it (base64 and JSON, the user
 * object included) is most of reading it. Frozen: callers only read it.
 */
const DECODED = new Map<string, Readonly<Record<string, unknown>>>();
const DECODED_LIMIT = 1_000;

/**
 * Access tokens verified lately, by the token itself. Every signed-in request has its token
 * checked twice (the proxy, then the page's `getCurrentClaims`), and a session sends the same
 * token for up to an hour: the signature, issuer and audience are checked once per token,
 * and a later sight only checks that the token is still in force and its key still in the
 * ring (a key taken out of the ring takes its tokens with it). The oldest entry goes first
 * when full.
 */
type Verified = {
  claims: JWTPayload;
  kid: string;
  key: Awaited<ReturnType<typeof findPublicKey>>;
  issuer: string;
};
const VERIFIED = new Map<string, Verified>();
const VERIFIED_LIMIT = 2_000;

/** jose's time checks, as jwtVerify made them (no clock tolerance): expiry and not-before. */
function inForce(claims: JWTPayload, now: number): boolean {
  const seconds = Math.floor(now / 1000);
  if (typeof claims.exp !== "number" || claims.exp <= seconds) return false;
  return typeof claims.nbf !== "number" || claims.nbf <= seconds;
}

export async function verifySessionCookie(
  cookies: Cookie[],
  cookieName: string,
  now = Date.now(),
): Promise<SessionVerdict> {
  const session = await readSessionCookie(cookies, cookieName);
  if (!session) return CLIENT;
  const { access_token: token, refresh_token: refreshToken, expires_at: expiresAt } = session;
  if (typeof token !== "string" || typeof refreshToken !== "string") return CLIENT;
  if (typeof expiresAt !== "number" || expiresAt * 1000 - now < REFRESH_MARGIN_MS) return CLIENT;

  const known = VERIFIED.get(token);
  if (known) {
    // Verified before: the same bytes, the same key (still in the ring), the same checks;
    // only time has passed.
    const key = await findPublicKey(known.kid);
    if (key === known.key && known.issuer === authConfig().issuer && inForce(known.claims, now)) {
      return { kind: "valid", claims: known.claims };
    }
    VERIFIED.delete(token);
  }

  let kid: string | undefined;
  let alg: string | undefined;
  try {
    ({ alg, kid } = decodeProtectedHeader(token));
  } catch {
    return INVALID;
  }
  if (!kid) return INVALID;
  const key = await findPublicKey(kid);
  // The key's own algorithm (ES256 or RS256, lib/auth/service/keys.ts), never another.
  if (!key || key.alg !== alg) return INVALID;
  try {
    const issuer = authConfig().issuer;
    const { payload } = await jwtVerify(token, key.key, {
      algorithms: [key.alg],
      issuer,
      audience: ACCESS_TOKEN_AUDIENCE,
      requiredClaims: ["exp", "sub"],
      currentDate: new Date(now),
    });
    setBounded(VERIFIED, VERIFIED_LIMIT, token, { claims: payload, kid, key, issuer });
    return { kind: "valid", claims: payload };
  } catch (error) {
    if (error instanceof joseErrors.JOSEError) return INVALID;
    throw error;
  }
}
