import "server-only";
import { asc, eq } from "drizzle-orm";
import { mfaFactors } from "@/lib/auth/schema";
import type { Tx } from "@/lib/db/context";

/** MFA factor rows and their JSON in GoTrue's answers (the user's `factors`). */
export type FactorRow = typeof mfaFactors.$inferSelect;

export interface FactorDto {
  id: string;
  created_at: string;
  updated_at: string;
  status: string;
  friendly_name?: string;
  factor_type: string;
  phone: string | null;
  last_challenged_at: string | null;
}

export function factorDto(row: FactorRow): FactorDto {
  return {
    id: row.id,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    status: row.status,
    ...(row.friendlyName ? { friendly_name: row.friendlyName } : {}),
    factor_type: row.factorType,
    phone: row.phone,
    last_challenged_at: row.lastChallengedAt?.toISOString() ?? null,
  };
}

export async function userFactors(tx: Tx, userId: string): Promise<FactorRow[]> {
  return tx
    .select()
    .from(mfaFactors)
    .where(eq(mfaFactors.userId, userId))
    .orderBy(asc(mfaFactors.createdAt));
}
