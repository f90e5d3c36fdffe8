import { sql } from "drizzle-orm";
import type { Queryable } from "@/lib/db/types";
import { builtinGrants } from "./catalogue";

/**
 * Makes `builtin_role_grants` equal to the code's catalogue: what app.has_permission() reads
 * for the built-in roles. Runs after every migration run (lib/db/migrate.ts), so a module
 * that declares a permission gives it to the built-in roles on the next migrate or start.
 * One statement each way, idempotent; concurrent runs are serialised by the migration lock.
 */
export async function syncBuiltinGrants(db: Queryable): Promise<void> {
  const grants = builtinGrants();
  const roles = grants.map((g) => g.roleKey);
  const permissions = grants.map((g) => g.permission);
  await db.execute(sql`
    with wanted as (
      select * from unnest(${sql.param(roles)}::text[], ${sql.param(permissions)}::text[])
        as w(role_key, permission)
    ),
    removed as (
      delete from public.builtin_role_grants g
      where not exists (
        select 1 from wanted w where w.role_key = g.role_key and w.permission = g.permission
      )
    )
    insert into public.builtin_role_grants (role_key, permission)
    select role_key, permission from wanted
    on conflict do nothing
  `);
}
