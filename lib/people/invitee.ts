import "server-only";
import { and, desc, eq, sql } from "drizzle-orm";
import type { ActionState } from "@/lib/backoffice/action-state";
import { failureState } from "@/lib/backoffice/doors";
import { recordAudit } from "@/lib/audit/record";
import { withUserContext, type UserClaims } from "@/lib/db/context";
import type { Tx } from "@/lib/db/types";
import { AppError } from "@/lib/errors/app-error";
import { isUuid } from "@/lib/organisations/access";
import { employments, invitations, type InvitationStatus } from "@/lib/organisations/schema";
import type { BuiltinRoleKey } from "@/lib/permissions/define";
import { parseWithValidation } from "@/lib/validation/parse";
import { isEmailConfirmed, readInvitationLabels, readSeatsForAcceptance } from "./directory";
import { invitationIdSchema } from "./people-schema";
import { effectiveInvitationStatus, invitationAnswerError, seatAvailable } from "./rules";

/**
 * The invitee's side: their invitations, found by the verified email of their token, and
 * the answer. Accepting runs as the invitee (RLS: employments_insert_permitted_or_invited,
 * invitations_update_permitted_or_invitee; the trigger invitations_answer_guard lets the
 * invitee change only status, responded_by and responded_at, the last set by the database
 * to now()); the organisation's labels, which an invitee may
 * no longer read once the invitation is answered, come from the directory.
 *
 * Someone else's invitation: the pages answer 404, whether it exists or not. An action on
 * an invitation the caller cannot read answers notFound; one the caller can read under RLS
 * (an administrator of that organisation) but that is addressed to another email answers
 * invitationNotYours, which tells them nothing they could not already see.
 *
 * Answers come only from a confirmed address: the caller's sign-in email must be confirmed
 * (`email_confirmed_at`), else `emailNotConfirmed` before anything is read. A token's email
 * proves nothing by itself while its owner has not followed the confirmation link.
 */
export interface MyInvitation {
  id: string;
  organisationId: string;
  organisationName: string;
  organisationTimeZone: string;
  roleKey: BuiltinRoleKey | null;
  roleName: string;
  inviterName: string;
  status: InvitationStatus;
  sentAt: Date;
  expiresAt: Date;
  respondedAt: Date | null;
}

function claimEmail(claims: UserClaims): string | null {
  return typeof claims.email === "string" && claims.email ? claims.email.toLowerCase() : null;
}

const MY_INVITATIONS_LIMIT = 100;

async function readMine(claims: UserClaims, invitationId?: string): Promise<MyInvitation[]> {
  const email = claimEmail(claims);
  if (!email) return [];
  const rows = await withUserContext(claims, (tx) =>
    tx
      .select({
        id: invitations.id,
        organisationId: invitations.organisationId,
        status: invitations.status,
        sentAt: invitations.lastSentAt,
        expiresAt: invitations.expiresAt,
        respondedAt: invitations.respondedAt,
      })
      .from(invitations)
      .where(
        and(
          sql`lower(${invitations.email}) = ${email}`,
          invitationId ? eq(invitations.id, invitationId) : undefined,
        ),
      )
      .orderBy(
        desc(sql`(${invitations.status} = 'pending' and ${invitations.expiresAt} > now())`),
        desc(invitations.createdAt),
      )
      .limit(MY_INVITATIONS_LIMIT),
  );
  const labels = await readInvitationLabels(
    rows.map((r) => r.id),
    email,
  );
  const now = new Date();
  return rows.flatMap((row) => {
    const label = labels.get(row.id);
    if (!label) return [];
    return [{ ...row, ...label, status: effectiveInvitationStatus(row, now) }];
  });
}

/** The caller's invitations: open ones first, then answered and expired ones, newest first. */
export function listMyInvitations(claims: UserClaims): Promise<MyInvitation[]> {
  return readMine(claims);
}

/** One of the caller's invitations, or null (not theirs, or no such invitation). */
export async function getMyInvitation(
  claims: UserClaims,
  invitationId: string,
): Promise<MyInvitation | null> {
  if (!isUuid(invitationId)) return null;
  const [row] = await readMine(claims, invitationId);
  return row ?? null;
}

/** Whether the caller's email (that of their token) is confirmed: answers need it. */
export async function isMyEmailConfirmed(claims: UserClaims): Promise<boolean> {
  const email = claimEmail(claims);
  return email !== null && (await isEmailConfirmed(claims.sub, email));
}

/** Reads the invitation for an answer and says why it cannot be answered, if so. */
async function openInvitation(tx: Tx, claims: UserClaims, invitationId: string) {
  const [row] = await tx
    .select()
    .from(invitations)
    .where(eq(invitations.id, invitationId))
    .limit(1);
  if (!row) throw new AppError("notFound");
  if (row.email.toLowerCase() !== claimEmail(claims)) throw new AppError("invitationNotYours");
  const refusal = invitationAnswerError(effectiveInvitationStatus(row, new Date()));
  if (refusal) throw new AppError(refusal);
  // Lock it: a second answer racing this one waits, then finds it no longer pending.
  const [locked] = await tx
    .select({ id: invitations.id })
    .from(invitations)
    .where(and(eq(invitations.id, invitationId), eq(invitations.status, "pending")))
    .for("update");
  if (!locked) throw new AppError("invitationUsed");
  return row;
}

type Answer = ActionState<{ organisationId: string }>;

/**
 * Accepts: the caller's employment in the organisation becomes active with the invited
 * role (a new one, or their ended one re-activated), the invitation is marked accepted,
 * and the audit records it. Seats are counted again first.
 */
export async function acceptInvitation(
  claims: UserClaims | null,
  rawInput: unknown,
): Promise<Answer> {
  if (!claims) return { status: "error", code: "notFound" };
  const parsed = parseWithValidation(invitationIdSchema, rawInput);
  if (!parsed.success) return { status: "invalid", fieldErrors: parsed.fieldErrors };
  const { invitationId } = parsed.data;
  try {
    if (!(await isMyEmailConfirmed(claims))) throw new AppError("emailNotConfirmed");
    // Seats: the invitee cannot count members under RLS, so the directory does, before.
    const [target] = await withUserContext(claims, (tx) =>
      tx
        .select({
          organisationId: invitations.organisationId,
          email: invitations.email,
          status: invitations.status,
          expiresAt: invitations.expiresAt,
        })
        .from(invitations)
        .where(eq(invitations.id, invitationId)),
    );
    // Only an answerable invitation of the caller's is counted; the others fail below.
    if (
      target &&
      target.email.toLowerCase() === claimEmail(claims) &&
      effectiveInvitationStatus(target, new Date()) === "pending"
    ) {
      const seats = await readSeatsForAcceptance(target.organisationId, invitationId);
      // This invitation already holds a seat: accepting needs the others to leave it one.
      if (!seatAvailable(seats.inUse, seats.limit)) throw new AppError("seatLimit");
    }
    const data = await withUserContext(claims, async (tx) => {
      const invitation = await openInvitation(tx, claims, invitationId);
      const organisationId = invitation.organisationId;
      const [existing] = await tx
        .select()
        .from(employments)
        .where(
          and(eq(employments.organisationId, organisationId), eq(employments.userId, claims.sub)),
        );
      if (existing && (existing.status === "active" || existing.status === "suspended")) {
        throw new AppError("alreadyMember");
      }
      let employmentId: string;
      if (existing) {
        const [updated] = await tx
          .update(employments)
          .set({
            status: "active",
            roleId: invitation.roleId,
            endedAt: null,
            version: sql`${employments.version} + 1`,
          })
          .where(eq(employments.id, existing.id))
          .returning({ id: employments.id });
        if (!updated) throw new AppError("notFound");
        employmentId = updated.id;
      } else {
        const [created] = await tx
          .insert(employments)
          .values({ organisationId, userId: claims.sub, roleId: invitation.roleId })
          .returning({ id: employments.id });
        if (!created) throw new AppError("notFound");
        employmentId = created.id;
      }
      const respondedAt = new Date();
      await tx
        .update(invitations)
        .set({ status: "accepted", respondedAt, respondedBy: claims.sub })
        .where(eq(invitations.id, invitation.id));
      await recordAudit(tx, {
        organisationId,
        actorUserId: claims.sub,
        action: "people.invitation.accept",
        resourceType: "invitation",
        resourceId: invitation.id,
        before: { status: "pending" },
        after: {
          status: "accepted",
          employmentId,
          roleId: invitation.roleId,
          previousEmployment: existing ? { status: existing.status } : null,
        },
      });
      return { organisationId };
    });
    return { status: "done", data };
  } catch (error) {
    return failureState(error, "people: accept invitation");
  }
}

/** Declines: the invitation is marked declined, then the audit records it (app.record_audit
 * admits an invitee's entry only once their answer is written in the same transaction). */
export async function declineInvitation(
  claims: UserClaims | null,
  rawInput: unknown,
): Promise<Answer> {
  if (!claims) return { status: "error", code: "notFound" };
  const parsed = parseWithValidation(invitationIdSchema, rawInput);
  if (!parsed.success) return { status: "invalid", fieldErrors: parsed.fieldErrors };
  try {
    if (!(await isMyEmailConfirmed(claims))) throw new AppError("emailNotConfirmed");
    const data = await withUserContext(claims, async (tx) => {
      const invitation = await openInvitation(tx, claims, parsed.data.invitationId);
      await tx
        .update(invitations)
        .set({ status: "declined", respondedAt: new Date(), respondedBy: claims.sub })
        .where(eq(invitations.id, invitation.id));
      await recordAudit(tx, {
        organisationId: invitation.organisationId,
        actorUserId: claims.sub,
        action: "people.invitation.decline",
        resourceType: "invitation",
        resourceId: invitation.id,
        before: { status: "pending" },
        after: { status: "declined" },
      });
      return { organisationId: invitation.organisationId };
    });
    return { status: "done", data };
  } catch (error) {
    return failureState(error, "people: decline invitation");
  }
}
