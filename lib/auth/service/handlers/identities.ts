import "server-only";
import { eq } from "drizzle-orm";
import { identities, users } from "@/lib/auth/schema";
import { recordAudit } from "@/lib/auth/service/audit";
import { loadBearer, verifyBearer } from "@/lib/auth/service/bearer";
import { AuthError, unprocessable } from "@/lib/auth/service/errors";
import { withProviders } from "@/lib/auth/service/app-metadata";
import { assertManualLinkingEnabled } from "@/lib/auth/service/external-identities";
import type { RequestInfo } from "@/lib/auth/service/http";
import { auditName } from "@/lib/auth/service/sessions";
import { findUserByEmail } from "@/lib/auth/service/users";
import { withSystemContext } from "@/lib/db/context";
import { isUuid } from "@/lib/validation/uuid";

/**
 * DELETE /user/identities/{identity_id} (unlinkIdentity): the last identity cannot go
 * (422 single_identity_not_deletable), another user's or an unknown one is 422
 * identity_not_found. When the identity held the user's email, the email passes to
 * another identity's address (or is cleared), as GoTrue does.
 */
export async function handleDeleteIdentity(
  request: Request,
  info: RequestInfo,
  identityId: string,
): Promise<Record<string, never>> {
  const bearer = await verifyBearer(request);
  assertManualLinkingEnabled();
  if (!isUuid(identityId)) {
    throw new AuthError(404, "validation_failed", "identity_id must be an UUID");
  }
  return withSystemContext("auth: unlink identity", async (tx) => {
    const { user } = await loadBearer(tx, bearer);
    const owned = await tx.select().from(identities).where(eq(identities.userId, user.id));
    if (owned.length <= 1) {
      throw unprocessable(
        "single_identity_not_deletable",
        "User must have at least 1 identity after unlinking",
      );
    }
    const target = owned.find((row) => row.id === identityId);
    if (!target) throw unprocessable("identity_not_found", "Identity doesn't exist");
    await tx.delete(identities).where(eq(identities.id, target.id));

    const changes: Partial<typeof users.$inferInsert> = {
      rawAppMetaData: await withProviders(tx, user),
    };
    if (target.provider === "phone" && user.phone) {
      changes.phone = null;
      changes.phoneConfirmedAt = null;
    }
    if (target.email && target.email === user.email) {
      // The address passes to another identity's, unless another user holds that one.
      let next: string | null = null;
      for (const row of owned) {
        if (row.id === target.id || !row.email) continue;
        const holder = await findUserByEmail(tx, row.email);
        if (!holder || holder.id === user.id) {
          next = row.email;
          break;
        }
      }
      changes.email = next;
      changes.emailConfirmedAt = next ? user.emailConfirmedAt : null;
    }
    await tx
      .update(users)
      .set({ ...changes, updatedAt: new Date() })
      .where(eq(users.id, user.id));
    await recordAudit(
      tx,
      { id: user.id, username: auditName(user), ip: info.ip },
      "identity_unlinked",
      { identity_id: target.id, provider: target.provider, provider_id: target.providerId },
    );
    return {};
  });
}
