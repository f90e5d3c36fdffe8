import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { users } from "@/lib/auth/schema";
import type { UserClaims } from "@/lib/db/context";
import { runAsSystem } from "@/lib/db/run-context";
import type { Db } from "@/lib/db/types";
import { employments, organisations, rolePermissions, roles } from "@/lib/organisations/schema";
import { profiles } from "@/lib/profile/schema";
import { permissionNames, type Permission } from "@/lib/permissions/catalogue";
import { builtinRoleKeys, type BuiltinRoleKey } from "@/lib/permissions/define";

/**
 * Two organisations with one member per built-in role each, a custom role in A, a
 * suspended member and an outsider: the world the cross-tenant and permission suites run in.
 * Users are real auth users with profiles (display names), so list screens can join them.
 */
export interface TestMember {
  userId: string;
  email: string;
  claims: UserClaims;
  employmentId: string;
  roleId: string;
}

export interface TestOrganisation {
  id: string;
  name: string;
  slug: string;
  roleIds: Record<BuiltinRoleKey, string>;
  members: Record<BuiltinRoleKey, TestMember>;
}

export interface OrganisationWorld {
  a: TestOrganisation;
  b: TestOrganisation;
  /** A member of A whose custom role holds exactly `customPermissions`. */
  custom: TestMember & { permissions: Permission[] };
  suspended: TestMember;
  outsider: { userId: string; email: string; claims: UserClaims };
}

export function claimsFor(userId: string, email: string): UserClaims {
  return { sub: userId, email, role: "authenticated", aal: "aal1", is_anonymous: false };
}

export async function createTestUser(
  db: Db,
  label: string,
): Promise<{ userId: string; email: string; claims: UserClaims }> {
  const userId = randomUUID();
  const email = `${label}-${userId.slice(0, 8)}@example.test`;
  await runAsSystem(db, "test: user", async (tx) => {
    await tx.insert(users).values({
      id: userId,
      aud: "authenticated",
      role: "authenticated",
      email,
      emailConfirmedAt: new Date(),
      createdAt: new Date(),
      updatedAt: new Date(),
      rawAppMetaData: { provider: "email", providers: ["email"] },
      rawUserMetaData: {},
    });
    await tx.insert(profiles).values({ id: userId, displayName: `Test ${label}` });
  });
  return { userId, email, claims: claimsFor(userId, email) };
}

async function createOrganisation(db: Db, label: string): Promise<TestOrganisation> {
  const id = randomUUID();
  const slug = `${label}-${id.slice(0, 8)}`;
  const roleIds = Object.fromEntries(builtinRoleKeys.map((k) => [k, randomUUID()])) as Record<
    BuiltinRoleKey,
    string
  >;
  await runAsSystem(db, "test: organisation", async (tx) => {
    await tx.insert(organisations).values({ id, name: `Org ${label}`, slug });
    await tx.insert(roles).values(
      builtinRoleKeys.map((key) => ({
        id: roleIds[key],
        organisationId: id,
        builtinKey: key,
        name: key,
      })),
    );
  });
  const members = {} as Record<BuiltinRoleKey, TestMember>;
  for (const key of builtinRoleKeys) {
    members[key] = await addMember(db, id, roleIds[key], `${label}-${key}`);
  }
  return { id, name: `Org ${label}`, slug, roleIds, members };
}

export async function addMember(
  db: Db,
  organisationId: string,
  roleId: string,
  label: string,
  status: "active" | "suspended" | "ended" = "active",
): Promise<TestMember> {
  const user = await createTestUser(db, label);
  const employmentId = randomUUID();
  await runAsSystem(db, "test: employment", (tx) =>
    tx
      .insert(employments)
      .values({ id: employmentId, organisationId, userId: user.userId, roleId, status }),
  );
  return { ...user, employmentId, roleId };
}

/** A custom role in the organisation holding exactly these permissions. */
export async function createCustomRole(
  db: Db,
  organisationId: string,
  name: string,
  permissions: readonly Permission[],
): Promise<string> {
  const roleId = randomUUID();
  await runAsSystem(db, "test: custom role", async (tx) => {
    await tx.insert(roles).values({ id: roleId, organisationId, name });
    if (permissions.length) {
      await tx
        .insert(rolePermissions)
        .values(permissions.map((permission) => ({ roleId, organisationId, permission })));
    }
  });
  return roleId;
}

/** The custom role now holds exactly these permissions (the probe roles of the door tests). */
export async function setRolePermissions(
  db: Db,
  organisationId: string,
  roleId: string,
  permissions: readonly Permission[],
): Promise<void> {
  await runAsSystem(db, "test: role grants", async (tx) => {
    await tx.delete(rolePermissions).where(eq(rolePermissions.roleId, roleId));
    if (permissions.length) {
      await tx
        .insert(rolePermissions)
        .values(permissions.map((permission) => ({ roleId, organisationId, permission })));
    }
  });
}

/** Every permission of the catalogue but this one. */
export const allPermissionsBut = (permission: Permission): Permission[] =>
  permissionNames.filter((p) => p !== permission);

export async function createOrganisationWorld(
  db: Db,
  customPermissions: Permission[] = ["people.employment.read"],
): Promise<OrganisationWorld> {
  const a = await createOrganisation(db, "a");
  const b = await createOrganisation(db, "b");
  const customRoleId = await createCustomRole(db, a.id, `Custom ${a.slug}`, customPermissions);
  const custom = await addMember(db, a.id, customRoleId, "a-custom");
  const suspended = await addMember(db, a.id, a.roleIds.admin, "a-suspended", "suspended");
  const outsider = await createTestUser(db, "outsider");
  return { a, b, custom: { ...custom, permissions: customPermissions }, suspended, outsider };
}
