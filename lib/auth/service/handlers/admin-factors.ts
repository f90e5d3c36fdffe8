import "server-only";
import { eq } from "drizzle-orm";
import { z } from "zod";
import { mfaFactors } from "@/lib/auth/schema";
import { requireAdmin } from "@/lib/auth/service/admin-bearer";
import { recordAudit } from "@/lib/auth/service/audit";
import { auditActor } from "@/lib/auth/service/audit-actor";
import { unprocessable } from "@/lib/auth/service/errors";
import { loadTarget } from "@/lib/auth/service/handlers/admin";
import { readJsonBody, type RequestInfo } from "@/lib/auth/service/http";
import { factorNotFound, findOwnedFactor, removeFactor } from "@/lib/auth/service/mfa-enrolment";
import {
  factorDto,
  userFactors,
  type FactorDto,
  type FactorRow,
} from "@/lib/auth/service/mfa-factors";
import type { UserRow } from "@/lib/auth/service/users";
import { normalizePhone, nullableString, parseBody } from "@/lib/auth/service/validation";
import { withSystemContext, type Tx } from "@/lib/db/context";
import { isUniqueViolation } from "@/lib/errors/app-error";
import { isUuid } from "@/lib/validation/uuid";

/**
 * The admin MFA endpoints of GoTrue (service_role): GET /admin/users/{id}/factors (the
 * user's factors, verified or not), PUT /admin/users/{id}/factors/{factor_id}
 * (friendly_name; phone for a phone factor) and DELETE of the same path (the factor; the
 * sessions it raised go back to aal1). Unknown user → 404 user_not_found; a factor that is not
 * that user's → 404 mfa_factor_not_found. Each answers the factor (the list for GET).
 */

/** The user of the path and their factor, locked. */
async function loadUserFactor(
  tx: Tx,
  userId: string,
  factorId: string,
): Promise<{ user: UserRow; factor: FactorRow }> {
  const user = await loadTarget(tx, userId);
  if (!isUuid(factorId)) throw factorNotFound();
  return { user, factor: await findOwnedFactor(tx, user, factorId) };
}

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
      const { user, factor } = await loadUserFactor(tx, userId, factorId);
      const changes: Partial<typeof mfaFactors.$inferInsert> = {};
      if (body.friendly_name) changes.friendlyName = body.friendly_name;
      if (phone && factor.factorType === "phone") changes.phone = phone;
      if (Object.keys(changes).length === 0) return factorDto(factor);
      const [updated] = await tx
        .update(mfaFactors)
        .set({ ...changes, updatedAt: new Date() })
        .where(eq(mfaFactors.id, factor.id))
        .returning();
      await recordAudit(tx, auditActor(user, info), "factor_updated", {
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
    const { user, factor } = await loadUserFactor(tx, userId, factorId);
    await removeFactor(tx, user, factor, info, "factor_deleted");
    return factorDto(factor);
  });
}
