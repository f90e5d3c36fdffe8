import { randomUUID } from "node:crypto";
import { sql, type SQL } from "drizzle-orm";
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { connectDatabase, userLoginUrl, type Database } from "@/lib/db/connect";
import { queryRows } from "@/lib/db/rows";
import {
  ContextError,
  isSystemTransaction,
  runAsAnon,
  runAsSystem,
  runAsUser,
  USER_LOGIN_ROLE,
} from "@/lib/db/run-context";
import { drivers, OPEN_TIMEOUT, testDatabaseUrl } from "./support/databases";

/**
 * The login of user requests (docs/data-layer.md, "Database roles"): user and anonymous
 * contexts run as `app_authenticator`, which is no superuser, has no BYPASSRLS, owns nothing
 * and can become only `anon` and `authenticated`. So a RESET ROLE or SET ROLE inside a user
 * context cannot reach the owner, and on PostgreSQL a query on that login outside any
 * context reaches no table at all.
 */
type Who = { session: string; current: string };
const whoAmI = sql`select session_user::text as session, current_user::text as current`;

/** The SQLSTATE of a refused statement (drizzle wraps the driver's error). */
async function refusal(run: Promise<unknown>): Promise<string> {
  try {
    await run;
  } catch (error) {
    const cause = (error as { cause?: { code?: string } }).cause ?? error;
    return (cause as { code?: string }).code ?? String(error);
  }
  return "not refused";
}

describe.each(drivers)("the user login on $name", (driver) => {
  let database: Database;
  let tables: string[];
  const claims = { sub: randomUUID() };

  beforeAll(async () => {
    database = await driver.open();
    tables = (
      await queryRows<{ name: string }>(
        database.db,
        sql`select format('%I.%I', n.nspname, c.relname) as name
            from pg_class c join pg_namespace n on n.oid = c.relnamespace
            where c.relkind in ('r', 'p')
              and n.nspname not in ('pg_catalog', 'information_schema', 'drizzle')
              and n.nspname not like 'pg\\_%'
            order by 1`,
      )
    ).map((row) => row.name);
  }, OPEN_TIMEOUT);

  afterAll(async () => {
    await database.close();
  });

  it("user and anonymous contexts log in as app_authenticator; system contexts do not", async () => {
    const [user] = await runAsUser(database.db, claims, (tx) => queryRows<Who>(tx, whoAmI));
    const [visitor] = await runAsAnon(database.db, (tx) => queryRows<Who>(tx, whoAmI));
    const [system] = await runAsSystem(database.db, "test", (tx) => queryRows<Who>(tx, whoAmI));
    expect(user).toEqual({ session: USER_LOGIN_ROLE, current: "authenticated" });
    expect(visitor).toEqual({ session: USER_LOGIN_ROLE, current: "anon" });
    expect(system?.session).not.toBe(USER_LOGIN_ROLE);
  });

  it("a second copy of the module finds the login and the system mark (Next bundles it more than once)", async () => {
    vi.resetModules();
    const copy = await import("@/lib/db/run-context");
    expect(copy.runAsUser).not.toBe(runAsUser);
    const [user] = await copy.runAsUser(database.db, claims, (tx) => queryRows<Who>(tx, whoAmI));
    expect(user).toEqual({ session: USER_LOGIN_ROLE, current: "authenticated" });
    expect(await copy.runAsSystem(database.db, "test", async (tx) => isSystemTransaction(tx))).toBe(
      true,
    );
  });

  it("app_authenticator is no superuser, cannot bypass RLS and can become only anon and authenticated", async () => {
    const [login] = await queryRows<{
      superuser: boolean;
      bypassrls: boolean;
      inherit: boolean;
      reachable: string[];
      owns: number;
    }>(
      database.db,
      sql`select r.rolsuper as superuser, r.rolbypassrls as bypassrls, r.rolinherit as inherit,
            array(select u.rolname::text from pg_roles u
                  where pg_has_role(r.oid, u.oid, 'MEMBER') order by 1) as reachable,
            (select count(*)::int from pg_class c where pg_has_role(r.oid, c.relowner, 'MEMBER')) as owns
          from pg_roles r where r.rolname = ${USER_LOGIN_ROLE}`,
    );
    expect(login).toEqual({
      superuser: false,
      bypassrls: false,
      inherit: false,
      reachable: ["anon", USER_LOGIN_ROLE, "authenticated"].sort(),
      owns: 0,
    });
  });

  it("after RESET ROLE in a user context no table can be read", async () => {
    expect(tables).toEqual(expect.arrayContaining(["public.organisations", "auth.users"]));
    const outcomes: Record<string, string> = {};
    for (const table of tables) {
      outcomes[table] = await refusal(
        runAsUser(database.db, claims, async (tx) => {
          await tx.execute(sql`reset role`);
          await tx.execute(sql`select 1 from ${sql.raw(table)} limit 1`);
        }),
      );
    }
    expect(outcomes).toEqual(Object.fromEntries(tables.map((table) => [table, "42501"])));
  });

  it("a user context cannot SET ROLE to the owner or to service_role", async () => {
    const [owner] = await runAsSystem(database.db, "test", (tx) =>
      queryRows<{ name: string }>(tx, sql`select current_user::text as name`),
    );
    const attempts: Record<string, SQL> = {
      owner: sql`set role ${sql.identifier(owner!.name)}`,
      service_role: sql`set role service_role`,
      postgres: sql`set role postgres`,
    };
    for (const [name, statement] of Object.entries(attempts)) {
      expect([
        name,
        await refusal(runAsUser(database.db, claims, (tx) => tx.execute(statement))),
      ]).toEqual([name, "42501"]);
    }
  });
});

describe("the user login on postgres", () => {
  it("outside any context, a session of app_authenticator reaches no table", async () => {
    const client = postgres(userLoginUrl(testDatabaseUrl()), { max: 1, onnotice: () => {} });
    try {
      const [who] =
        await client`select session_user::text as session, current_user::text as current`;
      expect(who).toEqual({ session: USER_LOGIN_ROLE, current: USER_LOGIN_ROLE });
      for (const table of ["public.organisations", "public.employments", "auth.users"]) {
        await expect(client.unsafe(`select 1 from ${table} limit 1`)).rejects.toMatchObject({
          code: "42501",
        });
      }
    } finally {
      await client.end({ timeout: 5 });
    }
  });

  it("user contexts refuse to run on a login that can bypass RLS", async () => {
    // DATABASE_USER_URL pointing at the owner (here a superuser) is a configuration mistake.
    const misconfigured = connectDatabase({
      url: testDatabaseUrl(),
      userUrl: testDatabaseUrl(),
      poolMax: 1,
    });
    try {
      await expect(
        runAsUser(misconfigured.db, { sub: randomUUID() }, (tx) => tx.execute(sql`select 1`)),
      ).rejects.toThrow(ContextError);
    } finally {
      await misconfigured.close();
    }
  });

  it("derives the user login's URL from DATABASE_URL by swapping the user", () => {
    expect(userLoginUrl("postgres://owner:secret@db.example:6543/market?sslmode=require")).toBe(
      "postgres://app_authenticator:secret@db.example:6543/market?sslmode=require",
    );
  });
});

describe("the user login on pglite", () => {
  it(
    "documented limit: SET SESSION AUTHORIZATION can still return to the superuser",
    async () => {
      // PGlite has one connection, logged in as its superuser; a superuser session can set
      // its session authorization back. RESET ROLE and SET ROLE cannot (tests above).
      const pglite = drivers.find((d) => d.name === "pglite")!;
      const database = await pglite.open();
      try {
        const [who] = await runAsUser(database.db, { sub: randomUUID() }, async (tx) => {
          await tx.execute(sql`set session authorization postgres`);
          return queryRows<Who>(tx, whoAmI);
        });
        expect(who).toEqual({ session: "postgres", current: "postgres" });
      } finally {
        await database.close();
      }
    },
    OPEN_TIMEOUT,
  );
});
