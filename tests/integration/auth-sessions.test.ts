import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { decodeJwt } from "jose";
import postgres from "postgres";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { auditLogEntries, mfaAmrClaims, refreshTokens, sessions, users } from "@/lib/auth/schema";
import type { RequestInfo } from "@/lib/auth/service/http";
import {
  findRefreshToken,
  hashRefreshToken,
  issueRefreshToken,
} from "@/lib/auth/service/refresh-tokens";
import {
  createSession,
  endSessions,
  raiseSessionToAal2,
  refreshSession,
  type LogoutScope,
  type SessionResponse,
} from "@/lib/auth/service/sessions";
import type { UserRow } from "@/lib/auth/service/users";
import { closeDb } from "@/lib/db/client";
import { withSystemContext, type Tx } from "@/lib/db/context";
import { resetEnvForTests } from "@/lib/env";
import { ORIGIN } from "./support/auth-server";
import { insertUser, requestDetails, uniquePhone } from "./support/auth-users";

/**
 * The session code of the auth service (lib/auth/service/sessions.ts) driven in-process on a
 * real PostgreSQL: what a new session records, when a refresh token still works (timebox,
 * inactivity, bans, GoTrue's reuse rules), the aal2 step-up and sign-out, each checked in the
 * rows it leaves and the token it answers.
 */
beforeAll(() => {
  process.env.SITE_URL = ORIGIN;
  resetEnvForTests();
});

afterEach(() => {
  delete process.env.AUTH_SESSION_TIMEBOX;
  delete process.env.AUTH_SESSION_INACTIVITY_TIMEOUT;
  delete process.env.AUTH_JWT_EXPIRY;
  resetEnvForTests();
});

afterAll(async () => {
  await closeDb();
});

const system = <T>(fn: (tx: Tx) => Promise<T>) => withSystemContext("test: auth sessions", fn);

async function signIn(user: UserRow, method = "password", info = requestDetails()) {
  const answer = await system((tx) => createSession(tx, user, method, info));
  const sessionId = String(decodeJwt(answer.access_token).session_id);
  return { answer, sessionId };
}

async function refresh(token: string, info: RequestInfo = requestDetails()) {
  return system((tx) => refreshSession(tx, token, info));
}

/** The session answer of a refresh that must rotate (not reuse). */
async function rotated(token: string, info?: RequestInfo): Promise<SessionResponse> {
  const outcome = await refresh(token, info);
  if (outcome.kind !== "session") throw new Error("refresh was treated as reuse");
  return outcome.session;
}

async function expectRefused(token: string, code: string, message: string) {
  await expect(refresh(token)).rejects.toMatchObject({ status: 400, code, message });
}

const sessionRow = async (id: string) => {
  const [row] = await system((tx) => tx.select().from(sessions).where(eq(sessions.id, id)));
  if (!row) throw new Error(`no session ${id}`);
  return row;
};

const setSession = (id: string, fields: Partial<typeof sessions.$inferInsert>) =>
  system((tx) => tx.update(sessions).set(fields).where(eq(sessions.id, id)));

const tokenRow = async (token: string) => {
  const row = await system((tx) => findRefreshToken(tx, token));
  if (!row) throw new Error("no such refresh token");
  return row;
};

const setToken = (token: string, fields: Partial<typeof refreshTokens.$inferInsert>) =>
  system((tx) =>
    tx
      .update(refreshTokens)
      .set(fields)
      .where(eq(refreshTokens.token, hashRefreshToken(token))),
  );

const audits = (userId: string, action: string) =>
  system(async (tx) => {
    const rows = await tx.select().from(auditLogEntries).orderBy(auditLogEntries.createdAt);
    return rows
      .filter((row) => row.payload?.actor_id === userId && row.payload.action === action)
      .map((row) => ({ ip: row.ipAddress, payload: row.payload }));
  });

/**
 * A sign-out in progress on a connection of its own: its transaction has deleted the session
 * (and, by cascade, its refresh tokens) and not committed yet.
 */
async function heldDeletion(sessionId: string) {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error("needs DATABASE_URL (PostgreSQL)");
  const client = postgres(url, { max: 2, onnotice: () => {} });
  const holder = await client.reserve();
  await holder`begin`;
  await holder`delete from auth.sessions where id = ${sessionId}`;
  let open = true;
  return {
    /** Resolves once another transaction waits for a row lock held by this one. */
    async waitForWaiter(timeoutMs = 10_000) {
      const [holding] = await holder<{ pid: number }[]>`select pg_backend_pid() as pid`;
      const pid = holding?.pid ?? 0;
      const deadline = Date.now() + timeoutMs;
      while (Date.now() < deadline) {
        const [row] = await client<{ n: number }[]>`
          select count(*)::int as n from pg_stat_activity
           where ${pid} = any(pg_blocking_pids(pid))`;
        if ((row?.n ?? 0) > 0) return;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      throw new Error("no transaction waited for the deleted session's row");
    },
    async commit() {
      await holder`commit`;
      open = false;
    },
    async end() {
      if (open) await holder`rollback`;
      holder.release();
      await client.end();
    },
  };
}

const secondsAgo = (seconds: number) => new Date(Date.now() - seconds * 1000);

describe("createSession", () => {
  it("opens an aal1 session recording the address, agent, timebox and method; the token says so", async () => {
    process.env.AUTH_SESSION_TIMEBOX = "7200";
    process.env.AUTH_JWT_EXPIRY = "1200";
    resetEnvForTests();
    const phone = uniquePhone();
    const user = await insertUser({ phone, rawUserMetaData: { name: "Ada" } });
    const before = Date.now();
    const { answer, sessionId } = await signIn(user, "otp");
    const after = Date.now();

    const row = await sessionRow(sessionId);
    const createdAt = row.createdAt?.getTime() ?? 0;
    expect(createdAt).toBeGreaterThanOrEqual(before);
    expect(createdAt).toBeLessThanOrEqual(after);
    expect(row).toMatchObject({
      userId: user.id,
      aal: "aal1",
      factorId: null,
      refreshedAt: null,
      userAgent: "TestAgent/1.0",
      ip: "203.0.113.7",
      updatedAt: row.createdAt,
      notAfter: new Date(createdAt + 7200 * 1000),
    });

    const amr = await system((tx) =>
      tx.select().from(mfaAmrClaims).where(eq(mfaAmrClaims.sessionId, sessionId)),
    );
    expect(amr).toEqual([
      expect.objectContaining({
        authenticationMethod: "otp",
        createdAt: row.createdAt,
        updatedAt: row.createdAt,
      }),
    ]);

    const claims = decodeJwt(answer.access_token);
    expect(claims).toMatchObject({
      sub: user.id,
      email: user.email,
      phone,
      app_metadata: { provider: "email", providers: ["email"] },
      user_metadata: { name: "Ada" },
      role: "authenticated",
      aal: "aal1",
      amr: [{ method: "otp", timestamp: Math.floor(createdAt / 1000) }],
      session_id: sessionId,
      is_anonymous: false,
    });
    expect((claims.exp ?? 0) - (claims.iat ?? 0)).toBe(1200);
    expect(answer).toMatchObject({
      token_type: "bearer",
      expires_in: 1200,
      expires_at: claims.exp,
      user: { id: user.id, email: user.email, last_sign_in_at: row.createdAt?.toISOString() },
    });

    expect(await tokenRow(answer.refresh_token)).toMatchObject({
      userId: user.id,
      sessionId,
      parent: null,
      revoked: false,
    });
    const [stored] = await system((tx) => tx.select().from(users).where(eq(users.id, user.id)));
    expect(stored?.lastSignInAt).toEqual(row.createdAt);
    expect(stored?.updatedAt).toEqual(row.createdAt);
  });

  it("keeps no address that is not an IP, no end without a timebox; claims fall back as GoTrue's", async () => {
    process.env.AUTH_SESSION_TIMEBOX = "0";
    resetEnvForTests();
    const phone = uniquePhone();
    const phoneOnly = await insertUser({
      email: null,
      phone,
      role: "custom_role",
      rawAppMetaData: null,
      rawUserMetaData: null,
    });
    const { answer, sessionId } = await signIn(
      phoneOnly,
      "password",
      requestDetails({ ip: "not-an-address", userAgent: null }),
    );
    expect(await sessionRow(sessionId)).toMatchObject({
      ip: null,
      userAgent: null,
      notAfter: null,
    });
    expect(decodeJwt(answer.access_token)).toMatchObject({
      email: "",
      phone,
      role: "custom_role",
      app_metadata: {},
      user_metadata: {},
    });

    const noRole = await insertUser({ role: null, isAnonymous: true });
    const second = await signIn(noRole, "anonymous");
    expect(decodeJwt(second.answer.access_token)).toMatchObject({
      email: noRole.email,
      phone: "",
      role: "authenticated",
      is_anonymous: true,
    });
  });
});

describe("refreshSession", () => {
  it("rotates: revokes the token, issues its child, stamps refreshed_at, takes a new user agent", async () => {
    const user = await insertUser();
    const { answer, sessionId } = await signIn(user);
    const before = Date.now();
    const first = await rotated(
      answer.refresh_token,
      requestDetails({ userAgent: "Other/2.0", ip: "198.51.100.4" }),
    );
    const after = Date.now();

    expect(first.refresh_token).not.toBe(answer.refresh_token);
    expect(decodeJwt(first.access_token)).toMatchObject({ sub: user.id, session_id: sessionId });
    expect(first.user.id).toBe(user.id);
    expect(await tokenRow(answer.refresh_token)).toMatchObject({ revoked: true });
    expect(await tokenRow(first.refresh_token)).toMatchObject({
      revoked: false,
      parent: hashRefreshToken(answer.refresh_token),
      sessionId,
    });
    const row = await sessionRow(sessionId);
    const refreshedAt = row.refreshedAt?.getTime() ?? 0;
    expect(refreshedAt).toBeGreaterThanOrEqual(before);
    expect(refreshedAt).toBeLessThanOrEqual(after);
    expect(row.updatedAt).toEqual(row.refreshedAt);
    expect(row.userAgent).toBe("Other/2.0");

    // A refresh without a User-Agent header keeps the one recorded.
    await rotated(first.refresh_token, requestDetails({ userAgent: null }));
    expect((await sessionRow(sessionId)).userAgent).toBe("Other/2.0");

    expect(await audits(user.id, "token_refreshed")).toEqual([
      {
        ip: "198.51.100.4",
        payload: expect.objectContaining({ actor_username: user.email, log_type: "token" }),
      },
      { ip: "203.0.113.7", payload: expect.objectContaining({ actor_username: user.email }) },
    ]);
  });

  it("answers aal1 for a session that records no level (a row GoTrue left)", async () => {
    const user = await insertUser();
    const { answer, sessionId } = await signIn(user);
    await setSession(sessionId, { aal: null });
    expect(decodeJwt((await rotated(answer.refresh_token)).access_token).aal).toBe("aal1");
  });

  it("a refresh racing a sign-out that deletes the session answers refresh_token_not_found", async () => {
    const user = await insertUser();
    const { answer, sessionId } = await signIn(user);
    // The sign-out's transaction deletes the session and holds its row until it commits.
    const signOut = await heldDeletion(sessionId);
    try {
      const refreshing = refresh(answer.refresh_token).then(
        () => "refreshed",
        (error: unknown) => error,
      );
      // The refresh found the token (the deletion is not committed) and waits for the row.
      await signOut.waitForWaiter();
      await signOut.commit();
      expect(await refreshing).toMatchObject({
        status: 400,
        code: "refresh_token_not_found",
        message: "Invalid Refresh Token: Refresh Token Not Found",
      });
    } finally {
      await signOut.end();
    }
  });

  it("refuses an unknown token, a deleted user's, a banned user's (not once the ban is over)", async () => {
    await expectRefused(
      "not-a-refresh-token",
      "refresh_token_not_found",
      "Invalid Refresh Token: Refresh Token Not Found",
    );

    const banned = await insertUser({ bannedUntil: new Date(Date.now() + 3600_000) });
    const bannedSession = await signIn(banned);
    await expectRefused(bannedSession.answer.refresh_token, "user_banned", "User is banned");

    const unbanned = await insertUser({ bannedUntil: secondsAgo(60) });
    const unbannedSession = await signIn(unbanned);
    await rotated(unbannedSession.answer.refresh_token);

    const deleted = await insertUser();
    const deletedSession = await signIn(deleted);
    await system((tx) =>
      tx.update(users).set({ deletedAt: new Date() }).where(eq(users.id, deleted.id)),
    );
    await expectRefused(
      deletedSession.answer.refresh_token,
      "refresh_token_not_found",
      "Invalid Refresh Token: Refresh Token Not Found",
    );
  });

  it("ends a session at its timebox (not_after)", async () => {
    const user = await insertUser();
    const ended = await signIn(user);
    await setSession(ended.sessionId, { notAfter: secondsAgo(1) });
    await expectRefused(
      ended.answer.refresh_token,
      "session_expired",
      "Invalid Refresh Token: Session Expired",
    );
    const running = await signIn(user);
    await setSession(running.sessionId, { notAfter: secondsAgo(-60) });
    await rotated(running.answer.refresh_token);
  });

  it("ends a session inactive for AUTH_SESSION_INACTIVITY_TIMEOUT since its last refresh or creation", async () => {
    process.env.AUTH_SESSION_INACTIVITY_TIMEOUT = "600";
    resetEnvForTests();
    const user = await insertUser();
    const open = async (createdAt: Date | null, refreshedAt: Date | null) => {
      const { answer, sessionId } = await signIn(user);
      await setSession(sessionId, { createdAt, refreshedAt });
      return answer.refresh_token;
    };
    const expired = (token: string) =>
      expectRefused(token, "session_expired", "Invalid Refresh Token: Session Expired");

    // Refreshed recently: the creation a day ago does not count.
    await rotated(await open(secondsAgo(86_400), secondsAgo(590)));
    await expired(await open(secondsAgo(86_400), secondsAgo(610)));
    // Never refreshed: counted from its creation.
    await rotated(await open(secondsAgo(590), null));
    await expired(await open(secondsAgo(610), null));
    // Neither known: active now.
    await rotated(await open(null, null));
  });

  it("AUTH_SESSION_INACTIVITY_TIMEOUT=0 never ends a session for inactivity", async () => {
    process.env.AUTH_SESSION_INACTIVITY_TIMEOUT = "0";
    resetEnvForTests();
    const user = await insertUser();
    const { answer, sessionId } = await signIn(user);
    await setSession(sessionId, { createdAt: secondsAgo(400 * 86_400), notAfter: null });
    await rotated(answer.refresh_token);
  });
});

describe("refresh token reuse (GoTrue's rules)", () => {
  /** A session whose first token A was rotated to B, and B to C. */
  async function twiceRotated() {
    const user = await insertUser();
    const { answer, sessionId } = await signIn(user);
    const a = answer.refresh_token;
    const b = (await rotated(a)).refresh_token;
    const c = (await rotated(b)).refresh_token;
    return { user, sessionId, a, b, c };
  }

  it("a token rotated less than 10 s ago, whose child exists, gets another child", async () => {
    const { a, c } = await twiceRotated();
    await setToken(a, { updatedAt: secondsAgo(5) });
    const again = await rotated(a);
    expect(again.refresh_token).not.toBe(c);
    expect(await tokenRow(again.refresh_token)).toMatchObject({
      parent: hashRefreshToken(a),
      revoked: false,
    });
    // The session's other active token is left alone.
    expect(await tokenRow(c)).toMatchObject({ revoked: false });
  });

  it("counts the 10 s from the token's creation when its update time is missing", async () => {
    const { a, c } = await twiceRotated();
    await setToken(a, { updatedAt: null, createdAt: secondsAgo(3) });
    expect((await rotated(a)).refresh_token).not.toBe(c);
  });

  it("a token rotated more than 10 s ago is reuse: every token revoked, the reuse audited", async () => {
    const { user, sessionId, a } = await twiceRotated();
    await setToken(a, { updatedAt: secondsAgo(15) });
    expect(await refresh(a, requestDetails({ ip: "198.51.100.9" }))).toEqual({ kind: "reused" });
    const left = await system((tx) =>
      tx
        .select()
        .from(refreshTokens)
        .where(and(eq(refreshTokens.sessionId, sessionId), eq(refreshTokens.revoked, false))),
    );
    expect(left).toEqual([]);
    expect(await audits(user.id, "token_revoked")).toEqual([
      {
        ip: "198.51.100.9",
        payload: expect.objectContaining({
          actor_username: user.email,
          log_type: "token",
          traits: { reason: "refresh_token_reuse" },
        }),
      },
    ]);
  });

  it("a revoked token without a child is reuse even within 10 s", async () => {
    const user = await insertUser();
    const { answer, sessionId } = await signIn(user);
    await setToken(answer.refresh_token, { revoked: true, updatedAt: new Date() });
    const other = await system((tx) => issueRefreshToken(tx, user.id, sessionId, null));
    expect(await refresh(answer.refresh_token)).toEqual({ kind: "reused" });
    expect(await tokenRow(other)).toMatchObject({ revoked: true });
  });

  it("a rotated token is reuse, even within 10 s, once the session has no active token", async () => {
    const { a, b, c } = await twiceRotated();
    await setToken(c, { revoked: true });
    expect(await refresh(a)).toEqual({ kind: "reused" });
    expect(await refresh(b)).toEqual({ kind: "reused" });
  });
});

describe("raiseSessionToAal2", () => {
  it("raises to aal2 with the factor, puts the method first in amr, rotates the active token", async () => {
    const user = await insertUser();
    const { answer, sessionId } = await signIn(user);
    const factorId = randomUUID();
    await new Promise((resolve) => setTimeout(resolve, 5));
    const raised = await system(async (tx) =>
      raiseSessionToAal2(tx, user, await sessionRow(sessionId), factorId, "totp"),
    );

    const row = await sessionRow(sessionId);
    expect(row).toMatchObject({ aal: "aal2", factorId });
    expect(row.updatedAt?.getTime()).toBeGreaterThan(row.createdAt?.getTime() ?? 0);
    const amr = await system((tx) =>
      tx.select().from(mfaAmrClaims).where(eq(mfaAmrClaims.sessionId, sessionId)),
    );
    const stamp = (method: string) =>
      Math.floor(
        (amr.find((claim) => claim.authenticationMethod === method)?.updatedAt.getTime() ?? 0) /
          1000,
      );
    expect(decodeJwt(raised.access_token)).toMatchObject({
      aal: "aal2",
      session_id: sessionId,
      amr: [
        { method: "totp", timestamp: stamp("totp") },
        { method: "password", timestamp: stamp("password") },
      ],
    });

    expect(await tokenRow(answer.refresh_token)).toMatchObject({ revoked: true });
    expect(await tokenRow(raised.refresh_token)).toMatchObject({
      revoked: false,
      parent: hashRefreshToken(answer.refresh_token),
    });
    // The client that missed the answer gets the raised session's token again.
    expect((await rotated(answer.refresh_token)).refresh_token).toBe(raised.refresh_token);
  });

  it("verifying the same method again refreshes its amr entry; a session without an active token gets a root one", async () => {
    const user = await insertUser();
    const { sessionId } = await signIn(user, "password");
    const factorId = randomUUID();
    await system(async (tx) =>
      raiseSessionToAal2(tx, user, await sessionRow(sessionId), factorId, "totp"),
    );
    const [firstTotp] = await system((tx) =>
      tx
        .select()
        .from(mfaAmrClaims)
        .where(
          and(eq(mfaAmrClaims.sessionId, sessionId), eq(mfaAmrClaims.authenticationMethod, "totp")),
        ),
    );
    await system((tx) =>
      tx.update(refreshTokens).set({ revoked: true }).where(eq(refreshTokens.sessionId, sessionId)),
    );
    await new Promise((resolve) => setTimeout(resolve, 5));
    const again = await system(async (tx) =>
      raiseSessionToAal2(tx, user, await sessionRow(sessionId), factorId, "totp"),
    );
    const amr = await system((tx) =>
      tx.select().from(mfaAmrClaims).where(eq(mfaAmrClaims.sessionId, sessionId)),
    );
    expect(amr.map((claim) => claim.authenticationMethod).sort()).toEqual(["password", "totp"]);
    const totp = amr.find((claim) => claim.authenticationMethod === "totp");
    expect(totp?.id).toBe(firstTotp?.id);
    expect(totp?.updatedAt.getTime()).toBeGreaterThan(firstTotp?.updatedAt.getTime() ?? 0);
    expect(await tokenRow(again.refresh_token)).toMatchObject({ parent: null, revoked: false });
  });
});

describe("endSessions", () => {
  it("local, others and global each delete their sessions and audit the scope", async () => {
    const phone = uniquePhone();
    const user = await insertUser({ email: null, phone });
    const bystander = await insertUser();
    const theirs = await signIn(bystander);
    const open = async () => (await signIn(user)).sessionId;
    const remaining = async () =>
      (await system((tx) => tx.select().from(sessions).where(eq(sessions.userId, user.id))))
        .map((row) => row.id)
        .sort();
    const end = (sessionId: string, scope: LogoutScope) =>
      system((tx) => endSessions(tx, user, sessionId, scope, requestDetails()));

    const one = await open();
    await open();
    await open();
    await end(one, "others");
    expect(await remaining()).toEqual([one]);
    const four = await open();
    await end(four, "local");
    expect(await remaining()).toEqual([one]);
    await open();
    await end(one, "global");
    expect(await remaining()).toEqual([]);
    expect((await sessionRow(theirs.sessionId)).userId).toBe(bystander.id);

    expect(await audits(user.id, "logout")).toEqual(
      ["others", "local", "global"].map((scope) => ({
        ip: "203.0.113.7",
        payload: expect.objectContaining({
          actor_username: phone,
          log_type: "account",
          traits: { scope },
        }),
      })),
    );
  });

  it("audits a user without email or phone under an empty name", async () => {
    const user = await insertUser({ email: null, phone: null, isAnonymous: true });
    const { sessionId } = await signIn(user, "anonymous");
    await system((tx) => endSessions(tx, user, sessionId, "local", requestDetails()));
    expect(await audits(user.id, "logout")).toEqual([
      expect.objectContaining({ payload: expect.objectContaining({ actor_username: "" }) }),
    ]);
  });
});
