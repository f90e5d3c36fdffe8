import "server-only";
import { createHash } from "node:crypto";
import { desc, eq, sql } from "drizzle-orm";
import {
  calculateJwkThumbprint,
  exportJWK,
  generateKeyPair,
  importJWK,
  SignJWT,
  type CryptoKey,
  type JWK,
} from "jose";
import { authConfig } from "@/lib/auth/service/config";
import { signingKeys } from "@/lib/auth/schema";
import { withSystemContext, type Tx } from "@/lib/db/context";

/**
 * The ES256 signing keys. Without AUTH_SIGNING_KEY the first instance that needs one creates
 * it under an advisory lock and stores it in auth.signing_keys; every instance then uses that
 * one. With the setting, its key signs and only its public half (and the API keys it signed)
 * are stored, so all instances publish and hand out the same values.
 */
export const ALGORITHM = "ES256";
const API_KEY_LIFETIME_SECONDS = 10 * 365 * 24 * 3600;
const KEY_LOCK = 7_294_615_100;
const RELOAD_AFTER_MS = 5 * 60_000;
const UNKNOWN_KID_RELOAD_MS = 10_000;

export interface PublicKey {
  kid: string;
  jwk: JWK;
  key: CryptoKey;
}

export interface KeyRing {
  kid: string;
  privateKey: CryptoKey;
  /** HMAC secret from which refresh tokens are derived (they are stored hashed). */
  refreshSecret: Buffer;
  anonKey: string;
  serviceRoleKey: string;
  publicKeys: PublicKey[];
  loadedAt: number;
}

export function publicJwkOf(jwk: JWK, kid: string): JWK {
  return {
    kty: jwk.kty,
    crv: jwk.crv,
    x: jwk.x,
    y: jwk.y,
    kid,
    alg: ALGORITHM,
    use: "sig",
    key_ops: ["verify"],
    ext: true,
  };
}

async function signApiKey(
  privateKey: CryptoKey,
  kid: string,
  role: string,
  iat: number,
): Promise<string> {
  return new SignJWT({ role })
    .setProtectedHeader({ alg: ALGORITHM, kid, typ: "JWT" })
    .setIssuer(authConfig().issuer)
    .setIssuedAt(iat)
    .setExpirationTime(iat + API_KEY_LIFETIME_SECONDS)
    .sign(privateKey);
}

async function apiKeysFor(privateKey: CryptoKey, kid: string) {
  const iat = Math.floor(Date.now() / 1000);
  return {
    anonKey: await signApiKey(privateKey, kid, "anon", iat),
    serviceRoleKey: await signApiKey(privateKey, kid, "service_role", iat),
  };
}

function parseSettingKey(value: string): JWK {
  let jwk: JWK;
  try {
    jwk = JSON.parse(value) as JWK;
  } catch {
    throw new Error("AUTH_SIGNING_KEY must be a JSON Web Key (JSON).");
  }
  if (jwk.kty !== "EC" || jwk.crv !== "P-256" || !jwk.d || !jwk.x || !jwk.y) {
    throw new Error(
      "AUTH_SIGNING_KEY must be an EC P-256 private key (kty EC, crv P-256, d, x, y).",
    );
  }
  return jwk;
}

async function lockedCurrentKey(tx: Tx): Promise<{ kid: string; privateJwk: JWK }> {
  await tx.execute(sql`select pg_advisory_xact_lock(${KEY_LOCK})`);
  const [existing] = await tx
    .select()
    .from(signingKeys)
    .where(sql`${signingKeys.active} and ${signingKeys.privateJwk} is not null`)
    .orderBy(desc(signingKeys.createdAt))
    .limit(1);
  if (existing?.privateJwk) return { kid: existing.kid, privateJwk: existing.privateJwk as JWK };

  const { privateKey, publicKey } = await generateKeyPair(ALGORITHM, { extractable: true });
  const publicJwk = await exportJWK(publicKey);
  const kid = await calculateJwkThumbprint(publicJwk);
  const privateJwk = { ...(await exportJWK(privateKey)), kid, alg: ALGORITHM };
  await tx.insert(signingKeys).values({
    kid,
    privateJwk,
    publicJwk: publicJwkOf(publicJwk, kid),
    ...(await apiKeysFor(privateKey, kid)),
  });
  return { kid, privateJwk };
}

async function settingKey(tx: Tx, jwk: JWK): Promise<{ kid: string; privateJwk: JWK }> {
  const publicJwk: JWK = { kty: jwk.kty, crv: jwk.crv, x: jwk.x, y: jwk.y };
  const kid = jwk.kid ?? (await calculateJwkThumbprint(publicJwk));
  const [existing] = await tx.select().from(signingKeys).where(eq(signingKeys.kid, kid));
  if (!existing) {
    const privateKey = (await importJWK({ ...jwk, alg: ALGORITHM }, ALGORITHM)) as CryptoKey;
    await tx
      .insert(signingKeys)
      .values({
        kid,
        privateJwk: null,
        publicJwk: publicJwkOf(publicJwk, kid),
        ...(await apiKeysFor(privateKey, kid)),
      })
      .onConflictDoNothing();
  }
  return { kid, privateJwk: jwk };
}

async function loadKeyRing(): Promise<KeyRing> {
  const setting = authConfig().signingKey;
  return withSystemContext("auth: signing keys", async (tx) => {
    const current = setting
      ? await settingKey(tx, parseSettingKey(setting))
      : await lockedCurrentKey(tx);
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
    const publicKeys = await Promise.all(
      rows.map(async (row) => ({
        kid: row.kid,
        jwk: row.publicJwk as JWK,
        key: (await importJWK(
          { ...(row.publicJwk as JWK), alg: ALGORITHM },
          ALGORITHM,
        )) as CryptoKey,
      })),
    );
    const { kid: _kid, ...privateJwk } = current.privateJwk;
    return {
      kid: current.kid,
      privateKey: (await importJWK({ ...privateJwk, alg: ALGORITHM }, ALGORITHM)) as CryptoKey,
      refreshSecret: createHash("sha256")
        .update(`live-market refresh tokens\0${String(privateJwk.d)}`)
        .digest(),
      anonKey: mine.anonKey,
      serviceRoleKey: mine.serviceRoleKey,
      publicKeys,
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

/** Only for tests: forget the loaded keys (another database, another setting). */
export function resetKeyRingForTests(): void {
  store.__liveMarketAuthKeys = undefined;
}
