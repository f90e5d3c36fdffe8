import "server-only";
import { and, asc, eq, sql } from "drizzle-orm";
import type { $ZodType, output } from "zod/v4/core";
import { runCommand, type CommandContext } from "@/lib/backoffice/doors";
import type { ActionState } from "@/lib/backoffice/action-state";
import type { UserClaims } from "@/lib/db/context";
import type { Tx } from "@/lib/db/types";
import { AppError } from "@/lib/errors/app-error";
import { requireRoleWithinOwn } from "./role-grant";
import { employments, roles, type EmploymentStatus } from "@/lib/organisations/schema";
import type { BuiltinRoleKey } from "@/lib/permissions/define";
import { changeRoleSchema, employmentStatusSchema } from "./people-schema";
import { employmentChangeError, removesLastOwner, type EmploymentChange } from "./rules";

/**
 * Changing a member's role, suspending, reactivating and ending an employment. Each is a
 * back-office command (`people.employment.write`) that, in its one transaction:
 * 1. locks the organisation's active owner employments (`for update`, in id order), so two
 *    concurrent changes to owners are counted one after the other;
 * 2. locks the target and checks the version the screen read (stale);
 * 3. applies the rules (selfChange, ownerOnly, lastOwner, roleBeyondOwn) on the locked rows;
 * 4. writes the audit entry, then the change (an owner who leaves is no member afterwards).
 */

interface LockedEmployment {
  id: string;
  userId: string;
  roleId: string;
  roleKey: BuiltinRoleKey | null;
  status: EmploymentStatus;
  version: number;
}

async function lockActiveOwners(tx: Tx, organisationId: string): Promise<string[]> {
  const [ownerRole] = await tx
    .select({ id: roles.id })
    .from(roles)
    .where(and(eq(roles.organisationId, organisationId), eq(roles.builtinKey, "owner")));
  if (!ownerRole) return [];
  const rows = await tx
    .select({ id: employments.id })
    .from(employments)
    .where(
      and(
        eq(employments.organisationId, organisationId),
        eq(employments.roleId, ownerRole.id),
        eq(employments.status, "active"),
      ),
    )
    .orderBy(asc(employments.id))
    .for("update");
  return rows.map((r) => r.id);
}

async function lockTarget(
  tx: Tx,
  organisationId: string,
  employmentId: string,
): Promise<LockedEmployment> {
  const [row] = await tx
    .select({
      id: employments.id,
      userId: employments.userId,
      roleId: employments.roleId,
      status: employments.status,
      version: employments.version,
    })
    .from(employments)
    .where(and(eq(employments.id, employmentId), eq(employments.organisationId, organisationId)))
    .for("update");
  if (!row) throw new AppError("notFound");
  const [role] = await tx
    .select({ builtinKey: roles.builtinKey })
    .from(roles)
    .where(eq(roles.id, row.roleId));
  return { ...row, roleKey: role?.builtinKey ?? null };
}

type Patch = Partial<Pick<typeof employments.$inferInsert, "roleId" | "status" | "endedAt">>;

interface Plan {
  change: EmploymentChange;
  patch: Patch;
  action: string;
}

function employmentCommand<S extends $ZodType<{ employmentId: string; version: number }>>(
  schema: S,
  plan: (ctx: CommandContext<output<S>>, target: LockedEmployment) => Promise<Plan>,
) {
  return (
    claims: UserClaims | null,
    organisationId: unknown,
    rawInput: unknown,
  ): Promise<ActionState<{ id: string; version: number }>> =>
    runCommand(claims, organisationId, rawInput, {
      permission: "people.employment.write",
      schema,
      run: async (ctx) => {
        const { tx, access, input } = ctx;
        const organisationId = access.organisation.id;
        const owners = await lockActiveOwners(tx, organisationId);
        const target = await lockTarget(tx, organisationId, input.employmentId);
        if (target.version !== input.version) throw new AppError("stale");
        const { change, patch, action } = await plan(ctx, target);

        const refusal = employmentChangeError(
          {
            actor: { employmentId: access.employment.id, roleKey: access.employment.roleKey },
            target: { employmentId: target.id, roleKey: target.roleKey, status: target.status },
          },
          change,
        );
        if (refusal) throw new AppError(refusal, change.kind === "role" ? "roleId" : undefined);
        const touchesOwner =
          target.roleKey === "owner" || (change.kind === "role" && change.newRoleKey === "owner");
        // The caller's own ownership may have ended while we waited for the lock.
        if (touchesOwner && !owners.includes(access.employment.id)) {
          throw new AppError("ownerOnly");
        }
        if (removesLastOwner(owners.length, target, change)) {
          throw new AppError("lastOwner", change.kind === "role" ? "roleId" : undefined);
        }
        // Neither the member's role nor the one given may hold more than the caller does.
        await requireRoleWithinOwn(tx, access, target.roleId);
        if (patch.roleId) await requireRoleWithinOwn(tx, access, patch.roleId, "roleId");

        const before = { roleId: target.roleId, status: target.status, version: target.version };
        const after = { ...before, ...patch, version: target.version + 1 };
        await ctx.audit({
          action,
          resourceType: "employment",
          resourceId: target.id,
          before,
          after,
        });
        const [updated] = await tx
          .update(employments)
          .set({ ...patch, version: sql`${employments.version} + 1` })
          .where(and(eq(employments.id, target.id), eq(employments.version, input.version)))
          .returning({ id: employments.id, version: employments.version });
        if (!updated) throw new AppError("stale");
        return updated;
      },
    });
}

/** Gives the member another role of this organisation (built-in or custom). */
export const changeEmploymentRole = employmentCommand(changeRoleSchema, async (ctx) => {
  const [role] = await ctx.tx
    .select({ id: roles.id, builtinKey: roles.builtinKey })
    .from(roles)
    .where(
      and(eq(roles.id, ctx.input.roleId), eq(roles.organisationId, ctx.access.organisation.id)),
    );
  if (!role) throw new AppError("notFound", "roleId");
  return {
    change: { kind: "role", newRoleKey: role.builtinKey },
    patch: { roleId: role.id },
    action: "people.employment.changeRole",
  };
});

export const suspendEmployment = employmentCommand(employmentStatusSchema, async () => ({
  change: { kind: "suspend" },
  patch: { status: "suspended" },
  action: "people.employment.suspend",
}));

export const reactivateEmployment = employmentCommand(employmentStatusSchema, async () => ({
  change: { kind: "reactivate" },
  patch: { status: "active" },
  action: "people.employment.reactivate",
}));

export const endEmployment = employmentCommand(employmentStatusSchema, async () => ({
  change: { kind: "end" },
  patch: { status: "ended", endedAt: new Date() },
  action: "people.employment.end",
}));
