import "server-only";
import { randomUUID } from "node:crypto";
import { auditLogEntries } from "@/lib/auth/schema";
import type { Tx } from "@/lib/db/context";

/** GoTrue's audit actions and their log types. */
const LOG_TYPES = {
  user_signedup: "team",
  user_repeated_signup: "user",
  user_confirmation_requested: "user",
  user_recovery_requested: "user",
  user_reauthenticate_requested: "user",
  user_invited: "team",
  login: "account",
  token_refreshed: "token",
  token_revoked: "token",
  logout: "account",
  user_modified: "user",
  user_updated_password: "user",
  user_deleted: "team",
  identity_unlinked: "account",
  factor_in_progress: "factor",
  challenge_created: "factor",
  verification_attempted: "factor",
  factor_unenrolled: "factor",
  passkey_created: "user",
  passkey_updated: "user",
  passkey_deleted: "user",
  factor_updated: "factor",
  factor_deleted: "factor",
} as const;

export type AuditAction = keyof typeof LOG_TYPES;

export interface AuditActor {
  id: string;
  username: string;
  ip: string;
}

/** Writes one row of auth.audit_log_entries in GoTrue's payload layout. */
export async function recordAudit(
  tx: Tx,
  actor: AuditActor,
  action: AuditAction,
  traits: Record<string, unknown> = {},
): Promise<void> {
  await tx.insert(auditLogEntries).values({
    id: randomUUID(),
    createdAt: new Date(),
    ipAddress: actor.ip.slice(0, 64),
    payload: {
      actor_id: actor.id,
      actor_username: actor.username,
      actor_via_sso: false,
      action,
      log_type: LOG_TYPES[action],
      ...(Object.keys(traits).length ? { traits } : {}),
    },
  });
}
