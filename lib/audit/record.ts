import "server-only";
import { sql } from "drizzle-orm";
import { isSystemTransaction } from "@/lib/db/run-context";
import type { Tx } from "@/lib/db/types";
import { auditEntries } from "./schema";

export interface AuditInput {
  organisationId: string;
  actorUserId: string | null;
  /** `module.resource.verb`, e.g. `people.invitation.create`. */
  action: string;
  resourceType: string;
  resourceId?: string | null;
  before?: unknown;
  after?: unknown;
}

const SECRET_KEYS = new Set(["tokenHash", "token_hash", "password", "secret", "token"]);

/** Copies a value for the log, dropping secrets and dates turned to ISO strings. */
export function auditSnapshot(value: unknown): unknown {
  if (value === undefined || value === null) return null;
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return value.map(auditSnapshot);
  if (typeof value === "object") {
    const out: Record<string, unknown> = {};
    for (const [key, inner] of Object.entries(value as Record<string, unknown>)) {
      if (SECRET_KEYS.has(key)) continue;
      out[key] = auditSnapshot(inner);
    }
    return out;
  }
  return value;
}

/**
 * Writes one audit entry in the caller's transaction: the entry exists exactly when the
 * write it describes was committed.
 *
 * In a user context the entry goes through app.record_audit() (drizzle/0014), the only way
 * `authenticated` can write one: the database takes the actor from the caller's verified
 * claims (auth.uid(), so `actorUserId` is not sent) and admits the entry only from a member
 * who may write in the action's module, or from the invitee who has just answered. A system
 * context (the owner) inserts it as given.
 */
export async function recordAudit(tx: Tx, input: AuditInput): Promise<void> {
  if (!isSystemTransaction(tx)) {
    const json = (value: unknown) => {
      const snapshot = auditSnapshot(value);
      return snapshot === null ? null : JSON.stringify(snapshot);
    };
    await tx.execute(
      sql`select app.record_audit(${input.organisationId}::uuid, ${input.action}, ${input.resourceType}, ${input.resourceId ?? null}, ${json(input.before)}::jsonb, ${json(input.after)}::jsonb)`,
    );
    return;
  }
  await tx.insert(auditEntries).values({
    organisationId: input.organisationId,
    actorUserId: input.actorUserId,
    action: input.action,
    resourceType: input.resourceType,
    resourceId: input.resourceId ?? null,
    before: auditSnapshot(input.before),
    after: auditSnapshot(input.after),
  });
}
