import "server-only";
import { sql } from "drizzle-orm";
import { withUserContext, type UserClaims } from "@/lib/db/context";
import { queryRows } from "@/lib/db/rows";
import type { BuiltinRoleKey } from "@/lib/permissions/define";

export interface MyOrganisation {
  id: string;
  name: string;
  slug: string;
  roleKey: BuiltinRoleKey | null;
  roleName: string;
}

/**
 * The select item that lists the caller's organisations (`app.my_organisations()`, migration
 * 0041): active employments in active organisations, with the role, by name. The back-office
 * frame reads it in the same statement as the caller's access.
 */
export const myOrganisationsItem = sql`app.my_organisations()`;

/** The organisations the caller is an active member of, with their role, by name. */
export async function listMyOrganisations(claims: UserClaims): Promise<MyOrganisation[]> {
  const [row] = await withUserContext(claims, (tx) =>
    queryRows<{ organisations: MyOrganisation[] }>(
      tx,
      sql`select ${myOrganisationsItem} as organisations`,
    ),
  );
  return row?.organisations ?? [];
}
