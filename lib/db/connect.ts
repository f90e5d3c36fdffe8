import { mkdirSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { unaccent } from "@electric-sql/pglite/contrib/unaccent";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { drizzle as drizzlePostgres } from "drizzle-orm/postgres-js";
import postgres from "postgres";
import { bindUserLogin, markPipelined, USER_LOGIN_ROLE } from "@/lib/db/run-context";
import type { Db, DbDriver } from "@/lib/db/types";

/**
 * Opens a database for either driver. Free of `server-only` and of lib/env so that scripts
 * (migrate, seed, reset) and tests can use it with explicit settings; the app goes through
 * `getDb()` in lib/db/client.ts. Both drivers connect lazily: nothing touches the database
 * until the first query.
 *
 * `db` is the owner's side (system contexts, scripts). User and anonymous contexts run on
 * the user login bound to it (docs/data-layer.md, "Database roles"): on PostgreSQL a second
 * pool that logs in as `app_authenticator` (or `userUrl`), on PGlite the same connection
 * with its session authorization set to `app_authenticator` for the transaction.
 */
export type ConnectOptions =
  { url: string; userUrl?: string; poolMax?: number } | { dataDir: string };

export interface Database {
  db: Db;
  driver: DbDriver;
  close(): Promise<void>;
}

/** DATABASE_URL with its user swapped for the user login (host, database, options kept). */
export function userLoginUrl(url: string): string {
  const target = new URL(url);
  target.username = USER_LOGIN_ROLE;
  return target.toString();
}

type Sql = ReturnType<typeof postgres>;

/**
 * The postgres.js client as drizzle sees it, with its statements prepared. drizzle asks for
 * `prepare: false` on every query it was not given a name for; postgres.js then describes
 * each statement with parameters before running it: two round trips a statement. Prepared
 * (postgres.js's own default), a statement is described once per connection and then runs
 * in one round trip (docs/bench.md "Checkout": 178 → 95 round trips a checkout). PostgreSQL
 * re-plans a prepared statement when the role or a table it reads changes, so RLS and
 * migrations stay right.
 *
 * Both pools prepare. The user pool's connections plan every execution for its own values
 * (`plan_cache_mode = force_custom_plan`): after five runs PostgreSQL may otherwise give a
 * prepared statement a generic plan, and did so for a member list that once parsed a
 * 1,000-id order array per row. What a prepared statement saves there is the round trip
 * that describes it and the parsing: a user page's statements go down in one write and run
 * in one round trip (the roles screen: 25 round trips a request → 7). Forcing custom plans
 * also re-plans the statements inside PL/pgSQL functions at each call; since the policies
 * read the caller's organisations once per statement (migration 0038), that is once a
 * statement, not once a row, and costs nothing measurable (docs/data-layer.md).
 */
function preparing(client: Sql): Sql {
  return new Proxy(client, {
    get(target, property, receiver) {
      if (property === "unsafe") {
        return (query: string, params?: unknown[], options?: Record<string, unknown>) =>
          target.unsafe(query, params as never, { ...options, prepare: true });
      }
      if (property === "begin" || property === "savepoint") {
        return (...args: unknown[]) => {
          const fn = args.pop() as (tx: Sql) => unknown;
          const scope = Reflect.get(target, property, receiver) as (...a: unknown[]) => unknown;
          return scope(...args, (tx: Sql) => fn(preparing(tx)));
        };
      }
      return Reflect.get(target, property, receiver) as unknown;
    },
  });
}

export function connectDatabase(options: ConnectOptions): Database {
  if ("url" in options) {
    const settings = (url: string, parameters: Record<string, string> = {}) =>
      postgres(url, {
        max: options.poolMax ?? 10,
        onnotice: () => {},
        connection: { application_name: "live-market", ...parameters },
      });
    const owner = settings(options.url);
    // Each execution of a user statement is planned for its own values (below).
    const users = settings(options.userUrl ?? userLoginUrl(options.url), {
      plan_cache_mode: "force_custom_plan",
    });
    const db = drizzlePostgres({ client: preparing(owner) }) as unknown as Db;
    const userDb = drizzlePostgres({ client: preparing(users) }) as unknown as Db;
    markPipelined(db);
    markPipelined(userDb);
    bindUserLogin(db, { db: userDb });
    return {
      db,
      driver: "postgres",
      close: async () => {
        await Promise.all([owner.end({ timeout: 5 }), users.end({ timeout: 5 })]);
      },
    };
  }
  const dir = path.resolve(options.dataDir);
  mkdirSync(dir, { recursive: true });
  // The extensions migration 0019 creates (search: trigram similarity, accent folding).
  const client = new PGlite(dir, { extensions: { pg_trgm, unaccent } });
  const db = drizzlePglite({ client }) as unknown as Db;
  bindUserLogin(db, { db, sessionAuthorization: USER_LOGIN_ROLE });
  return { db, driver: "pglite", close: () => client.close() };
}

/** The PGlite directory inside the embedded data folder. */
export function pgliteDir(dataDir: string): string {
  return path.join(dataDir, "pglite");
}
