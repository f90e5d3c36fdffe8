import { createHash, createHmac, randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { NextRequest } from "next/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authGuard } from "@/lib/auth/guard/auth-proxy";
import {
  createProfileHint,
  PROFILE_HINT_COOKIE,
  profileHintCookieOptions,
  readProfileHint,
} from "@/lib/auth/guard/profile-hint";
import { createAuthServerClient } from "@/lib/auth/server/server-client";
import { getApiKeys } from "@/lib/auth/service/keys";
import { verifyAccessToken } from "@/lib/auth/service/tokens";
import { closeDb, getDb } from "@/lib/db/client";
import { runAsAnon, runAsUser, type UserClaims } from "@/lib/db/run-context";
import { resetEnvForTests } from "@/lib/env";
import {
  createOwnProfile,
  getOwnProfile,
  updateOwnProfile,
  userHasProfile,
} from "@/lib/profile/profiles";
import { profiles } from "@/lib/profile/schema";
import { GOOD_PASSWORD, ORIGIN, uniqueEmail } from "./support/auth-server";

/** Profiles under RLS, the server auth client over cookies, and the proxy's guard step. */
type Jar = Map<string, string>;

function cookieMethods(jar: Jar) {
  return {
    getAll: () => [...jar].map(([name, value]) => ({ name, value })),
    setAll: (toSet: { name: string; value: string }[]) => {
      for (const { name, value } of toSet) {
        if (value) jar.set(name, value);
        else jar.delete(name);
      }
    },
  };
}

async function signUp(): Promise<{ jar: Jar; claims: UserClaims }> {
  const jar: Jar = new Map();
  const client = await createAuthServerClient(cookieMethods(jar), `10.9.${rnd()}.${rnd()}`);
  const { data, error } = await client.auth.signUp({
    email: uniqueEmail("profile"),
    password: GOOD_PASSWORD,
  });
  expect(error).toBeNull();
  if (!data.session) throw new Error("no session");
  const claims = (await verifyAccessToken(data.session.access_token)) as UserClaims;
  return { jar, claims };
}

const rnd = () => Math.floor(Math.random() * 250) + 1;
const cookieHeader = (jar: Jar) => [...jar].map(([n, v]) => `${n}=${v}`).join("; ");

function guard(path: string, jar: Jar) {
  return authGuard(new NextRequest(`${ORIGIN}${path}`, { headers: { cookie: cookieHeader(jar) } }));
}

const values = { displayName: "Ana", locale: "es" as const, marketingConsent: true };

beforeAll(() => {
  process.env.SITE_URL = ORIGIN;
  process.env.AUTH_AUTOCONFIRM = "true";
  resetEnvForTests();
});

afterAll(async () => {
  await closeDb();
});

describe("profiles under RLS", () => {
  it("a user creates, reads and updates their own profile", async () => {
    const { claims } = await signUp();
    expect(await getOwnProfile(claims)).toBeNull();
    expect(await userHasProfile(claims.sub)).toBe(false);
    const created = await createOwnProfile(claims, values, null);
    expect(created).toMatchObject({ id: claims.sub, displayName: "Ana", locale: "es" });
    expect(await userHasProfile(claims.sub)).toBe(true);
    const updated = await updateOwnProfile(claims, { ...values, displayName: "Ana B" });
    expect(updated?.displayName).toBe("Ana B");
  });

  it("another user's profile can be neither read nor written", async () => {
    const owner = await signUp();
    const other = await signUp();
    await createOwnProfile(owner.claims, values, null);
    const db = getDb();

    const seen = await runAsUser(db, other.claims, (tx) => tx.select().from(profiles));
    expect(seen).toEqual([]);
    const byId = await runAsUser(db, other.claims, (tx) =>
      tx.select().from(profiles).where(eq(profiles.id, owner.claims.sub)),
    );
    expect(byId).toEqual([]);

    const changed = await runAsUser(db, other.claims, (tx) =>
      tx
        .update(profiles)
        .set({ displayName: "Hacked" })
        .where(eq(profiles.id, owner.claims.sub))
        .returning(),
    );
    expect(changed).toEqual([]);
    expect((await getOwnProfile(owner.claims))?.displayName).toBe("Ana");

    await expect(
      runAsUser(db, other.claims, (tx) =>
        tx.insert(profiles).values({ id: randomUUID(), displayName: "Someone else" }),
      ),
    ).rejects.toThrow();
    expect(await runAsAnon(db, (tx) => tx.select().from(profiles))).toEqual([]);
  });
});

describe("server client over cookies", () => {
  it("stores the session in base64url chunks named after the host", async () => {
    const { jar, claims } = await signUp();
    const names = [...jar.keys()].filter((name) => /^sb-localhost-auth-token(\.\d+)?$/.test(name));
    expect(names.length).toBeGreaterThan(0);
    for (const name of names) expect((jar.get(name) ?? "").length).toBeLessThanOrEqual(3180);
    const first = jar.get(names.length > 1 ? "sb-localhost-auth-token.0" : (names[0] ?? ""));
    expect(first).toMatch(/^base64-[\w-]+$/);

    const again = await createAuthServerClient(cookieMethods(jar), null);
    const { data } = await again.auth.getClaims();
    expect(data?.claims.sub).toBe(claims.sub);
  });
});

describe("proxy guard", () => {
  it("sends an anonymous visitor of /profile to the login page", async () => {
    const response = await guard("/profile?tab=1", new Map());
    expect(response.status).toBe(307);
    expect(response.headers.get("location")).toBe(
      `${ORIGIN}/login?redirect=${encodeURIComponent("/profile?tab=1")}`,
    );
  });

  it("sends a user without a profile to the creation page, then lets them in", async () => {
    const { jar, claims } = await signUp();
    const before = await guard("/profile/update", jar);
    expect(before.headers.get("location")).toBe(
      `${ORIGIN}/profile/create?redirect=%2Fprofile%2Fupdate`,
    );
    expect((await guard("/profile/create", jar)).status).toBe(200);

    await createOwnProfile(claims, values, null);
    const after = await guard("/profile/update", jar);
    expect(after.status).toBe(200);
    const hint = after.cookies.get(PROFILE_HINT_COOKIE)?.value;
    expect(await readProfileHint(hint, claims.sub)).toBe(true);
    expect(await readProfileHint(hint, randomUUID())).toBe(false);
    expect(await readProfileHint(`${claims.sub}.forged`, claims.sub)).toBe(false);

    const away = await guard("/profile/create?redirect=%2Fchat", jar);
    expect(away.headers.get("location")).toBe(`${ORIGIN}/chat`);
    const login = await guard("/login", jar);
    expect(login.headers.get("location")).toBe(`${ORIGIN}/`);
  });

  it("ignores a forged or expired session cookie", async () => {
    const jar: Jar = new Map([["sb-localhost-auth-token", "base64-eyJub3QiOiJhIHNlc3Npb24ifQ"]]);
    const response = await guard("/profile", jar);
    expect(response.headers.get("location")).toBe(`${ORIGIN}/login?redirect=%2Fprofile`);
  });
});

describe("profile hint", () => {
  const hmac = (key: Buffer, userId: string) =>
    createHmac("sha256", key).update(userId).digest("base64url");

  it("is the user id and an HMAC keyed by the service-role key, nothing a visitor can make", async () => {
    const userId = randomUUID();
    const { serviceRoleKey } = await getApiKeys();
    const key = createHash("sha256").update(`profile-hint\u0000${serviceRoleKey}`).digest();
    const hint = await createProfileHint(userId);
    expect(hint).toBe(`${userId}.${hmac(key, userId)}`);
    expect(await readProfileHint(hint, userId)).toBe(true);
    // Keys a visitor could guess: none, or the prefix alone.
    for (const guess of ["", "profile-hint\u0000"]) {
      const forged = `${userId}.${hmac(createHash("sha256").update(guess).digest(), userId)}`;
      expect(await readProfileHint(forged, userId)).toBe(false);
    }
  });

  it("belongs to the user id it names, whatever its signature", async () => {
    const userId = randomUUID();
    const signature = (await createProfileHint(userId)).slice(userId.length + 1);
    expect(await readProfileHint(`${randomUUID()}.${signature}`, userId)).toBe(false);
    expect(await readProfileHint(`.${signature}`, userId)).toBe(false);
    expect(await readProfileHint(signature, userId)).toBe(false);
    expect(await readProfileHint(undefined, userId)).toBe(false);
    expect(await readProfileHint("", userId)).toBe(false);
  });

  it("is kept for 400 days, HTTP-only, same-site lax, on the whole site", () => {
    for (const secure of [true, false]) {
      expect(profileHintCookieOptions(secure)).toEqual({
        path: "/",
        httpOnly: true,
        sameSite: "lax",
        secure,
        maxAge: 34_560_000,
      });
    }
  });
});
