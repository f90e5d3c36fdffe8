import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { decodeJwt, SignJWT } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "@/lib/auth/schema";
import { loadBearer, verifyBearer, type VerifiedBearer } from "@/lib/auth/service/bearer";
import { getKeyRing } from "@/lib/auth/service/keys";
import { createSession, endSessions } from "@/lib/auth/service/sessions";
import type { UserRow } from "@/lib/auth/service/users";
import { closeDb } from "@/lib/db/client";
import { withSystemContext, type Tx } from "@/lib/db/context";
import { resetEnvForTests } from "@/lib/env";
import { ORIGIN } from "./support/auth-server";
import { insertUser, requestDetails } from "./support/auth-users";

/**
 * The Bearer checks of the auth service (lib/auth/service/bearer.ts), in-process: how the
 * Authorization header is read, which claims a verified token must carry, and which session
 * and user it must still have in the database.
 */
beforeAll(() => {
  process.env.SITE_URL = ORIGIN;
  resetEnvForTests();
});

afterAll(async () => {
  await closeDb();
});

const SUB = "0f0e0d0c-0b0a-4908-8706-050403020100";
const SESSION = "8f8e8d8c-8b8a-4988-8786-858483828180";

const withAuthorization = (value?: string) =>
  new Request(`${ORIGIN}/auth/v1/user`, {
    headers: value === undefined ? {} : { authorization: value },
  });

/** A token of the ring's key with our issuer and the claims given. */
async function tokenWith(claims: Record<string, unknown>): Promise<string> {
  const ring = await getKeyRing();
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ iss: `${ORIGIN}/auth/v1`, iat: now, exp: now + 600, ...claims })
    .setProtectedHeader({ alg: ring.alg, kid: ring.kid, typ: "JWT" })
    .sign(ring.privateKey);
}

describe("verifyBearer: the Authorization header", () => {
  const NO_AUTHORIZATION = {
    name: "AuthError",
    status: 401,
    code: "no_authorization",
    message: "This endpoint requires a valid Bearer token",
  };

  it("reads `Bearer <token>`, case-insensitive, with any whitespace between", async () => {
    const token = await tokenWith({ sub: SUB, session_id: SESSION });
    const expected: VerifiedBearer = { sub: SUB, sessionId: SESSION };
    for (const value of [
      `Bearer ${token}`,
      `bearer ${token}`,
      `BEARER ${token}`,
      `Bearer    ${token}`,
      `Bearer\t${token}`,
      // Whitespace after the token that HTTP does not trim itself (vertical tab, no-break space).
      `Bearer ${token}\v`,
      `Bearer ${token}\u00a0`,
    ]) {
      expect(await verifyBearer(withAuthorization(value))).toEqual(expected);
    }
  });

  it("answers 401 no_authorization without a header, a token, or the Bearer scheme", async () => {
    const token = await tokenWith({ sub: SUB, session_id: SESSION });
    for (const value of [
      undefined,
      "",
      "Bearer",
      "Bearer ",
      token,
      `Basic ${token}`,
      `XBearer ${token}`,
      `Bearer${token}`,
      `Bearer ${token} ${token}`,
    ]) {
      await expect(verifyBearer(withAuthorization(value))).rejects.toMatchObject(NO_AUTHORIZATION);
    }
  });

  it("passes on the token's own refusal (403 bad_jwt)", async () => {
    const token = await tokenWith({ sub: SUB, session_id: SESSION });
    const [header, payload] = token.split(".");
    await expect(
      verifyBearer(withAuthorization(`Bearer ${header}.${payload}.c2lnbmF0dXJl`)),
    ).rejects.toMatchObject({ status: 403, code: "bad_jwt" });
  });
});

describe("verifyBearer: the claims", () => {
  const refused = async (claims: Record<string, unknown>, message: string) => {
    const token = await tokenWith(claims);
    await expect(verifyBearer(withAuthorization(`Bearer ${token}`))).rejects.toMatchObject({
      name: "AuthError",
      status: 403,
      code: "bad_jwt",
      message,
    });
  };

  it("needs sub to be a UUID string", async () => {
    for (const sub of [undefined, "", "not-a-uuid", `${SUB}x`, 42, [SUB], { id: SUB }]) {
      await refused({ sub, session_id: SESSION }, "invalid claim: missing sub claim");
    }
  });

  it("needs session_id to be a UUID string", async () => {
    for (const sessionId of [undefined, "", "not-a-uuid", `x${SESSION}`, 42, [SESSION]]) {
      await refused({ sub: SUB, session_id: sessionId }, "invalid claim: missing session_id claim");
    }
  });

  it("takes upper-case UUIDs as they are", async () => {
    const token = await tokenWith({ sub: SUB.toUpperCase(), session_id: SESSION.toUpperCase() });
    expect(await verifyBearer(withAuthorization(`Bearer ${token}`))).toEqual({
      sub: SUB.toUpperCase(),
      sessionId: SESSION.toUpperCase(),
    });
  });
});

describe("loadBearer", () => {
  const system = <T>(fn: (tx: Tx) => Promise<T>) => withSystemContext("test: auth bearer", fn);

  async function signedIn(user: UserRow): Promise<VerifiedBearer> {
    const answer = await system((tx) => createSession(tx, user, "password", requestDetails()));
    return { sub: user.id, sessionId: String(decodeJwt(answer.access_token).session_id) };
  }

  it("loads the bearer's user and session", async () => {
    const user = await insertUser();
    const bearer = await signedIn(user);
    const loaded = await system((tx) => loadBearer(tx, bearer));
    expect(loaded.user.id).toBe(user.id);
    expect(loaded.user.email).toBe(user.email);
    expect(loaded.session).toMatchObject({ id: bearer.sessionId, userId: user.id });
  });

  it("answers 403 session_not_found for an ended session, an unknown one, or another user's", async () => {
    const notFound = {
      name: "AuthError",
      status: 403,
      code: "session_not_found",
      message: "Session from session_id claim in JWT does not exist",
    };
    const user = await insertUser();
    const other = await insertUser();
    const ended = await signedIn(user);
    await system((tx) => endSessions(tx, user, ended.sessionId, "local", requestDetails()));
    await expect(system((tx) => loadBearer(tx, ended))).rejects.toMatchObject(notFound);
    await expect(
      system((tx) => loadBearer(tx, { sub: user.id, sessionId: randomUUID() })),
    ).rejects.toMatchObject(notFound);
    const theirs = await signedIn(other);
    await expect(
      system((tx) => loadBearer(tx, { sub: user.id, sessionId: theirs.sessionId })),
    ).rejects.toMatchObject(notFound);
  });

  it("answers 403 user_not_found when the session's user was deleted", async () => {
    const user = await insertUser();
    const bearer = await signedIn(user);
    await system((tx) =>
      tx.update(users).set({ deletedAt: new Date() }).where(eq(users.id, user.id)),
    );
    await expect(system((tx) => loadBearer(tx, bearer))).rejects.toMatchObject({
      name: "AuthError",
      status: 403,
      code: "user_not_found",
      message: "User from sub claim in JWT does not exist",
    });
  });
});
