import type { AppErrorCode } from "@/lib/errors/app-error";
import type { EmploymentStatus, InvitationStatus } from "@/lib/organisations/schema";
import type { BuiltinRoleKey } from "@/lib/permissions/define";

/**
 * The people rules that need no database: invitation lifetimes and answers, resend limits,
 * seats, and who may change whose membership. The commands apply them inside their
 * transaction, on rows they have locked.
 */
export const INVITATION_DAYS = 7;
const DAY_MS = 24 * 60 * 60 * 1000;

export function invitationExpiry(now: Date): Date {
  return new Date(now.getTime() + INVITATION_DAYS * DAY_MS);
}

/** A pending invitation past its expiry reads as expired wherever it is shown. */
export function effectiveInvitationStatus(
  invitation: { status: InvitationStatus; expiresAt: Date },
  now: Date,
): InvitationStatus {
  if (invitation.status === "pending" && invitation.expiresAt.getTime() <= now.getTime()) {
    return "expired";
  }
  return invitation.status;
}

/** Why an invitation cannot be answered any more, or null when it can. */
export function invitationAnswerError(status: InvitationStatus): AppErrorCode | null {
  switch (status) {
    case "pending":
      return null;
    case "expired":
      return "invitationExpired";
    case "revoked":
      return "invitationRevoked";
    case "accepted":
    case "declined":
      return "invitationUsed";
  }
}

/** Resending: at most once a minute, and at most this many emails per invitation. */
export const RESEND_INTERVAL_SECONDS = 60;
export const MAX_SENDS = 10;

export function resendAllowed(
  invitation: { lastSentAt: Date; sendCount: number },
  now: Date,
): boolean {
  if (invitation.sendCount >= MAX_SENDS) return false;
  return now.getTime() - invitation.lastSentAt.getTime() >= RESEND_INTERVAL_SECONDS * 1000;
}

/**
 * Seats in use are active and suspended members plus pending invitations; one more may be
 * taken while that count is below the limit (null: unlimited).
 */
export function seatAvailable(seatsInUse: number, limit: number | null): boolean {
  return limit === null || seatsInUse < limit;
}

export type EmploymentChange =
  | { kind: "role"; newRoleKey: BuiltinRoleKey | null }
  | { kind: "suspend" }
  | { kind: "reactivate" }
  | { kind: "end" };

export interface EmploymentChangeParties {
  actor: { employmentId: string; roleKey: BuiltinRoleKey | null };
  target: { employmentId: string; roleKey: BuiltinRoleKey | null; status: EmploymentStatus };
}

const allowedFrom: Record<EmploymentChange["kind"], readonly EmploymentStatus[]> = {
  role: ["active", "suspended"],
  suspend: ["active"],
  reactivate: ["suspended"],
  end: ["active", "suspended"],
};

/**
 * Whether the actor may make this change to the target (before counting owners):
 * - the target's status must allow it (otherwise the screen was out of date: stale);
 * - nobody changes their own role or suspends themselves (selfChange); an owner may end
 *   their own employment (leave), which the last-owner rule then checks;
 * - only an owner grants the owner role or changes an owner's membership (ownerOnly).
 */
export function employmentChangeError(
  { actor, target }: EmploymentChangeParties,
  change: EmploymentChange,
): AppErrorCode | null {
  if (!allowedFrom[change.kind].includes(target.status)) return "stale";
  const self = actor.employmentId === target.employmentId;
  if (self && !(change.kind === "end" && actor.roleKey === "owner")) return "selfChange";
  const touchesOwner =
    target.roleKey === "owner" || (change.kind === "role" && change.newRoleKey === "owner");
  if (touchesOwner && actor.roleKey !== "owner") return "ownerOnly";
  return null;
}

/** Whether the target stays an active owner after the change. */
export function remainsActiveOwner(
  target: { roleKey: BuiltinRoleKey | null; status: EmploymentStatus },
  change: EmploymentChange,
): boolean {
  switch (change.kind) {
    case "role":
      return change.newRoleKey === "owner" && target.status === "active";
    case "reactivate":
      return target.roleKey === "owner";
    case "suspend":
    case "end":
      return false;
  }
}

/**
 * The last-owner rule: a change that takes an active owner out of the owners is refused
 * when no other active owner remains (`activeOwners` counted on locked rows).
 */
export function removesLastOwner(
  activeOwners: number,
  target: { roleKey: BuiltinRoleKey | null; status: EmploymentStatus },
  change: EmploymentChange,
): boolean {
  const isActiveOwner = target.roleKey === "owner" && target.status === "active";
  if (!isActiveOwner || remainsActiveOwner(target, change)) return false;
  return activeOwners <= 1;
}
