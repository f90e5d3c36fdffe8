import { sql } from "drizzle-orm";
import { type AnyPgColumn, pgPolicy } from "drizzle-orm/pg-core";
import { authenticatedRole } from "drizzle-orm/supabase";

/**
 * The four RLS policies of a table that belongs to an organisation, for the `authenticated`
 * role: reading by any member (`"member"`, app.is_member) or by a permission, and each write
 * by a permission (app.has_permission, drizzle/0009_permission_helpers.sql). Policy names are
 * `<table>_select_member|permitted`, `<table>_insert_permitted`, `<table>_update_permitted`
 * and `<table>_delete_permitted`.
 */
export function organisationPolicies(
  table: string,
  organisationId: AnyPgColumn,
  rules: { read: "member" | string; insert: string; update: string; delete: string },
) {
  const permitted = (permission: string) =>
    sql`app.has_permission(${organisationId}, ${sql.raw(`'${permission}'`)})`;
  return [
    rules.read === "member"
      ? pgPolicy(`${table}_select_member`, {
          for: "select",
          to: authenticatedRole,
          using: sql`app.is_member(${organisationId})`,
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
