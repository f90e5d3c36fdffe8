import { readFileSync } from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { connectDatabase } from "@/lib/db/connect";
import { migrateDatabase, migrationsFolder } from "@/lib/db/migrate";
import { queryRows } from "@/lib/db/rows";
import { seedDatabase } from "@/lib/db/seed";
import { demoOwner } from "@/lib/auth/seed";
import { runAsUser } from "@/lib/db/run-context";
import { demoOrganisation } from "@/lib/organisations/seed";
import { OPEN_TIMEOUT, tempDataDir, testDatabaseUrl } from "./support/databases";

const journal = JSON.parse(
  readFileSync(path.join(migrationsFolder(), "meta", "_journal.json"), "utf8"),
) as { entries: unknown[] };

describe("migrations", () => {
  it("run again on PostgreSQL, twice at once, without error or change", async () => {
    const url = testDatabaseUrl();
    // Already migrated by the global setup; this brings in any migration added since.
    expect((await migrateDatabase({ url })).fresh).toBe(false);
    const results = await Promise.all([migrateDatabase({ url }), migrateDatabase({ url })]);
    expect(results).toEqual([
      { fresh: false, applied: 0 },
      { fresh: false, applied: 0 },
    ]);
  });

  it(
    "build a fresh PGlite database, then run again without change",
    async () => {
      const { db, close } = connectDatabase({ dataDir: tempDataDir() });
      try {
        const first = await migrateDatabase({ pglite: db });
        const second = await migrateDatabase({ pglite: db });
        expect(first).toEqual({ fresh: true, applied: journal.entries.length });
        expect(second).toEqual({ fresh: false, applied: 0 });
        const roles = await queryRows<{ rolname: string }>(
          db,
          sql`select rolname from pg_roles where rolname in ('anon', 'authenticated', 'service_role') order by 1`,
        );
        expect(roles.map((r) => r.rolname)).toEqual(["anon", "authenticated", "service_role"]);
      } finally {
        await close();
      }
    },
    OPEN_TIMEOUT,
  );

  it(
    "seed is deterministic and idempotent",
    async () => {
      const { db, close } = connectDatabase({ dataDir: tempDataDir() });
      try {
        await migrateDatabase({ pglite: db });
        await seedDatabase(db);
        const snapshot = sql`select (select json_agg(o order by id) from organisations o)::text as orgs,
        (select json_agg(json_build_array(key, value, is_public) order by key) from key_values)::text as kv`;
        const [first] = await queryRows<{ orgs: string; kv: string }>(db, snapshot);
        await seedDatabase(db);
        const [second] = await queryRows<{ orgs: string; kv: string }>(db, snapshot);
        expect(second).toEqual(first);
        expect(first?.orgs).toContain(demoOrganisation.id);
        expect(first?.kv).toContain("support_email");
        // The demo owner can sign in (a password is set) and owns the demo organisation.
        const [owner] = await queryRows<{ has_password: boolean }>(
          db,
          sql`select (select encrypted_password like '$2%' from auth.users where id = ${demoOwner.id}) as has_password`,
        );
        expect(owner?.has_password).toBe(true);
        const [permitted] = await runAsUser(db, { sub: demoOwner.id }, (tx) =>
          queryRows<{ allowed: boolean }>(
            tx,
            sql`select app.has_permission(${demoOrganisation.id}::uuid, 'settings.organisation.write') as allowed`,
          ),
        );
        expect(permitted?.allowed).toBe(true);
      } finally {
        await close();
      }
    },
    OPEN_TIMEOUT,
  );
});
