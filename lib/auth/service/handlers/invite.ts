import "server-only";
import { randomUUID } from "node:crypto";
import { z } from "zod";
import { identities, users } from "@/lib/auth/schema";
import { requireAdmin } from "@/lib/auth/service/admin-bearer";
import { recordAudit } from "@/lib/auth/service/audit";
import { unprocessable, validationFailed } from "@/lib/auth/service/errors";
import { sendFlowEmail } from "@/lib/auth/service/handlers/otp";
import { readJsonBody, type RequestInfo } from "@/lib/auth/service/http";
import { enforceSendLimits } from "@/lib/auth/service/otp-delivery";
import { redirectParam, resolveRedirect } from "@/lib/auth/service/redirects";
import { findUserByEmail, findUserById, loadUserDto, type UserDto } from "@/lib/auth/service/users";
import {
  normalizeEmail,
  nullableRecord,
  nullableString,
  parseBody,
} from "@/lib/auth/service/validation";
import { withSystemContext } from "@/lib/db/context";

const inviteBody = z.object({ email: nullableString, data: nullableRecord });

/**
 * POST /invite (service_role): creates an unconfirmed user and emails an invitation (link
 * + code, verify type "invite"). A confirmed address → 422 email_exists; an invited but
 * unconfirmed one is invited again.
 */
export async function handleInvite(request: Request, info: RequestInfo): Promise<UserDto> {
  await requireAdmin(request);
  const raw = await readJsonBody(request);
  const body = parseBody(inviteBody, raw);
  if (!body.email) throw validationFailed("An email address is required");
  const email = normalizeEmail(body.email);
  const redirectTo = resolveRedirect(redirectParam(request, raw));
  // Service_role only: the server that invites is not one client among others.
  await enforceSendLimits(email, "email", info, { perClient: false });
  const { answer, delivery } = await withSystemContext("auth: invite", async (tx) => {
    let user = await findUserByEmail(tx, email);
    if (user?.emailConfirmedAt) {
      throw unprocessable(
        "email_exists",
        "A user with this email address has already been registered",
      );
    }
    if (!user) {
      const now = new Date();
      const id = randomUUID();
      const [created] = await tx
        .insert(users)
        .values({
          id,
          aud: "authenticated",
          role: "authenticated",
          email,
          rawAppMetaData: { provider: "email", providers: ["email"] },
          rawUserMetaData: body.data ?? {},
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      if (!created) throw new Error("User insert returned no row.");
      await tx.insert(identities).values({
        providerId: id,
        userId: id,
        provider: "email",
        identityData: { sub: id, email, email_verified: false, phone_verified: false },
        createdAt: now,
        updatedAt: now,
      });
      await recordAudit(tx, { id, username: email, ip: info.ip }, "user_invited");
      user = created;
    }
    const pending = await sendFlowEmail(tx, request, user, email, "invite", null, redirectTo);
    const fresh = (await findUserById(tx, user.id)) ?? user;
    return { answer: await loadUserDto(tx, fresh), delivery: pending };
  });
  await delivery.deliver();
  return answer;
}
