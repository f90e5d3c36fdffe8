import "server-only";
import { and, eq } from "drizzle-orm";
import { oneTimeTokens, users } from "@/lib/auth/schema";
import { recordAudit } from "@/lib/auth/service/audit";
import { loadBearer, verifyBearer } from "@/lib/auth/service/bearer";
import { AuthError, unprocessable } from "@/lib/auth/service/errors";
import type { RequestInfo } from "@/lib/auth/service/http";
import {
  codeMatches,
  consumeToken,
  countAttempt,
  discardToken,
  isExpired,
} from "@/lib/auth/service/one-time-tokens";
import {
  enforceSendLimits,
  queueReauthenticationEmail,
  queueTokenSms,
  requestLocale,
} from "@/lib/auth/service/otp-delivery";
import { auditName } from "@/lib/auth/service/sessions";
import type { UserRow } from "@/lib/auth/service/users";
import { withSystemContext, type Tx } from "@/lib/db/context";

/**
 * GET /reauthenticate: sends the signed-in user a code (email, else SMS) that PUT /user
 * takes as `nonce` to confirm a password change when that is required.
 */
export async function handleReauthenticate(request: Request, info: RequestInfo): Promise<object> {
  const bearer = await verifyBearer(request);
  const target = await withSystemContext("auth: reauthenticate lookup", async (tx) => {
    const { user } = await loadBearer(tx, bearer);
    return user;
  });
  const email = target.email;
  const phone = target.phone;
  if (!email && !phone) {
    throw unprocessable(
      "validation_failed",
      "Reauthentication requires the user to have an email or a phone number",
    );
  }
  await enforceSendLimits(email || phone || "", email ? "email" : "sms", info, {
    smsPurpose: "reauthentication",
  });
  const locale = requestLocale(request);
  const delivery = await withSystemContext("auth: reauthenticate", async (tx) => {
    const { user } = await loadBearer(tx, bearer);
    await tx.update(users).set({ reauthenticationSentAt: new Date() }).where(eq(users.id, user.id));
    await recordAudit(
      tx,
      { id: user.id, username: auditName(user), ip: info.ip },
      "user_reauthenticate_requested",
    );
    return email
      ? queueReauthenticationEmail(tx, { userId: user.id, email, locale })
      : queueTokenSms(tx, {
          userId: user.id,
          phone: phone ?? "",
          type: "reauthentication_token",
          locale,
        });
  });
  await delivery.deliver();
  return {};
}

/**
 * Checks a reauthentication nonce of `user` (outside a transaction: counts the attempt).
 * Wrong, expired or used → 400 reauthentication_not_valid (GoTrue's code).
 */
export async function checkNonce(user: UserRow, nonce: string): Promise<string> {
  const [row] = await withSystemContext("auth: nonce lookup", (tx) =>
    tx
      .select()
      .from(oneTimeTokens)
      .where(
        and(
          eq(oneTimeTokens.userId, user.id),
          eq(oneTimeTokens.tokenType, "reauthentication_token"),
        ),
      ),
  );
  const invalid = () =>
    new AuthError(400, "reauthentication_not_valid", "Requires reauthentication");
  if (!row || isExpired(row)) throw invalid();
  if (!(await countAttempt(row))) {
    await withSystemContext("auth: nonce attempts", (tx) => discardToken(tx, row.id));
    throw invalid();
  }
  if (!(await codeMatches(row, nonce))) throw invalid();
  return row.id;
}

/** Consumes the nonce checked by `checkNonce` inside the update's transaction. */
export async function consumeNonce(tx: Tx, userId: string, rowId: string): Promise<void> {
  const [row] = await tx.select().from(oneTimeTokens).where(eq(oneTimeTokens.id, rowId));
  if (!row || row.userId !== userId || !(await consumeToken(tx, row))) {
    throw new AuthError(400, "reauthentication_not_valid", "Requires reauthentication");
  }
}
