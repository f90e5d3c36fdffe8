import "server-only";
import { and, eq, ne } from "drizzle-orm";
import { z } from "zod";
import { identities, sessions, users } from "@/lib/auth/schema";
import { recordAudit } from "@/lib/auth/service/audit";
import { loadBearer, verifyBearer, type VerifiedBearer } from "@/lib/auth/service/bearer";
import { pkceParams, type PkceParams } from "@/lib/auth/service/flow-state";
import { sendFlowEmail } from "@/lib/auth/service/handlers/otp";
import { checkNonce, consumeNonce } from "@/lib/auth/service/handlers/reauthenticate";
import {
  enforceSendLimits,
  queueTokenSms,
  requestLocale,
  type Delivery,
} from "@/lib/auth/service/otp-delivery";
import { redirectParam, resolveRedirect } from "@/lib/auth/service/redirects";
import { authConfig } from "@/lib/auth/service/config";
import { AuthError, unprocessable } from "@/lib/auth/service/errors";
import { readJsonBody, type RequestInfo } from "@/lib/auth/service/http";
import { hashPassword, verifyPassword } from "@/lib/auth/service/passwords";
import { withProviders } from "@/lib/auth/service/app-metadata";
import { auditName } from "@/lib/auth/service/sessions";
import {
  findUserByEmail,
  findUserByPhone,
  loadUserDto,
  type UserDto,
  type UserRow,
} from "@/lib/auth/service/users";
import { assertPasswordPolicy } from "@/lib/auth/service/password-policy";
import {
  normalizeEmail,
  normalizePhone,
  nullableRecord,
  nullableString,
  parseBody,
} from "@/lib/auth/service/validation";
import { withSystemContext, type Tx } from "@/lib/db/context";

/** GET /user: the bearer's user. */
export async function handleGetUser(request: Request): Promise<UserDto> {
  return readBearerUser(await verifyBearer(request));
}

/**
 * The user of a verified token, as GET /user answers it: its session must still exist (a
 * signed-out session's token is refused, 403 session_not_found) and its user too. Pages of
 * this server call it directly instead of GET /user through a supabase-js client.
 */
export function readBearerUser(bearer: VerifiedBearer): Promise<UserDto> {
  return withSystemContext("auth: get user", async (tx) => {
    const { user } = await loadBearer(tx, bearer);
    return loadUserDto(tx, user);
  });
}

const updateBody = z.object({
  email: nullableString,
  phone: nullableString,
  password: nullableString,
  data: nullableRecord,
  nonce: nullableString,
  code_challenge: nullableString,
  code_challenge_method: nullableString,
});

/** GoTrue's merge: top-level keys of `data` replace, null removes. */
export function mergeMetadata(
  current: Record<string, unknown>,
  patch: Record<string, unknown>,
): Record<string, unknown> {
  const merged = { ...current };
  for (const [key, value] of Object.entries(patch)) {
    if (value === null) delete merged[key];
    else merged[key] = value;
  }
  return merged;
}

/**
 * Without autoconfirm (AUTH_MAILER_AUTOCONFIRM for emails, AUTH_SMS_AUTOCONFIRM for phones,
 * both off by default), a new address waits in email_change / phone_change until its code
 * or link is verified (POST /verify type email_change / phone_change); until then it signs
 * nobody in. With autoconfirm it applies at once, as GoTrue does.
 */
function autoconfirms(kind: "email" | "phone"): boolean {
  const config = authConfig();
  return kind === "email" ? config.mailerAutoconfirm : config.smsAutoconfirm;
}

interface PendingChange {
  request: Request;
  pkce: PkceParams | null;
  redirectTo: string;
  deliveries: Delivery[];
}

async function changeAddress(
  tx: Tx,
  user: UserRow,
  kind: "email" | "phone",
  address: string,
  pending: PendingChange,
): Promise<Partial<typeof users.$inferInsert>> {
  if ((kind === "email" ? user.email : user.phone) === address) return {};
  const taken =
    kind === "email" ? await findUserByEmail(tx, address) : await findUserByPhone(tx, address);
  if (taken && taken.id !== user.id) {
    throw kind === "email"
      ? unprocessable("email_exists", "A user with this email address has already been registered")
      : unprocessable("phone_exists", "A user with this phone number has already been registered");
  }
  if (!autoconfirms(kind)) {
    const now = new Date();
    if (kind === "email") {
      await tx.update(users).set({ emailChange: address }).where(eq(users.id, user.id));
      pending.deliveries.push(
        await sendFlowEmail(
          tx,
          pending.request,
          { ...user, emailChange: address },
          address,
          "email_change",
          pending.pkce,
          pending.redirectTo,
        ),
      );
      return { emailChange: address, emailChangeSentAt: now };
    }
    pending.deliveries.push(
      await queueTokenSms(tx, {
        userId: user.id,
        phone: address,
        type: "phone_change_token",
        locale: requestLocale(pending.request),
      }),
    );
    return { phoneChange: address, phoneChangeSentAt: now };
  }
  const identityRows = await tx
    .select()
    .from(identities)
    .where(and(eq(identities.userId, user.id), eq(identities.provider, kind)));
  const now = new Date();
  for (const identity of identityRows) {
    await tx
      .update(identities)
      .set({ identityData: { ...identity.identityData, [kind]: address }, updatedAt: now })
      .where(eq(identities.id, identity.id));
  }
  const changes: Partial<typeof users.$inferInsert> =
    kind === "email"
      ? { email: address, emailConfirmedAt: now }
      : { phone: address, phoneConfirmedAt: now };
  if (identityRows.length === 0) {
    // First address of this kind (an anonymous user upgrading, a Google user adding a
    // phone): it becomes an identity, and an anonymous user a regular one.
    await tx.insert(identities).values({
      providerId: user.id,
      userId: user.id,
      provider: kind,
      identityData: { sub: user.id, [kind]: address, [`${kind}_verified`]: true },
      createdAt: now,
      updatedAt: now,
    });
    changes.rawAppMetaData = await withProviders(tx, user, kind);
    if (user.isAnonymous) changes.isAnonymous = false;
  }
  return changes;
}

/** PUT /user: user_metadata, password (other sessions end), email or phone (see changeAddress). */
export async function handleUpdateUser(request: Request, info: RequestInfo): Promise<UserDto> {
  const bearer = await verifyBearer(request);
  const raw = await readJsonBody(request);
  const body = parseBody(updateBody, raw);
  const email = body.email ? normalizeEmail(body.email) : undefined;
  const phone = body.phone ? normalizePhone(body.phone) : undefined;
  if (body.password !== undefined) assertPasswordPolicy(body.password);
  const newHash = body.password !== undefined ? await hashPassword(body.password) : undefined;
  const pending: PendingChange = {
    request,
    pkce: pkceParams(body),
    redirectTo: resolveRedirect(redirectParam(request, raw)),
    deliveries: [],
  };
  if (email && !autoconfirms("email")) await enforceSendLimits(email, "email", info);
  if (phone && !autoconfirms("phone")) {
    await enforceSendLimits(phone, "sms", info, { smsPurpose: "phone_change" });
  }
  const nonceRow = await passwordNonce(bearer, body.password, body.nonce);

  const answer = await withSystemContext("auth: update user", async (tx) => {
    const { user, session } = await loadBearer(tx, bearer);
    if (nonceRow) await consumeNonce(tx, user.id, nonceRow);
    if (user.isAnonymous && body.password !== undefined && !email && !phone) {
      throw unprocessable(
        "validation_failed",
        "Updating password of an anonymous user without an email or phone is not allowed",
      );
    }
    const changes: Partial<typeof users.$inferInsert> = {};
    if (body.data) changes.rawUserMetaData = mergeMetadata(user.rawUserMetaData ?? {}, body.data);
    if (email) Object.assign(changes, await changeAddress(tx, user, "email", email, pending));
    if (phone) {
      // The email step may have changed app_metadata: the phone step starts from it.
      const current = changes.rawAppMetaData
        ? { ...user, rawAppMetaData: changes.rawAppMetaData }
        : user;
      Object.assign(changes, await changeAddress(tx, current, "phone", phone, pending));
    }
    if (body.password !== undefined && newHash) {
      if (await verifyPassword(body.password, user.encryptedPassword)) {
        throw unprocessable(
          "same_password",
          "New password should be different from the old password.",
        );
      }
      changes.encryptedPassword = newHash;
    }
    if (Object.keys(changes).length === 0) return loadUserDto(tx, user);

    const [updated] = await tx
      .update(users)
      .set({ ...changes, updatedAt: new Date() })
      .where(eq(users.id, user.id))
      .returning();
    const actor = { id: user.id, username: auditName(updated ?? user), ip: info.ip };
    if (changes.encryptedPassword) {
      // A new password ends every other session of the user.
      await tx
        .delete(sessions)
        .where(and(eq(sessions.userId, user.id), ne(sessions.id, session.id)));
      await recordAudit(tx, actor, "user_updated_password");
    }
    await recordAudit(tx, actor, "user_modified");
    return loadUserDto(tx, updated ?? user);
  });
  for (const delivery of pending.deliveries) await delivery.deliver();
  return answer;
}

/** Sessions older than this need a reauthentication nonce to change the password (GoTrue). */
const RECENT_SESSION_MS = 24 * 3600 * 1000;

/**
 * With AUTH_PASSWORD_CHANGE_REQUIRES_REAUTHENTICATION, a password change from a session
 * older than 24 h needs the nonce sent by GET /reauthenticate: missing → 400
 * reauthentication_needed; wrong → 400 reauthentication_not_valid. Returns the nonce's row.
 */
async function passwordNonce(
  bearer: VerifiedBearer,
  password: string | undefined,
  nonce: string | undefined,
): Promise<string | undefined> {
  if (password === undefined || !authConfig().passwordRequiresReauthentication) return undefined;
  const { user, session } = await withSystemContext("auth: password nonce", (tx) =>
    loadBearer(tx, bearer),
  );
  const created = (session.createdAt ?? new Date(0)).getTime();
  if (!nonce && created + RECENT_SESSION_MS > Date.now()) return undefined;
  if (!nonce) {
    throw new AuthError(
      400,
      "reauthentication_needed",
      "Password update requires reauthentication",
    );
  }
  return checkNonce(user, nonce);
}
