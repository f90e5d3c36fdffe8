import "server-only";
import { getDb } from "@/lib/db/client";
import { runAsAnon, runAsSystem, runAsUser, type UserClaims } from "@/lib/db/run-context";
import type { Db, Tx } from "@/lib/db/types";

export type { Tx } from "@/lib/db/types";
export type { UserClaims } from "@/lib/db/run-context";
export { beforeCommit } from "@/lib/db/run-context";

/**
 * Every query goes through one of these (architecture §4, conventions §4):
 * - withUserContext: as `authenticated` with the user's verified claims; RLS applies.
 * - withAnonContext: as `anon` (visitors); RLS applies.
 *   Both run on the `app_authenticator` login, which cannot bypass RLS even after RESET ROLE
 *   (docs/data-layer.md, "Database roles").
 * - withSystemContext: as the owner, for named system work only; RLS does not apply.
 * Inside `fn`, use only `tx` (on PGlite a second query outside it would wait for it).
 * A throw inside `fn` rolls the whole transaction back.
 */
export function withUserContext<T>(claims: UserClaims, fn: (tx: Tx) => Promise<T>): Promise<T> {
  return runAsUser(getDb(), claims, fn);
}

export function withAnonContext<T>(fn: (tx: Tx) => Promise<T>): Promise<T> {
  return runAsAnon(getDb(), fn);
}

export function withSystemContext<T>(reason: string, fn: (tx: Tx) => Promise<T>): Promise<T> {
  return runAsSystem(getDb(), reason, fn);
}

/**
 * One statement as the owner, committed on its own: no transaction around it (a begin, the
 * context's settings and a commit are two round trips more). Only for a single read, or a
 * single write that is whole by itself; anything that needs two statements to agree uses
 * withSystemContext. `reason` names the work where the code reads it, as for a context.
 */
export function withSystemStatement<T>(_reason: string, fn: (db: Db) => Promise<T>): Promise<T> {
  return fn(getDb());
}
