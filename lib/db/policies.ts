import { sql } from "drizzle-orm";
import { type AnyPgColumn, pgPolicy } from "drizzle-orm/pg-core";
import { authenticatedRole } from "drizzle-orm/supabase";

/**
 * The organisation checks of RLS policies, in the form PostgreSQL evaluates once per statement
 * (an InitPlan) instead of once per row: the caller's organisations (those where they are an
 * active member, or whose role there holds a permission) are read once, as an array, and each
 * row's organisation is looked up in it. Same answers as app.is_member(org) and
 * app.has_permission(org, perm) (drizzle/0038_policies_once_per_statement.sql); a list or a
 * count over 1,000 rows went from about 7 ms to 0.2 ms of database time (docs/bench.md).
 */
export function isMemberOf(organisationId: unknown) {
  return sql`${organisationId} = any ((select app.member_organisation_ids())::uuid[])`;
}

/** See isMemberOf: the organisations where the caller's role holds `permission`. */
export function hasPermissionIn(organisationId: unknown, permission: string) {
  if (!/^[a-z]+(\.[a-z]+)+$/.test(permission)) throw new Error(`not a permission: ${permission}`);
  return sql`${organisationId} = any ((select app.permitted_organisation_ids(${sql.raw(`'${permission}'`)}))::uuid[])`;
}

/**
 * See isMemberOf, for a permission that depends on the row (a listing's kind): the pair
 * (organisation, permission) is looked up in the caller's grants, read once per statement
 * into a hash table (a hashed SubPlan), instead of has_permission per row.
 */
export function hasGrantIn(organisationId: unknown, permission: unknown) {
  return sql`(${organisationId}, ${permission}) in (select g.organisation_id, g.permission from app.granted_permissions() g)`;
}

/**
 * The four RLS policies of a table that belongs to an organisation, for the `authenticated`
 * role: reading by any member (`"member"`, isMemberOf) or by a permission, and each write
 * by a permission (hasPermissionIn). Policy names are
 * `<table>_select_member|permitted`, `<table>_insert_permitted`, `<table>_update_permitted`
 * and `<table>_delete_permitted`.
 */
export function organisationPolicies(
  table: string,
  organisationId: AnyPgColumn,
  rules: { read: "member" | string; insert: string; update: string; delete: string },
) {
  const permitted = (permission: string) => hasPermissionIn(organisationId, permission);
  return [
    rules.read === "member"
      ? pgPolicy(`${table}_select_member`, {
          for: "select",
          to: authenticatedRole,
          using: isMemberOf(organisationId),
        })
      : pgPolicy(`${table}_select_permitted`, {
          for: "select",
          to: authenticatedRole,
          using: permitted(rules.read),
        }),
    pgPolicy(`${table}_insert_permitted`, {
      for: "insert",
      to: authenticatedRole,
      withCheck: permitted(rules.insert),
    }),
    pgPolicy(`${table}_update_permitted`, {
      for: "update",
      to: authenticatedRole,
      using: permitted(rules.update),
      withCheck: permitted(rules.update),
    }),
    pgPolicy(`${table}_delete_permitted`, {
      for: "delete",
      to: authenticatedRole,
      using: permitted(rules.delete),
    }),
  ];
}
