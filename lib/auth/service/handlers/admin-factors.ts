import "server-only";
import { and, eq } from "drizzle-orm";
import { z } from "zod";
import { mfaFactors, sessions } from "@/lib/auth/schema";
import { requireAdmin } from "@/lib/auth/service/admin-bearer";
import { recordAudit } from "@/lib/auth/service/audit";
import { unprocessable } from "@/lib/auth/service/errors";
import { loadTarget } from "@/lib/auth/service/handlers/admin";
import { readJsonBody, type RequestInfo } from "@/lib/auth/service/http";
import { factorNotFound } from "@/lib/auth/service/mfa";
import {
  factorDto,
  userFactors,
  type FactorDto,
  type FactorRow,
} from "@/lib/auth/service/mfa-factors";
import { auditName } from "@/lib/auth/service/sessions";
import type { UserRow } from "@/lib/auth/service/users";
import { normalizePhone, nullableString, parseBody } from "@/lib/auth/service/validation";
import { withSystemContext, type Tx } from "@/lib/db/context";

/**
 * The admin MFA endpoints of GoTrue (service_role): GET /admin/users/{id}/factors (the
 * user's factors, verified or not), PUT /admin/users/{id}/factors/{factor_id}
 * (friendly_name; phone for a phone factor) and DELETE of the same path (the factor; the
 * sessions it raised go back to aal1). Unknown user → 404 user_not_found; a factor that is not
 * that user's → 404 mfa_factor_not_found. Each answers the factor (the list for GET).
 */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

async function loadFactor(tx: Tx, user: UserRow, factorId: string): Promise<FactorRow> {
  if (!UUID.test(factorId)) throw factorNotFound();
  const [factor] = await tx
    .select()
    .from(mfaFactors)
    .where(and(eq(mfaFactors.id, factorId), eq(mfaFactors.userId, user.id)))
    .for("update");
  if (!factor) throw factorNotFound();
  return factor;
}

const actor = (user: UserRow, info: RequestInfo) => ({
  id: user.id,
  username: auditName(user),
  ip: info.ip,
});

export async function handleAdminListFactors(
  request: Request,
  userId: string,
): Promise<FactorDto[]> {
  await requireAdmin(request);
  return withSystemContext("auth: admin list factors", async (tx) => {
    const user = await loadTarget(tx, userId);
    return (await userFactors(tx, user.id)).map(factorDto);
  });
}

const updateBody = z.object({ friendly_name: nullableString, phone: nullableString });

function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e && typeof e === "object"; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === "23505") return true;
  }
  return false;
}

export async function handleAdminUpdateFactor(
  request: Request,
  info: RequestInfo,
  userId: string,
  factorId: string,
): Promise<FactorDto> {
  await requireAdmin(request);
  const body = parseBody(updateBody, await readJsonBody(request));
  const phone = body.phone ? normalizePhone(body.phone) : undefined;
  try {
    return await withSystemContext("auth: admin update factor", async (tx) => {
      const user = await loadTarget(tx, userId);
      const factor = await loadFactor(tx, user, factorId);
      const changes: Partial<typeof mfaFactors.$inferInsert> = {};
      if (body.friendly_name) changes.friendlyName = body.friendly_name;
      if (phone && factor.factorType === "phone") changes.phone = phone;
      if (Object.keys(changes).length === 0) return factorDto(factor);
      const [updated] = await tx
        .update(mfaFactors)
        .set({ ...changes, updatedAt: new Date() })
        .where(eq(mfaFactors.id, factor.id))
        .returning();
      await recordAudit(tx, actor(user, info), "factor_updated", {
        factor_id: factor.id,
        factor_type: factor.factorType,
      });
      return factorDto(updated ?? factor);
    });
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw unprocessable(
        "mfa_factor_name_conflict",
        `A factor with the friendly name "${body.friendly_name ?? ""}" for this user already exists`,
      );
    }
    throw error;
  }
}

export async function handleAdminDeleteFactor(
  request: Request,
  info: RequestInfo,
  userId: string,
  factorId: string,
): Promise<FactorDto> {
  await requireAdmin(request);
  return withSystemContext("auth: admin delete factor", async (tx) => {
    const user = await loadTarget(tx, userId);
    const factor = await loadFactor(tx, user, factorId);
    await tx.delete(mfaFactors).where(eq(mfaFactors.id, factor.id));
    await tx
      .update(sessions)
      .set({ aal: "aal1", factorId: null, updatedAt: new Date() })
      .where(and(eq(sessions.factorId, factor.id), eq(sessions.userId, user.id)));
    await recordAudit(tx, actor(user, info), "factor_deleted", {
      factor_id: factor.id,
      factor_type: factor.factorType,
    });
    return factorDto(factor);
  });
}
