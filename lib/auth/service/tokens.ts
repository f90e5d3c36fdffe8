import "server-only";
import {
  decodeProtectedHeader,
  errors as joseErrors,
  jwtVerify,
  SignJWT,
  type JWTPayload,
} from "jose";
import { authConfig } from "@/lib/auth/service/config";
import { forbidden } from "@/lib/auth/service/errors";
import { ALGORITHM, findPublicKey, getKeyRing } from "@/lib/auth/service/keys";

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
    .setProtectedHeader({ alg: ALGORITHM, kid: ring.kid, typ: "JWT" })
    .sign(ring.privateKey);
  return { token, expiresAt: claims.exp, expiresIn };
}

function badJwt(reason: string) {
  return forbidden("bad_jwt", `invalid JWT: unable to parse or verify signature, ${reason}`);
}

/**
 * Verifies a token signed by this service: ES256 only (alg none or HS* refused), a known
 * kid, a valid signature, our issuer, not expired. Throws AuthError 403 bad_jwt otherwise.
 * Returns the claims as signed; callers check the claims they need (sub, session_id).
 */
export async function verifyAccessToken(token: string): Promise<JWTPayload> {
  let kid: string | undefined;
  try {
    const header = decodeProtectedHeader(token);
    if (header.alg !== ALGORITHM) throw badJwt(`signing method ${String(header.alg)} is invalid`);
    kid = header.kid;
  } catch (error) {
    if (error instanceof joseErrors.JOSEError || error instanceof TypeError) {
      throw badJwt("token is malformed");
    }
    throw error;
  }
  if (!kid) throw badJwt("token has no kid");
  const key = await findPublicKey(kid);
  if (!key) throw badJwt("token is signed by an unknown key");
  try {
    const { payload } = await jwtVerify(token, key.key, {
      algorithms: [ALGORITHM],
      issuer: authConfig().issuer,
    });
    return payload;
  } catch (error) {
    if (error instanceof joseErrors.JWTExpired)
      throw badJwt("token has invalid claims: token is expired");
    if (error instanceof joseErrors.JOSEError) throw badJwt("token signature is invalid");
    throw error;
  }
}
