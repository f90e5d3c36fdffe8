import "server-only";
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { z } from "zod";
import { identities, users } from "@/lib/auth/schema";
import { recordAudit } from "@/lib/auth/service/audit";
import { authConfig } from "@/lib/auth/service/config";
import { unprocessable, validationFailed } from "@/lib/auth/service/errors";
import { createFlowState, pkceParams, type PkceParams } from "@/lib/auth/service/flow-state";
import { readJsonBody, type RequestInfo } from "@/lib/auth/service/http";
import {
  enforceSendLimits,
  queueTokenEmail,
  queueTokenSms,
  requestLocale,
  type Delivery,
  type EmailFlow,
} from "@/lib/auth/service/otp-delivery";
import { redirectParam, resolveRedirect } from "@/lib/auth/service/redirects";
import { auditName } from "@/lib/auth/service/sessions";
import { cleanUpUnconfirmedUsers } from "@/lib/auth/service/unconfirmed-users";
import { findUserByEmail, findUserByPhone, type UserRow } from "@/lib/auth/service/users";
import {
  normalizeEmail,
  normalizePhone,
  nullableRecord,
  nullableString,
  parseBody,
} from "@/lib/auth/service/validation";
import { withSystemContext, type Tx } from "@/lib/db/context";

/**
 * POST /otp (magic link + code by email, code by SMS), POST /recover, POST /resend.
 * Messages are written in the transaction and delivered after it commits.
 */
const otpBody = z.object({
  email: nullableString,
  phone: nullableString,
  data: nullableRecord,
  create_user: z.boolean().nullish(),
  channel: nullableString,
  code_challenge: nullableString,
  code_challenge_method: nullableString,
});

const recoverBody = z.object({
  email: nullableString,
  code_challenge: nullableString,
  code_challenge_method: nullableString,
});

const resendBody = z.object({
  type: nullableString,
  email: nullableString,
  phone: nullableString,
  code_challenge: nullableString,
  code_challenge_method: nullableString,
});

/** GoTrue's authentication method names, kept in flow_state and in the session's amr. */
export const FLOW_METHOD: Record<EmailFlow, string> = {
  signup: "email/signup",
  magiclink: "magiclink",
  recovery: "recovery",
  email_change: "email_change",
  invite: "invite",
};

async function createPasswordlessUser(
  tx: Tx,
  provider: "email" | "phone",
  address: string,
  data: Record<string, unknown>,
): Promise<UserRow> {
  const now = new Date();
  const id = randomUUID();
  const [user] = await tx
    .insert(users)
    .values({
      id,
      aud: "authenticated",
      role: "authenticated",
      email: provider === "email" ? address : null,
      phone: provider === "phone" ? address : null,
      rawAppMetaData: { provider, providers: [provider] },
      rawUserMetaData: data,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  if (!user) throw new Error("User insert returned no row.");
  await tx.insert(identities).values({
    providerId: id,
    userId: id,
    provider,
    identityData: { sub: id, [provider]: address, email_verified: false, phone_verified: false },
    createdAt: now,
    updatedAt: now,
  });
  return user;
}

/** Queues the email of `flow` for `user` (PKCE: with its flow state) and stamps *_sent_at. */
export async function sendFlowEmail(
  tx: Tx,
  request: Request,
  user: UserRow,
  email: string,
  flow: EmailFlow,
  pkce: PkceParams | null,
  redirectTo: string,
): Promise<Delivery> {
  if (pkce) await createFlowState(tx, user.id, pkce, FLOW_METHOD[flow]);
  const delivery = await queueTokenEmail(tx, {
    userId: user.id,
    email,
    flow,
    redirectTo,
    pkce: !!pkce,
    locale: requestLocale(request),
  });
  const now = new Date();
  const stamp =
    flow === "recovery" || flow === "magiclink"
      ? { recoverySentAt: now }
      : flow === "email_change"
        ? { emailChangeSentAt: now }
        : flow === "invite"
          ? { invitedAt: now, confirmationSentAt: now }
          : { confirmationSentAt: now };
  await tx.update(users).set(stamp).where(eq(users.id, user.id));
  return delivery;
}

export async function handleOtp(
  request: Request,
  info: RequestInfo,
): Promise<{ message_id?: string }> {
  const raw = await readJsonBody(request);
  const body = parseBody(otpBody, raw);
  if (body.email && body.phone) {
    throw validationFailed("Only an email address or phone number should be provided");
  }
  if (!body.email && !body.phone)
    throw validationFailed("An email address or phone number is required");
  const createUser = body.create_user ?? true;
  const config = authConfig();
  const refuseNewUser = () => {
    if (!createUser) throw unprocessable("otp_disabled", "Signups not allowed for otp");
    if (config.disableSignup)
      throw unprocessable("signup_disabled", "Signups not allowed for this instance");
  };

  if (body.phone) {
    const phone = normalizePhone(body.phone);
    if (body.channel && body.channel !== "sms") {
      throw validationFailed("Only the sms channel is supported");
    }
    await cleanUpUnconfirmedUsers();
    await enforceSendLimits(phone, "sms", info);
    const sms = await withSystemContext("auth: phone otp", async (tx) => {
      let user = await findUserByPhone(tx, phone);
      if (!user) {
        refuseNewUser();
        user = await createPasswordlessUser(tx, "phone", phone, body.data ?? {});
      }
      await tx.update(users).set({ confirmationSentAt: new Date() }).where(eq(users.id, user.id));
      await recordAudit(
        tx,
        { id: user.id, username: auditName(user), ip: info.ip },
        "user_confirmation_requested",
        { provider: "phone" },
      );
      return queueTokenSms(tx, {
        userId: user.id,
        phone,
        type: "confirmation_token",
        locale: requestLocale(request),
      });
    });
    await sms.deliver();
    return { message_id: sms.messageId?.() };
  }

  const email = normalizeEmail(body.email ?? "");
  const pkce = pkceParams(body);
  const redirectTo = resolveRedirect(redirectParam(request, raw));
  await cleanUpUnconfirmedUsers();
  await enforceSendLimits(email, "email", info);
  const delivery = await withSystemContext("auth: email otp", async (tx) => {
    let user = await findUserByEmail(tx, email);
    if (!user) {
      refuseNewUser();
      user = await createPasswordlessUser(tx, "email", email, body.data ?? {});
    }
    const flow: EmailFlow = user.emailConfirmedAt ? "magiclink" : "signup";
    await recordAudit(
      tx,
      { id: user.id, username: auditName(user), ip: info.ip },
      flow === "signup" ? "user_confirmation_requested" : "user_recovery_requested",
      { provider: "email" },
    );
    return sendFlowEmail(tx, request, user, email, flow, pkce, redirectTo);
  });
  await delivery.deliver();
  return {};
}

/** POST /recover: a recovery email; {} for an unknown address too (no enumeration). */
export async function handleRecover(request: Request, info: RequestInfo): Promise<object> {
  const raw = await readJsonBody(request);
  const body = parseBody(recoverBody, raw);
  if (!body.email) throw validationFailed("Password recovery requires an email");
  const email = normalizeEmail(body.email);
  const pkce = pkceParams(body);
  const redirectTo = resolveRedirect(redirectParam(request, raw));
  await enforceSendLimits(email, "email", info);
  const delivery = await withSystemContext("auth: recover", async (tx) => {
    const user = await findUserByEmail(tx, email);
    if (!user) return undefined;
    await recordAudit(
      tx,
      { id: user.id, username: auditName(user), ip: info.ip },
      "user_recovery_requested",
    );
    return sendFlowEmail(tx, request, user, email, "recovery", pkce, redirectTo);
  });
  await delivery?.deliver();
  return {};
}

type ResendType = "signup" | "email_change" | "sms" | "phone_change";

/** Whether `user` has something `/resend` of `type` would send again. */
function hasPending(type: ResendType, user: UserRow): boolean {
  if (type === "signup") return !user.emailConfirmedAt;
  if (type === "email_change") return !!user.emailChange;
  if (type === "sms") return !user.phoneConfirmedAt;
  return !!user.phoneChange;
}

const isResendType = (value: string): value is ResendType =>
  ["signup", "email_change", "sms", "phone_change"].includes(value);

/**
 * POST /resend: types signup and email_change (by email), sms and phone_change (by
 * phone). Nothing pending for that address (unknown, already confirmed, no change asked) →
 * 200 {} at once, every time, as GoTrue answers: nothing is sent, so no per-recipient limit
 * is counted (the per-client limit of the router still applies).
 */
export async function handleResend(
  request: Request,
  info: RequestInfo,
): Promise<{ message_id?: string }> {
  const raw = await readJsonBody(request);
  const body = parseBody(resendBody, raw);
  const type = body.type ?? "";
  if (!isResendType(type)) {
    throw validationFailed("Missing one of these types: signup, email_change, sms, phone_change");
  }
  const byEmail = type === "signup" || type === "email_change";
  if (byEmail && !body.email) throw validationFailed("Type provided requires an email address");
  if (!byEmail && !body.phone) throw validationFailed("Type provided requires a phone number");
  const address = byEmail ? normalizeEmail(body.email ?? "") : normalizePhone(body.phone ?? "");
  const pkce = pkceParams(body);
  const redirectTo = resolveRedirect(redirectParam(request, raw));
  const findUser = (tx: Tx) =>
    byEmail ? findUserByEmail(tx, address) : findUserByPhone(tx, address);
  const pending = await withSystemContext("auth: resend lookup", async (tx) => {
    const user = await findUser(tx);
    return !!user && hasPending(type, user);
  });
  if (!pending) return {};
  await enforceSendLimits(address, byEmail ? "email" : "sms", info, {
    smsPurpose: type === "phone_change" ? "phone_change" : "confirmation",
  });
  const locale = requestLocale(request);
  const sent = await withSystemContext("auth: resend", async (tx) => {
    const user = await findUser(tx);
    if (!user || !hasPending(type, user)) return undefined;
    const actor = { id: user.id, username: auditName(user), ip: info.ip };
    if (type === "signup") {
      await recordAudit(tx, actor, "user_confirmation_requested");
      return sendFlowEmail(tx, request, user, address, "signup", pkce, redirectTo);
    }
    if (type === "email_change") {
      const next = user.emailChange ?? "";
      return sendFlowEmail(tx, request, user, next, "email_change", pkce, redirectTo);
    }
    if (type === "sms") {
      await recordAudit(tx, actor, "user_confirmation_requested");
      return queueTokenSms(tx, {
        userId: user.id,
        phone: address,
        type: "confirmation_token",
        locale,
      });
    }
    return queueTokenSms(tx, {
      userId: user.id,
      phone: user.phoneChange ?? "",
      type: "phone_change_token",
      locale,
    });
  });
  if (!sent) return {};
  await sent.deliver();
  return sent.messageId ? { message_id: sent.messageId() } : {};
}
