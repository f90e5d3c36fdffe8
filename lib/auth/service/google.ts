import "server-only";
import { createHash } from "node:crypto";
import { createRemoteJWKSet, errors as joseErrors, jwtVerify, type JWTPayload } from "jose";
import { authConfig } from "@/lib/auth/service/config";
import { badRequest, oauthError } from "@/lib/auth/service/errors";
import type { ExternalIdentity } from "@/lib/auth/service/external-identities";
import { normalizeEmail } from "@/lib/auth/service/validation";

/**
 * Google id tokens (Sign in with Google, One Tap): the signature is checked against the keys
 * the issuer publishes (AUTH_GOOGLE_JWKS_URL, fetched and cached by jose), then the issuer,
 * expiry, audience (one of AUTH_GOOGLE_CLIENT_ID) and nonce, with GoTrue's error answers.
 */
const GOOGLE_ISSUER = "https://accounts.google.com";
const jwksByUrl = new Map<string, ReturnType<typeof createRemoteJWKSet>>();

function jwksFor(url: string) {
  let jwks = jwksByUrl.get(url);
  if (!jwks) {
    jwks = createRemoteJWKSet(new URL(url), { cooldownDuration: 30_000, timeoutDuration: 5_000 });
    jwksByUrl.set(url, jwks);
  }
  return jwks;
}

const badIdToken = () => oauthError("invalid request", "Bad ID token");

function checkNonce(payload: JWTPayload, nonce: string | undefined): void {
  const claim = typeof payload.nonce === "string" ? payload.nonce : "";
  if (!!claim !== !!nonce) {
    throw oauthError(
      "invalid request",
      "Passed nonce and nonce in id_token should either both exist or not.",
    );
  }
  if (!nonce) return;
  const hashed = createHash("sha256").update(nonce).digest("hex");
  if (claim !== hashed && claim !== nonce) throw oauthError("invalid nonce", "Nonces mismatch");
}

function optionalEmail(value: unknown): string | undefined {
  if (typeof value !== "string" || !value) return undefined;
  try {
    return normalizeEmail(value);
  } catch {
    return undefined;
  }
}

/** Verifies a Google id token and answers the identity it proves. */
export async function verifyGoogleIdToken(
  idToken: string,
  nonce: string | undefined,
): Promise<ExternalIdentity> {
  const config = authConfig();
  if (config.googleClientIds.length === 0) {
    throw badRequest(
      "provider_disabled",
      `Provider (issuer "${config.googleIssuer}") is not enabled`,
    );
  }
  const issuers =
    config.googleIssuer === GOOGLE_ISSUER
      ? [GOOGLE_ISSUER, "accounts.google.com"]
      : [config.googleIssuer];
  let payload: JWTPayload;
  try {
    ({ payload } = await jwtVerify(idToken, jwksFor(config.googleJwksUrl), {
      issuer: issuers,
      algorithms: ["RS256", "ES256"],
    }));
  } catch (error) {
    if (error instanceof joseErrors.JOSEError || error instanceof TypeError) throw badIdToken();
    throw error;
  }
  const audiences = Array.isArray(payload.aud) ? payload.aud : [payload.aud];
  if (!audiences.some((aud) => typeof aud === "string" && config.googleClientIds.includes(aud))) {
    throw oauthError("invalid request", "Unacceptable audience in id_token");
  }
  checkNonce(payload, nonce);
  if (typeof payload.sub !== "string" || !payload.sub) throw badIdToken();

  const email = optionalEmail(payload.email);
  const emailVerified =
    !!email && (payload.email_verified === true || payload.email_verified === "true");
  const name = typeof payload.name === "string" ? payload.name : undefined;
  const picture = typeof payload.picture === "string" ? payload.picture : undefined;
  const identityData: Record<string, unknown> = {
    iss: payload.iss,
    sub: payload.sub,
    provider_id: payload.sub,
    email_verified: emailVerified,
    phone_verified: false,
    ...(email ? { email } : {}),
    ...(name ? { name, full_name: name } : {}),
    ...(picture ? { picture, avatar_url: picture } : {}),
  };
  return { provider: "google", providerId: payload.sub, identityData, email, emailVerified };
}
