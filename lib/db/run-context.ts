import { sql } from "drizzle-orm";
import { queryRows } from "@/lib/db/rows";
import type { Queryable, Tx } from "@/lib/db/types";
import { isUuid } from "@/lib/validation/uuid";

/**
 * The request contexts on an explicit database (no `server-only`: tests use these on PGlite
 * and PostgreSQL side by side). The app calls the wrappers of lib/db/context.ts.
 *
 * A user context is what PostgREST does on Supabase: one transaction on the user login
 * (`app_authenticator`, see bindUserLogin) that switches to the database role of the caller
 * (`authenticated` or `anon`) and publishes the JWT claims in `request.jwt.claims`, so RLS
 * policies and auth.uid() see the caller. The settings are transaction-local and vanish at
 * commit or rollback; they take one statement, the same round trip as before.
 */
export interface UserClaims {
  sub: string;
  role?: string;
  [claim: string]: unknown;
}

const USER_ROLES = new Set(["authenticated", "anon"]);

/**
 * The login role of user requests (created by drizzle/0014): LOGIN NOINHERIT, a member of
 * `anon` and `authenticated` only, neither superuser nor BYPASSRLS.
 */
export const USER_LOGIN_ROLE = "app_authenticator";

export class ContextError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ContextError";
  }
}

type DbLike = Extract<Queryable, { transaction: unknown }>;

/**
 * Where the user contexts of an owner's database run. PostgreSQL: `db` is a pool logged in
 * as the user login. PGlite (one connection, logged in as its superuser): `db` is the same
 * connection and each user transaction first sets `session_authorization` to the user login,
 * so RESET ROLE or SET ROLE inside it reaches only that login's roles. (Before the first
 * one, the connection's own session authorization is set explicitly: PostgreSQL 18 does not
 * restore the session user when a transaction-local value reverts to the built-in default.)
 */
export interface UserLogin {
  db: DbLike;
  sessionAuthorization?: string;
}

interface BoundLogin extends UserLogin {
  /** PGlite: the connection's session authorization, pinned once (see UserLogin). */
  pinned?: Promise<unknown>;
  /** The login was found unable to bypass RLS (checked once, in its first transaction). */
  verified: boolean;
}

/*
 * Marks kept on the objects themselves under global symbols, not in module-level maps: Next
 * bundles this module more than once (instrumentation, routes, pages), while the database
 * object is shared through globalThis (lib/db/client.ts).
 */
const USER_LOGIN = Symbol.for("live-market.db.user-login");
const SYSTEM_CONTEXT = Symbol.for("live-market.db.system-context");
const PIPELINED = Symbol.for("live-market.db.pipelined");
const BEFORE_COMMIT = Symbol.for("live-market.db.before-commit");

type CommitStep = (tx: Tx) => Promise<unknown>;
type Marked = {
  [USER_LOGIN]?: BoundLogin;
  [SYSTEM_CONTEXT]?: true;
  [PIPELINED]?: true;
  [BEFORE_COMMIT]?: CommitStep[];
};

/**
 * Runs `step` at the end of the system transaction `tx`: after the context's own work, just
 * before the commit, in the order registered (a step may register more). For work that takes
 * a lock many transactions queue for (an organisation's invoice numbers): taken last, it is
 * held for the fewest round trips (docs/bench.md "Checkout"). A step's throw rolls the whole
 * transaction back, as any other.
 */
export function beforeCommit(tx: Tx, step: CommitStep): void {
  const steps = (tx as Marked)[BEFORE_COMMIT];
  if (!steps) throw new ContextError("beforeCommit needs the transaction of a system context.");
  steps.push(step);
}

async function runCommitSteps(tx: Tx): Promise<void> {
  const steps = (tx as Marked)[BEFORE_COMMIT]!;
  for (let step = steps.shift(); step; step = steps.shift()) await step(tx);
}

/**
 * Marks a database whose driver pipelines the statements of a transaction (postgres.js:
 * statements issued before the previous one's answer go out in order, in one write). Its
 * contexts send their settings with the transaction's first statement: one round trip less
 * per transaction (docs/bench.md "Checkout").
 */
export function markPipelined(db: DbLike): void {
  Object.defineProperty(db, PIPELINED, { value: true, configurable: true });
}

/**
 * `settings` then `fn` in one transaction. Where the driver pipelines, `fn` starts without
 * waiting for the settings' answer: the server runs a connection's statements in order, so
 * fn's statements still see them, and a failed setting fails the transaction (its error is
 * the one thrown).
 */
async function withSettings<T>(
  db: DbLike,
  tx: Tx,
  settings: () => PromiseLike<unknown>,
  fn: (tx: Tx) => Promise<T>,
): Promise<T> {
  if ((db as Marked)[PIPELINED] !== true) {
    await settings();
    return fn(tx);
  }
  // `then` called here, not a microtask later: a lazy query (drizzle's) is sent now, before
  // anything `fn` sends, even a query that sends itself at once (lib/db/statement.ts).
  const settled = settings().then(
    () => null,
    (error: unknown) => ({ error }),
  );
  let result: T;
  try {
    result = await fn(tx);
  } catch (error) {
    const failed = await settled;
    throw failed ? failed.error : error;
  }
  const failed = await settled;
  if (failed) throw failed.error;
  return result;
}

/** Binds the user login of an owner's database (lib/db/connect.ts does, for both drivers). */
export function bindUserLogin(ownerDb: DbLike, login: UserLogin): void {
  Object.defineProperty(ownerDb, USER_LOGIN, {
    value: { ...login, verified: false } satisfies BoundLogin,
    configurable: true,
  });
}

/** Whether `tx` is a system context's transaction (runs as the owner; RLS does not apply). */
export function isSystemTransaction(tx: Queryable): boolean {
  return (tx as Marked)[SYSTEM_CONTEXT] === true;
}

/**
 * Refuses a user login that could escape RLS: a superuser, BYPASSRLS, the owner of a table
 * with RLS (owners skip their tables' policies), or able to SET ROLE to any of these. One
 * query, in the first user transaction of the process.
 */
async function verifyLogin(tx: Tx): Promise<void> {
  const [row] = await queryRows<{ login: string; unsafe: boolean }>(
    tx,
    sql`select r.rolname as login,
          (r.rolsuper or r.rolbypassrls
           or exists (select 1 from pg_roles u
                      where (u.rolsuper or u.rolbypassrls) and pg_has_role(r.oid, u.oid, 'MEMBER'))
           or exists (select 1 from pg_class c
                      where c.relrowsecurity and pg_has_role(r.oid, c.relowner, 'MEMBER'))) as unsafe
        from pg_roles r where r.rolname = session_user`,
  );
  if (!row || row.unsafe) {
    throw new ContextError(
      `The user login "${row?.login ?? "?"}" can bypass row level security; user contexts refuse to run on it.`,
    );
  }
}

async function inRole<T>(
  db: DbLike,
  role: "authenticated" | "anon",
  claims: Record<string, unknown>,
  fn: (tx: Tx) => Promise<T>,
): Promise<T> {
  const login = (db as Marked)[USER_LOGIN];
  if (!login) {
    throw new ContextError("User contexts need a database opened by connectDatabase().");
  }
  if (login.sessionAuthorization) {
    login.pinned ??= login.db
      .execute(sql`select set_config('session_authorization', session_user, false)`)
      .catch((error: unknown) => {
        login.pinned = undefined;
        throw error;
      });
    await login.pinned;
  }
  return login.db.transaction(async (tx) => {
    const claimsJson = JSON.stringify(claims);
    // The subject also on its own (`request.jwt.claim.sub`, which auth.uid() reads first):
    // policies and their functions call auth.uid() often, and the claims are JSON to parse.
    const sub = typeof claims.sub === "string" ? claims.sub : "";
    const settings = () =>
      tx.execute(
        login.sessionAuthorization
          ? sql`select set_config('session_authorization', ${login.sessionAuthorization}, true), set_config('request.jwt.claims', ${claimsJson}, true), set_config('request.jwt.claim.sub', ${sub}, true), set_config('role', ${role}, true)`
          : sql`select set_config('request.jwt.claims', ${claimsJson}, true), set_config('request.jwt.claim.sub', ${sub}, true), set_config('role', ${role}, true)`,
      );
    return withSettings(login.db, tx, settings, async (tx) => {
      if (!login.verified) {
        await verifyLogin(tx);
        login.verified = true;
      }
      return fn(tx);
    });
  });
}

export function runAsUser<T>(
  db: DbLike,
  claims: UserClaims,
  fn: (tx: Tx) => Promise<T>,
): Promise<T> {
  if (!isUuid(claims.sub)) {
    throw new ContextError("A user context needs claims.sub to be a uuid.");
  }
  const role = claims.role ?? "authenticated";
  if (!USER_ROLES.has(role)) {
    throw new ContextError(`A user context cannot take the database role "${role}".`);
  }
  return inRole(db, role as "authenticated" | "anon", { ...claims, role }, fn);
}

export function runAsAnon<T>(db: DbLike, fn: (tx: Tx) => Promise<T>): Promise<T> {
  return inRole(db, "anon", { role: "anon" }, fn);
}

/**
 * System work (jobs, webhooks, the auth service, health checks) runs on the owner's side as
 * the connection's own role, the schema owner, which RLS does not restrict. The reason is
 * required and is visible to the database as `app.context` (logs, triggers, audit).
 */
export function runAsSystem<T>(db: DbLike, reason: string, fn: (tx: Tx) => Promise<T>): Promise<T> {
  if (!reason.trim()) throw new ContextError("A system context needs a reason.");
  return db.transaction(async (tx) => {
    Object.defineProperty(tx, SYSTEM_CONTEXT, { value: true });
    Object.defineProperty(tx, BEFORE_COMMIT, { value: [] });
    const settings = () =>
      tx.execute(sql`select set_config('app.context', ${`system:${reason}`}, true)`);
    return withSettings(db, tx, settings, async (tx) => {
      const result = await fn(tx);
      await runCommitSteps(tx);
      return result;
    });
  });
}
