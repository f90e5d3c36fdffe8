import "server-only";
import { and, eq, inArray, sql } from "drizzle-orm";
import { runCommand } from "@/lib/backoffice/doors";
import type { ActionState } from "@/lib/backoffice/action-state";
import type { UserClaims } from "@/lib/db/context";
import type { Tx } from "@/lib/db/types";
import { env } from "@/lib/env";
import { AppError, isUniqueViolation } from "@/lib/errors/app-error";
import { isLocale } from "@/lib/i18n/config";
import { sendMail, type SendMailInput } from "@/lib/mail/send";
import type { OrganisationAccess } from "@/lib/organisations/access";
import { employments, invitations, roles } from "@/lib/organisations/schema";
import { profiles } from "@/lib/profile/schema";
import { findUserIdByEmail } from "./directory";
import { inviteSchema, invitationIdSchema } from "./people-schema";
import { requireMayHandOut } from "./role-grant";
import { roleLabel } from "./role-label";
import {
  effectiveInvitationStatus,
  INVITATION_DAYS,
  invitationAnswerError,
  invitationExpiry,
  resendAllowed,
} from "./rules";
import { requireSeat } from "./seats";

/**
 * Inviting, resending and revoking, each one back-office command (runCommand: permission
 * `people.invitation.write`, one user transaction, audit entry in it). The email to the
 * invitee is composed in it and sent once it has committed.
 */

export function invitationLink(invitationId: string): string {
  return `${env().SITE_URL.replace(/\/$/, "")}/profile/invitation/${invitationId}`;
}

type InvitationMail = SendMailInput<"organisationInvitation">;

/**
 * The invitation email, composed inside the command's transaction. It is sent after the
 * commit (`deliverAfterCommit`): the dev outbox refuses rows written as `authenticated`, so
 * ctx.mail cannot be used from a user transaction; after the commit a failed send is logged
 * and the invitation can be resent.
 */
async function invitationMail(
  tx: Tx,
  access: OrganisationAccess,
  invitation: { id: string; email: string; roleId: string },
): Promise<InvitationMail> {
  const locale = isLocale(access.organisation.locale) ? access.organisation.locale : "en";
  const [role] = await tx
    .select({ builtinKey: roles.builtinKey, name: roles.name })
    .from(roles)
    .where(eq(roles.id, invitation.roleId));
  const [inviter] = await tx
    .select({ name: profiles.displayName })
    .from(profiles)
    .where(eq(profiles.id, access.userId));
  return {
    to: invitation.email,
    template: "organisationInvitation",
    locale,
    data: {
      organisationName: access.organisation.name,
      inviterName: inviter?.name ?? access.organisation.name,
      roleName: role ? await roleLabel(role, locale) : "",
      link: invitationLink(invitation.id),
      days: INVITATION_DAYS,
    },
  };
}

async function deliverAfterCommit(
  result: ActionState<{ id: string; mail: InvitationMail }>,
): Promise<ActionState<{ id: string }>> {
  if (result.status !== "done") return result;
  try {
    await sendMail(result.data.mail);
  } catch (error) {
    console.error("people: invitation email failed", error);
  }
  return { status: "done", data: { id: result.data.id } };
}

/**
 * Reads the invitation of this organisation and locks it for a resend or a withdrawal. The
 * invitation hands out its role, so the caller must be one who may give that role, as when
 * inviting: "owner" only by owners (ownerOnly), others within the caller's permissions
 * (roleBeyondOwn). Checked before its status, so such a caller learns nothing more of it.
 */
async function lockInvitation(tx: Tx, access: OrganisationAccess, invitationId: string) {
  const [row] = await tx
    .select({ invitation: invitations, roleKey: roles.builtinKey })
    .from(invitations)
    .innerJoin(roles, eq(roles.id, invitations.roleId))
    .where(
      and(eq(invitations.id, invitationId), eq(invitations.organisationId, access.organisation.id)),
    )
    .for("update", { of: invitations });
  if (!row) throw new AppError("notFound");
  await requireMayHandOut(tx, access, { id: row.invitation.roleId, builtinKey: row.roleKey });
  return row.invitation;
}

/**
 * Invites by email with a role of this organisation. Refused: an active or suspended member
 * (alreadyMember), a pending invitation (alreadyInvited), no seat left (seatLimit), the
 * owner role unless the caller is an owner (ownerOnly), a role with a permission the caller
 * does not hold (roleBeyondOwn).
 */
export async function invitePerson(
  claims: UserClaims | null,
  organisationId: unknown,
  rawInput: unknown,
): Promise<ActionState<{ id: string }>> {
  // Who signs in with this email is in auth.users (system context only): looked up before
  // the user transaction, used only once the caller is authorised.
  const parsed = claims ? inviteSchema.safeParse(rawInput) : null;
  const existingUserId = parsed?.success ? await findUserIdByEmail(parsed.data.email) : null;

  const result = await runCommand(claims, organisationId, rawInput, {
    permission: "people.invitation.write",
    schema: inviteSchema,
    run: async (ctx) => {
      const { tx, access, input } = ctx;
      // The seat count reads pending invitations under RLS.
      if (!access.can("people.invitation.read")) throw new AppError("notFound");
      const organisationId = access.organisation.id;
      const [role] = await tx
        .select({ id: roles.id, builtinKey: roles.builtinKey })
        .from(roles)
        .where(and(eq(roles.id, input.roleId), eq(roles.organisationId, organisationId)));
      if (!role) throw new AppError("notFound", "roleId");
      await requireMayHandOut(tx, access, role, "roleId");

      // A member or a pending invitation answers more precisely than the seat count.
      await refuseDuplicates(tx, organisationId, input.email, existingUserId);
      await requireSeat(tx, access);

      let created: { id: string; expiresAt: Date };
      try {
        const [row] = await tx
          .insert(invitations)
          .values({
            organisationId,
            email: input.email,
            roleId: role.id,
            invitedBy: access.userId,
            expiresAt: invitationExpiry(new Date()),
          })
          .returning({ id: invitations.id, expiresAt: invitations.expiresAt });
        if (!row) throw new Error("invitation insert returned nothing");
        created = row;
      } catch (error) {
        if (isUniqueViolation(error, "invitations_pending_email_key")) {
          throw new AppError("alreadyInvited", "email");
        }
        throw error;
      }
      const mail = await invitationMail(tx, access, {
        id: created.id,
        email: input.email,
        roleId: role.id,
      });
      await ctx.audit({
        action: "people.invitation.create",
        resourceType: "invitation",
        resourceId: created.id,
        after: { email: input.email, roleId: role.id, expiresAt: created.expiresAt },
      });
      return { id: created.id, mail };
    },
  });
  return deliverAfterCommit(result);
}

async function refuseDuplicates(
  tx: Tx,
  organisationId: string,
  email: string,
  existingUserId: string | null,
): Promise<void> {
  if (existingUserId) {
    const [member] = await tx
      .select({ id: employments.id })
      .from(employments)
      .where(
        and(
          eq(employments.organisationId, organisationId),
          eq(employments.userId, existingUserId),
          inArray(employments.status, ["active", "suspended"]),
        ),
      );
    if (member) throw new AppError("alreadyMember", "email");
  }
  // A pending invitation past its expiry is expired: mark it so, freeing the address.
  await tx
    .update(invitations)
    .set({ status: "expired" })
    .where(
      and(
        eq(invitations.organisationId, organisationId),
        sql`lower(${invitations.email}) = ${email}`,
        eq(invitations.status, "pending"),
        sql`${invitations.expiresAt} <= now()`,
      ),
    );
  const [pending] = await tx
    .select({ id: invitations.id })
    .from(invitations)
    .where(
      and(
        eq(invitations.organisationId, organisationId),
        sql`lower(${invitations.email}) = ${email}`,
        eq(invitations.status, "pending"),
      ),
    );
  if (pending) throw new AppError("alreadyInvited", "email");
}

/**
 * Sends a pending invitation again with a new 7-day expiry (an expired pending one comes
 * back to life, taking a seat again). At most once a minute and ten times in all. Only by
 * a caller who may give the invitation's role (lockInvitation), expired or not.
 */
export async function resendInvitation(
  claims: UserClaims | null,
  organisationId: unknown,
  rawInput: unknown,
): Promise<ActionState<{ id: string }>> {
  const result = await runCommand(claims, organisationId, rawInput, {
    permission: "people.invitation.write",
    schema: invitationIdSchema,
    run: async (ctx) => {
      const { tx, access, input } = ctx;
      const before = await lockInvitation(tx, access, input.invitationId);
      if (before.status !== "pending") {
        throw new AppError(invitationAnswerError(before.status) ?? "invitationUsed");
      }
      const now = new Date();
      if (!resendAllowed(before, now)) throw new AppError("rateLimited");
      if (effectiveInvitationStatus(before, now) === "expired") {
        if (!access.can("people.invitation.read")) throw new AppError("notFound");
        await requireSeat(tx, access, before.id);
      }
      const [after] = await tx
        .update(invitations)
        .set({
          expiresAt: invitationExpiry(now),
          lastSentAt: now,
          sendCount: sql`${invitations.sendCount} + 1`,
        })
        .where(eq(invitations.id, before.id))
        .returning();
      if (!after) throw new AppError("notFound");
      const mail = await invitationMail(tx, access, after);
      await ctx.audit({
        action: "people.invitation.resend",
        resourceType: "invitation",
        resourceId: before.id,
        before: { expiresAt: before.expiresAt, sendCount: before.sendCount },
        after: { expiresAt: after.expiresAt, sendCount: after.sendCount },
      });
      return { id: before.id, mail };
    },
  });
  return deliverAfterCommit(result);
}

/**
 * Withdraws a pending invitation: its link then says it was withdrawn. Only by a caller who
 * may give the invitation's role (lockInvitation).
 */
export async function revokeInvitation(
  claims: UserClaims | null,
  organisationId: unknown,
  rawInput: unknown,
): Promise<ActionState<{ id: string }>> {
  return runCommand(claims, organisationId, rawInput, {
    permission: "people.invitation.write",
    schema: invitationIdSchema,
    run: async ({ tx, access, input, audit }) => {
      const before = await lockInvitation(tx, access, input.invitationId);
      if (before.status !== "pending") {
        throw new AppError(invitationAnswerError(before.status) ?? "invitationUsed");
      }
      await tx
        .update(invitations)
        .set({ status: "revoked", respondedAt: new Date(), respondedBy: access.userId })
        .where(eq(invitations.id, before.id));
      await audit({
        action: "people.invitation.revoke",
        resourceType: "invitation",
        resourceId: before.id,
        before: { status: before.status },
        after: { status: "revoked" },
      });
      return { id: before.id };
    },
  });
}
