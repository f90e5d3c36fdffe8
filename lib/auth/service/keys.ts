import "server-only";
import { createHash } from "node:crypto";
import { desc, eq, sql } from "drizzle-orm";
import {
  calculateJwkThumbprint,
  exportJWK,
  generateKeyPair,
  importJWK,
  jwtVerify,
  SignJWT,
  type CryptoKey,
  type JWK,
  type JWTPayload,
} from "jose";
import { authConfig } from "@/lib/auth/service/config";
import { signingKeys } from "@/lib/auth/schema";
import { withSystemContext, type Tx } from "@/lib/db/context";

/**
 * The signing keys. Without settings the first instance that needs one creates an ES256 key
 * under an advisory lock and stores it in auth.signing_keys; every instance then uses that
 * one. AUTH_JWT_KEYS (a JWK set, GoTrue's JWT_KEYS: EC P-256 → ES256, RSA → RS256) or the
 * older AUTH_SIGNING_KEY (one EC P-256 JWK) choose the signing key instead: its public half
 * and the API keys it signed are stored, so all instances publish and hand out the same
 * values; the other keys of the set verify only (published in the JWKS, never stored).
 * AUTH_JWT_SECRET (GoTrue's JWT_SECRET) is a legacy HS256 secret that verifies only
 * (`verifyLegacySecret`): a Supabase project's anon and service_role keys keep working.
 */
export type SigningAlgorithm = "ES256" | "RS256";
/** The algorithm of keys this service generates itself. */
export const ALGORITHM: SigningAlgorithm = "ES256";
/** Every algorithm a key of the ring may use (never HS*: see verifyLegacySecret). */
export const SIGNING_ALGORITHMS: readonly SigningAlgorithm[] = ["ES256", "RS256"];
export const LEGACY_ALGORITHM = "HS256";
const API_KEY_LIFETIME_SECONDS = 10 * 365 * 24 * 3600;
const KEY_LOCK = 7_294_615_100;
const RELOAD_AFTER_MS = 5 * 60_000;
const UNKNOWN_KID_RELOAD_MS = 10_000;

export interface PublicKey {
  kid: string;
  jwk: JWK;
  key: CryptoKey;
  alg: SigningAlgorithm;
}

export interface KeyRing {
  kid: string;
  alg: SigningAlgorithm;
  privateKey: CryptoKey;
  /** HMAC secret from which refresh tokens are derived (they are stored hashed). */
  refreshSecret: Buffer;
  anonKey: string;
  serviceRoleKey: string;
  publicKeys: PublicKey[];
  loadedAt: number;
}

/** A key given by a setting: its algorithm, kid, private JWK (if any) and public JWK. */
interface SettingKey {
  kid: string;
  alg: SigningAlgorithm;
  privateJwk: JWK | null;
  publicJwk: JWK;
}

function algorithmOf(jwk: JWK): SigningAlgorithm | undefined {
  if (jwk.kty === "EC" && jwk.crv === "P-256") return "ES256";
  if (jwk.kty === "RSA") return "RS256";
  return undefined;
}

/** The public JWK as published in the JWKS and stored in auth.signing_keys. */
export function publicJwkOf(jwk: JWK, kid: string, alg: SigningAlgorithm = ALGORITHM): JWK {
  const material =
    jwk.kty === "RSA"
      ? { kty: jwk.kty, n: jwk.n, e: jwk.e }
      : { kty: jwk.kty, crv: jwk.crv, x: jwk.x, y: jwk.y };
  return { ...material, kid, alg, use: "sig", key_ops: ["verify"], ext: true };
}

async function signApiKey(
  privateKey: CryptoKey,
  kid: string,
  alg: SigningAlgorithm,
  role: string,
  iat: number,
): Promise<string> {
  return new SignJWT({ role })
    .setProtectedHeader({ alg, kid, typ: "JWT" })
    .setIssuer(authConfig().issuer)
    .setIssuedAt(iat)
    .setExpirationTime(iat + API_KEY_LIFETIME_SECONDS)
    .sign(privateKey);
}

async function apiKeysFor(privateKey: CryptoKey, kid: string, alg: SigningAlgorithm) {
  const iat = Math.floor(Date.now() / 1000);
  return {
    anonKey: await signApiKey(privateKey, kid, alg, "anon", iat),
    serviceRoleKey: await signApiKey(privateKey, kid, alg, "service_role", iat),
  };
}

async function settingKeyOf(jwk: JWK, name: string): Promise<SettingKey> {
  const alg = algorithmOf(jwk);
  if (!alg) {
    throw new Error(
      `${name}: only EC P-256 (ES256) and RSA (RS256) keys are supported (an HS256 secret goes in AUTH_JWT_SECRET).`,
    );
  }
  if (jwk.alg && jwk.alg !== alg)
    throw new Error(`${name}: a ${jwk.kty} key signs with ${alg}, not ${jwk.alg}.`);
  if (alg === "RS256" && Buffer.from(jwk.n ?? "", "base64url").length < 256) {
    throw new Error(`${name}: RSA keys need at least 2048 bits.`);
  }
  const material = publicJwkOf(jwk, "", alg);
  const kid = jwk.kid ?? (await calculateJwkThumbprint(material));
  return { kid, alg, privateJwk: jwk.d ? jwk : null, publicJwk: publicJwkOf(jwk, kid, alg) };
}

function parseJson(value: string, name: string): unknown {
  try {
    return JSON.parse(value);
  } catch {
    throw new Error(`${name} must be JSON.`);
  }
}

/**
 * The keys of the settings, signing key first: AUTH_JWT_KEYS (`{"keys": [...]}` or an array;
 * the first needs its private part) or AUTH_SIGNING_KEY (one EC P-256 private JWK). Empty
 * without either.
 */
async function settingKeys(): Promise<SettingKey[]> {
  const { jwtKeys, signingKey } = authConfig();
  if (jwtKeys) {
    const parsed = parseJson(jwtKeys, "AUTH_JWT_KEYS");
    const list = Array.isArray(parsed) ? parsed : (parsed as { keys?: unknown } | null)?.keys;
    if (!Array.isArray(list) || list.length === 0) {
      throw new Error('AUTH_JWT_KEYS must be a JWK set ({"keys": [...]}) with at least one key.');
    }
    const keys = await Promise.all(list.map((jwk) => settingKeyOf(jwk as JWK, "AUTH_JWT_KEYS")));
    if (!keys[0]?.privateJwk) {
      throw new Error("AUTH_JWT_KEYS: the first key signs, so it needs its private part (d).");
    }
    return keys;
  }
  if (!signingKey) return [];
  const jwk = parseJson(signingKey, "AUTH_SIGNING_KEY") as JWK;
  if (jwk.kty !== "EC" || jwk.crv !== "P-256" || !jwk.d || !jwk.x || !jwk.y) {
    throw new Error(
      "AUTH_SIGNING_KEY must be an EC P-256 private key (kty EC, crv P-256, d, x, y).",
    );
  }
  return [await settingKeyOf(jwk, "AUTH_SIGNING_KEY")];
}

async function lockedCurrentKey(
  tx: Tx,
): Promise<{ kid: string; alg: SigningAlgorithm; privateJwk: JWK }> {
  await tx.execute(sql`select pg_advisory_xact_lock(${KEY_LOCK})`);
  const [existing] = await tx
    .select()
    .from(signingKeys)
    .where(sql`${signingKeys.active} and ${signingKeys.privateJwk} is not null`)
    .orderBy(desc(signingKeys.createdAt))
    .limit(1);
  if (existing?.privateJwk) {
    const privateJwk = existing.privateJwk as JWK;
    return { kid: existing.kid, alg: algorithmOf(privateJwk) ?? ALGORITHM, privateJwk };
  }

  const { privateKey, publicKey } = await generateKeyPair(ALGORITHM, { extractable: true });
  const publicJwk = await exportJWK(publicKey);
  const kid = await calculateJwkThumbprint(publicJwk);
  const privateJwk = { ...(await exportJWK(privateKey)), kid, alg: ALGORITHM };
  await tx.insert(signingKeys).values({
    kid,
    privateJwk,
    publicJwk: publicJwkOf(publicJwk, kid),
    ...(await apiKeysFor(privateKey, kid, ALGORITHM)),
  });
  return { kid, alg: ALGORITHM, privateJwk };
}

/** The setting's signing key: its public half and API keys are stored once (never `d`). */
async function storedSettingKey(
  tx: Tx,
  key: SettingKey,
): Promise<{ kid: string; alg: SigningAlgorithm; privateJwk: JWK }> {
  const privateJwk = key.privateJwk as JWK;
  const [existing] = await tx.select().from(signingKeys).where(eq(signingKeys.kid, key.kid));
  if (!existing) {
    const { kid: _kid, ...material } = privateJwk;
    const privateKey = (await importJWK({ ...material, alg: key.alg }, key.alg)) as CryptoKey;
    await tx
      .insert(signingKeys)
      .values({
        kid: key.kid,
        privateJwk: null,
        publicJwk: key.publicJwk,
        ...(await apiKeysFor(privateKey, key.kid, key.alg)),
      })
      .onConflictDoNothing();
  }
  return { kid: key.kid, alg: key.alg, privateJwk };
}

async function importPublic(jwk: JWK, kid: string): Promise<PublicKey> {
  const alg = algorithmOf(jwk) ?? ALGORITHM;
  return { kid, jwk, alg, key: (await importJWK({ ...jwk, alg }, alg)) as CryptoKey };
}

async function loadKeyRing(): Promise<KeyRing> {
  const configured = await settingKeys();
  return withSystemContext("auth: signing keys", async (tx) => {
    const [first] = configured;
    const current = first ? await storedSettingKey(tx, first) : await lockedCurrentKey(tx);
    const rows = await tx
      .select({
        kid: signingKeys.kid,
        publicJwk: signingKeys.publicJwk,
        anonKey: signingKeys.anonKey,
        serviceRoleKey: signingKeys.serviceRoleKey,
      })
      .from(signingKeys)
      .where(eq(signingKeys.active, true))
      .orderBy(desc(signingKeys.createdAt));
    const mine = rows.find((row) => row.kid === current.kid);
    if (!mine) throw new Error("The current signing key is missing from auth.signing_keys.");
    const stored = await Promise.all(
      rows.map((row) => importPublic(row.publicJwk as JWK, row.kid)),
    );
    // The verification-only keys of AUTH_JWT_KEYS (not stored), unless a row has the kid.
    const extra = await Promise.all(
      configured
        .slice(1)
        .filter((key) => !rows.some((row) => row.kid === key.kid))
        .map((key) => importPublic(key.publicJwk, key.kid)),
    );
    const { kid: _kid, ...privateJwk } = current.privateJwk;
    return {
      kid: current.kid,
      alg: current.alg,
      privateKey: (await importJWK({ ...privateJwk, alg: current.alg }, current.alg)) as CryptoKey,
      refreshSecret: createHash("sha256")
        .update(`live-market refresh tokens\0${String(privateJwk.d)}`)
        .digest(),
      anonKey: mine.anonKey,
      serviceRoleKey: mine.serviceRoleKey,
      publicKeys: [...stored, ...extra],
      loadedAt: Date.now(),
    };
  });
}

interface KeyRingCache {
  ring?: KeyRing;
  loading?: Promise<KeyRing>;
}

const store = globalThis as typeof globalThis & { __liveMarketAuthKeys?: KeyRingCache };

function cache(): KeyRingCache {
  store.__liveMarketAuthKeys ??= {};
  return store.__liveMarketAuthKeys;
}

function reload(): Promise<KeyRing> {
  const state = cache();
  state.loading ??= loadKeyRing()
    .then((ring) => {
      state.ring = ring;
      return ring;
    })
    .finally(() => {
      state.loading = undefined;
    });
  return state.loading;
}

/**
 * The key ring, loaded once per process. After 5 minutes it is re-read in the background
 * (new or retired keys) while the loaded one keeps serving: callers inside a transaction
 * never wait for another one (PGlite has a single connection).
 */
export async function getKeyRing(): Promise<KeyRing> {
  const { ring } = cache();
  if (!ring) return reload();
  if (Date.now() - ring.loadedAt >= RELOAD_AFTER_MS) reload().catch(() => undefined);
  return ring;
}

/** The public key with this kid; an unknown kid re-reads the table at most every 10 s. */
export async function findPublicKey(kid: string): Promise<PublicKey | undefined> {
  const ring = await getKeyRing();
  const found = ring.publicKeys.find((key) => key.kid === kid);
  if (found || Date.now() - ring.loadedAt < UNKNOWN_KID_RELOAD_MS) return found;
  return (await reload()).publicKeys.find((key) => key.kid === kid);
}

/** The JSON Web Key Set published at /auth/v1/.well-known/jwks.json. */
export async function getJwks(): Promise<{ keys: JWK[] }> {
  const ring = await getKeyRing();
  return { keys: ring.publicKeys.map((key) => key.jwk) };
}

/** The anon and service_role API keys (JWTs signed by the current key). Server-side only. */
export async function getApiKeys(): Promise<{ anonKey: string; serviceRoleKey: string }> {
  const ring = await getKeyRing();
  return { anonKey: ring.anonKey, serviceRoleKey: ring.serviceRoleKey };
}

/**
 * Verifies an HS256 token with the legacy secret (AUTH_JWT_SECRET), whatever its issuer: a
 * Supabase project's anon and service_role keys, or tokens it minted. Throws jose's errors;
 * undefined when no secret is set.
 */
export async function verifyLegacySecret(token: string): Promise<JWTPayload | undefined> {
  const secret = authConfig().jwtSecret;
  if (!secret) return undefined;
  const { payload } = await jwtVerify(token, new TextEncoder().encode(secret), {
    algorithms: [LEGACY_ALGORITHM],
  });
  return payload;
}

/** Only for tests: forget the loaded keys (another database, another setting). */
export function resetKeyRingForTests(): void {
  store.__liveMarketAuthKeys = undefined;
}
