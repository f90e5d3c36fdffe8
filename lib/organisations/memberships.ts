import "server-only";
import { and, asc, eq, sql } from "drizzle-orm";
import { withUserContext, type UserClaims } from "@/lib/db/context";
import { statement } from "@/lib/db/statement";
import type { Tx } from "@/lib/db/types";
import type { BuiltinRoleKey } from "@/lib/permissions/define";
import { employments, organisations, roles } from "./schema";

export interface MyOrganisation {
  id: string;
  name: string;
  slug: string;
  roleKey: BuiltinRoleKey | null;
  roleName: string;
}

/** The organisations the caller is an active member of, with their role, by name. */
export async function listMyOrganisations(claims: UserClaims): Promise<MyOrganisation[]> {
  return withUserContext(claims, (tx) => listMyOrganisationsInTx(tx, claims));
}

/** The same inside an open user transaction (every back-office frame reads it: built once). */
export function listMyOrganisationsInTx(tx: Tx, claims: UserClaims): Promise<MyOrganisation[]> {
  return myOrganisations(tx, { userId: claims.sub });
}

const myOrganisations = statement<{ userId: string }, MyOrganisation[]>(
  "organisations: mine",
  (db) =>
    db
      .select({
        id: organisations.id,
        name: organisations.name,
        slug: organisations.slug,
        roleKey: roles.builtinKey,
        roleName: roles.name,
      })
      .from(employments)
      .innerJoin(organisations, eq(organisations.id, employments.organisationId))
      .innerJoin(roles, eq(roles.id, employments.roleId))
      .where(
        and(
          eq(employments.userId, sql.placeholder("userId")),
          eq(employments.status, "active"),
          eq(organisations.status, "active"),
        ),
      )
      .orderBy(asc(organisations.name), asc(organisations.id)),
);
