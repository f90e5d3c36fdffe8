import "server-only";
import {
  decodeProtectedHeader,
  errors as joseErrors,
  jwtVerify,
  SignJWT,
  type JWTPayload,
} from "jose";
import { authConfig } from "@/lib/auth/service/config";
import { forbidden, type AuthError } from "@/lib/auth/service/errors";
import {
  findPublicKey,
  getKeyRing,
  LEGACY_ALGORITHM,
  SIGNING_ALGORITHMS,
  verifyLegacySecret,
  type SigningAlgorithm,
} from "@/lib/auth/service/keys";

/** One authentication method of the session, as the `amr` claim lists it (newest first). */
export interface AmrEntry {
  method: string;
  timestamp: number;
}

export interface AccessTokenClaims extends JWTPayload {
  aud: string;
  exp: number;
  iat: number;
  iss: string;
  sub: string;
  email: string;
  phone: string;
  app_metadata: Record<string, unknown>;
  user_metadata: Record<string, unknown>;
  role: string;
  aal: string;
  amr: AmrEntry[];
  session_id: string;
  is_anonymous: boolean;
}

export interface AccessTokenInput {
  userId: string;
  email: string;
  phone: string;
  appMetadata: Record<string, unknown>;
  userMetadata: Record<string, unknown>;
  role: string;
  aal: string;
  amr: AmrEntry[];
  sessionId: string;
  isAnonymous: boolean;
}

export async function signAccessToken(
  input: AccessTokenInput,
  now = Math.floor(Date.now() / 1000),
): Promise<{ token: string; expiresAt: number; expiresIn: number }> {
  const config = authConfig();
  const ring = await getKeyRing();
  const expiresIn = config.jwtExpirySeconds;
  const claims: AccessTokenClaims = {
    aud: "authenticated",
    exp: now + expiresIn,
    iat: now,
    iss: config.issuer,
    sub: input.userId,
    email: input.email,
    phone: input.phone,
    app_metadata: input.appMetadata,
    user_metadata: input.userMetadata,
    role: input.role,
    aal: input.aal,
    amr: input.amr,
    session_id: input.sessionId,
    is_anonymous: input.isAnonymous,
  };
  const token = await new SignJWT(claims)
    .setProtectedHeader({ alg: ring.alg, kid: ring.kid, typ: "JWT" })
    .sign(ring.privateKey);
  return { token, expiresAt: claims.exp, expiresIn };
}

function badJwt(reason: string) {
  return forbidden("bad_jwt", `invalid JWT: unable to parse or verify signature, ${reason}`);
}

/** GoTrue's (golang-jwt's) words for why a token was refused. */
function refusal(error: unknown): AuthError | undefined {
  if (error instanceof joseErrors.JWTExpired) {
    return badJwt("token has invalid claims: token is expired");
  }
  if (error instanceof joseErrors.JWTClaimValidationFailed) {
    if (error.claim === "iss") return badJwt("token has invalid claims: token has invalid issuer");
    if (error.claim === "nbf") return badJwt("token has invalid claims: token is not valid yet");
    return badJwt(`token has invalid claims: ${error.message}`);
  }
  if (error instanceof joseErrors.JWSSignatureVerificationFailed) {
    return badJwt("token signature is invalid: signature verification failed");
  }
  if (error instanceof joseErrors.JOSEError) return badJwt("token is malformed");
  return undefined;
}

const isSigningAlgorithm = (alg: unknown): alg is SigningAlgorithm =>
  SIGNING_ALGORITHMS.includes(alg as SigningAlgorithm);

/**
 * Verifies a token: signed by a key of the ring (ES256 or RS256 as that key says, a known
 * kid, our issuer, not expired), or, when AUTH_JWT_SECRET is set, HS256 with that secret
 * (any issuer: a Supabase project's keys say "supabase"). alg none, HS* without the secret,
 * unknown kids, bad signatures, another issuer and expiry all throw AuthError 403 bad_jwt
 * with golang-jwt's reason, as GoTrue answers. Returns the claims as signed; callers check
 * the claims they need (sub, session_id).
 */
export async function verifyAccessToken(token: string): Promise<JWTPayload> {
  let alg: unknown;
  let kid: string | undefined;
  try {
    ({ alg, kid } = decodeProtectedHeader(token));
  } catch {
    throw badJwt("token is malformed: could not base64 decode header");
  }
  if (alg === LEGACY_ALGORITHM && authConfig().jwtSecret) {
    try {
      const payload = await verifyLegacySecret(token);
      if (payload) return payload;
    } catch (error) {
      throw refusal(error) ?? error;
    }
  }
  if (!isSigningAlgorithm(alg))
    throw badJwt(`token is unverifiable: signing method ${String(alg)} is invalid`);
  if (!kid) throw badJwt("token is unverifiable: missing kid");
  const key = await findPublicKey(kid);
  if (!key) throw badJwt(`token is unverifiable: no key with kid ${kid}`);
  if (key.alg !== alg) throw badJwt(`token is unverifiable: signing method ${alg} is invalid`);
  try {
    const { payload } = await jwtVerify(token, key.key, {
      algorithms: [key.alg],
      issuer: authConfig().issuer,
    });
    return payload;
  } catch (error) {
    throw refusal(error) ?? error;
  }
}
