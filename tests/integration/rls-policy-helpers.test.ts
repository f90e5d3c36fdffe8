import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "@/lib/db/connect";
import { queryRows } from "@/lib/db/rows";
import { runAsAnon, runAsSystem, runAsUser, type UserClaims } from "@/lib/db/run-context";
import { permissionNames as permissions } from "@/lib/permissions/catalogue";
import { drivers, OPEN_TIMEOUT } from "./support/databases";
import {
  addMember,
  createOrganisationWorld,
  type OrganisationWorld,
} from "./support/organisations";

/**
 * The policies' organisation checks run once per statement (drizzle/0038,
 * docs/data-layer.md "Policies once per statement"): app.member_organisation_ids() and
 * app.permitted_organisation_ids(perm) must answer exactly what app.is_member(org) and
 * app.has_permission(org, perm) answer, for every kind of caller, and no tenant policy may
 * go back to calling a per-row function with the row's organisation.
 */
describe.each(drivers)("RLS organisation checks on $name", (driver) => {
  let database: Database;
  let world: OrganisationWorld;
  let endedA: UserClaims;

  beforeAll(async () => {
    database = await driver.open();
    world = await createOrganisationWorld(database.db, [
      "people.employment.read",
      "settings.audit.read",
    ]);
    endedA = (await addMember(database.db, world.a.id, world.a.roleIds.admin, "a-ended", "ended"))
      .claims;
  }, OPEN_TIMEOUT);

  afterAll(async () => {
    await database?.close();
  });

  it("member_organisation_ids and permitted_organisation_ids agree with is_member and has_permission", async () => {
    const callers: [string, UserClaims][] = [
      ["owner of A", world.a.members.owner.claims],
      ["viewer of A", world.a.members.viewer.claims],
      ["staff of B", world.b.members.staff.claims],
      ["custom role of A", world.custom.claims],
      ["suspended in A", world.suspended.claims],
      ["ended in A", endedA],
      ["outsider", world.outsider.claims],
    ];
    const organisationIds = [world.a.id, world.b.id];
    let compared = 0;
    for (const [label, claims] of callers) {
      const answers = await runAsUser(database.db, claims, async (tx) => {
        const [members] = await queryRows<{ ids: string[] }>(
          tx,
          sql`select app.member_organisation_ids()::text[] as ids`,
        );
        const perOrg: { org: string; member: boolean }[] = [];
        for (const org of organisationIds) {
          const [row] = await queryRows<{ member: boolean }>(
            tx,
            sql`select app.is_member(${org}::uuid) as member`,
          );
          perOrg.push({ org, member: row!.member });
        }
        const pairs = await queryRows<{ org: string; perm: string }>(
          tx,
          sql`select organisation_id::text as org, permission as perm from app.granted_permissions()`,
        );
        const granted = new Set(pairs.map((p) => `${p.org} ${p.perm}`));
        const grants: { perm: string; org: string; one: boolean; inSet: boolean; pair: boolean }[] =
          [];
        for (const perm of permissions) {
          const [set] = await queryRows<{ ids: string[] }>(
            tx,
            sql`select app.permitted_organisation_ids(${perm})::text[] as ids`,
          );
          for (const org of organisationIds) {
            const [row] = await queryRows<{ one: boolean }>(
              tx,
              sql`select app.has_permission(${org}::uuid, ${perm}) as one`,
            );
            grants.push({
              perm,
              org,
              one: row!.one,
              inSet: set!.ids.includes(org),
              pair: granted.has(`${org} ${perm}`),
            });
          }
        }
        return { members: members!.ids, perOrg, grants };
      });
      for (const { org, member } of answers.perOrg) {
        expect(answers.members.includes(org), `${label}: member of ${org}`).toBe(member);
      }
      for (const g of answers.grants) {
        expect(g.inSet, `${label}: ${g.perm} in ${g.org}`).toBe(g.one);
        expect(g.pair, `${label}: granted ${g.perm} in ${g.org}`).toBe(g.one);
        compared++;
      }
    }
    expect(compared).toBe(callers.length * permissions.length * organisationIds.length);
    // The fixtures really cover both answers: the custom role holds what it was given only.
    const custom = await runAsUser(database.db, world.custom.claims, (tx) =>
      queryRows<{ audit: string[]; write: string[] }>(
        tx,
        sql`select app.permitted_organisation_ids('settings.audit.read')::text[] as audit,
                   app.permitted_organisation_ids('people.employment.write')::text[] as write`,
      ),
    );
    expect(custom[0]).toEqual({ audit: [world.a.id], write: [] });
  });

  it("answers nothing to anon, whatever the claims say elsewhere", async () => {
    const [row] = await runAsAnon(database.db, (tx) =>
      queryRows<{ members: string[]; permitted: string[] }>(
        tx,
        sql`select app.member_organisation_ids()::text[] as members,
                   app.permitted_organisation_ids('settings.audit.read')::text[] as permitted`,
      ),
    );
    expect(row).toEqual({ members: [], permitted: [] });
  });

  it("no tenant policy calls app.is_member or app.has_permission once per row", async () => {
    const policies = await runAsSystem(database.db, "test: policies", (tx) =>
      queryRows<{ table: string; policy: string; expression: string }>(
        tx,
        sql`select tablename as table, policyname as policy,
                   coalesce(qual, '') || ' ' || coalesce(with_check, '') as expression
            from pg_policies where schemaname = 'public'`,
      ),
    );
    expect(policies.length).toBeGreaterThan(100);
    // A call whose organisation argument is one of the row's columns (`organisation_id`, or
    // `id` on organisations): what the once-per-statement forms replace.
    const perRow = /app\.(is_member|has_permission)\((\(?"?\w+"?\.)?"?(organisation_id|id)"?\b/;
    const offenders = policies
      .filter((p) => perRow.test(p.expression))
      .map((p) => `${p.table}.${p.policy}`);
    expect(offenders).toEqual([]);
    const usesOnce = policies.filter((p) =>
      /app\.((member|permitted)_organisation_ids|granted_permissions)\(/.test(p.expression),
    );
    expect(usesOnce.length).toBeGreaterThan(110);
  });

  it("the owner-run helpers the policies call are PL/pgSQL, planned once per connection", async () => {
    // A SECURITY DEFINER SQL function with its own search_path is never inlined, and its query
    // is planned again in every statement that calls it (drizzle/0042); PL/pgSQL keeps its
    // plans, with plan_cache_mode set back to auto against the user pool's forced custom plans.
    const rows = await runAsSystem(database.db, "test: policy helpers", (tx) =>
      queryRows<{ name: string; language: string; config: string[] | null }>(
        tx,
        sql`select p.proname as name, l.lanname as language, p.proconfig as config
            from pg_proc p
            join pg_namespace n on n.oid = p.pronamespace
            join pg_language l on l.oid = p.prolang
            where n.nspname = 'app' and p.prosecdef
              and (exists (select 1 from pg_policies pol
                           where coalesce(pol.qual, '') || ' ' || coalesce(pol.with_check, '')
                                 like '%app.' || p.proname || '(%')
                   or p.proname = 'member_directory')
            order by 1`,
      ),
    );
    const names = rows.map((r) => r.name);
    for (const helper of [
      "granted_permissions",
      "is_platform_moderator",
      "member_directory",
      "member_organisation_ids",
      "permitted_organisation_ids",
    ]) {
      expect(names, helper).toContain(helper);
      const row = rows.find((r) => r.name === helper)!;
      expect(row.config ?? [], helper).toContain("plan_cache_mode=auto");
    }
    expect(rows.filter((r) => r.language !== "plpgsql").map((r) => r.name)).toEqual([]);
  });

  it("a member's count over their organisation's rows reads the caller's organisations once", async () => {
    const plan = await runAsUser(database.db, world.a.members.viewer.claims, (tx) =>
      queryRows<{ "QUERY PLAN": string }>(
        tx,
        sql`explain (costs off, verbose) select count(*) from employments where organisation_id = ${world.a.id}::uuid`,
      ),
    );
    const text = plan.map((r) => r["QUERY PLAN"]).join("\n");
    expect(text).toMatch(/InitPlan/);
    expect(text).toMatch(/member_organisation_ids/);
    expect(text).not.toMatch(/is_member\(/);
  });

  it("a manager's count over listings reads the caller's grants once, into a hash", async () => {
    const plan = await runAsUser(database.db, world.a.members.owner.claims, (tx) =>
      queryRows<{ "QUERY PLAN": string }>(
        tx,
        sql`explain (costs off, verbose) select count(*) from listings where organisation_id = ${world.a.id}::uuid`,
      ),
    );
    const text = plan.map((r) => r["QUERY PLAN"]).join("\n");
    expect(text).toMatch(/hashed SubPlan/);
    expect(text).toMatch(/granted_permissions/);
    expect(text).not.toMatch(/has_permission\(/);
  });
});
