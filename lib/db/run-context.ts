import { sql } from "drizzle-orm";
import type { Queryable, Tx } from "@/lib/db/types";

/**
 * The request contexts on an explicit database (no `server-only`: tests use these on PGlite
 * and PostgreSQL side by side). The app calls the wrappers of lib/db/context.ts.
 *
 * A user context is what PostgREST does on Supabase: one transaction that switches to the
 * database role of the caller (`authenticated` or `anon`) and publishes the JWT claims in
 * `request.jwt.claims`, so RLS policies and auth.uid() see the caller. Both settings are
 * transaction-local and vanish at commit or rollback.
 */
export interface UserClaims {
  sub: string;
  role?: string;
  [claim: string]: unknown;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const USER_ROLES = new Set(["authenticated", "anon"]);

export class ContextError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ContextError";
  }
}

type DbLike = Extract<Queryable, { transaction: unknown }>;

async function inRole<T>(
  db: DbLike,
  role: "authenticated" | "anon",
  claims: Record<string, unknown>,
  fn: (tx: Tx) => Promise<T>,
): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(
      sql`select set_config('request.jwt.claims', ${JSON.stringify(claims)}, true), set_config('role', ${role}, true)`,
    );
    return fn(tx);
  });
}

export function runAsUser<T>(
  db: DbLike,
  claims: UserClaims,
  fn: (tx: Tx) => Promise<T>,
): Promise<T> {
  if (typeof claims.sub !== "string" || !UUID.test(claims.sub)) {
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
 * System work (jobs, webhooks, the auth service, health checks) runs as the connection's
 * own role, the schema owner, which RLS does not restrict. The reason is required and is
 * visible to the database as `app.context` (logs, triggers, audit).
 */
export function runAsSystem<T>(db: DbLike, reason: string, fn: (tx: Tx) => Promise<T>): Promise<T> {
  if (!reason.trim()) throw new ContextError("A system context needs a reason.");
  return db.transaction(async (tx) => {
    await tx.execute(sql`select set_config('app.context', ${`system:${reason}`}, true)`);
    return fn(tx);
  });
}
