import "server-only";
import { and, eq } from "drizzle-orm";
import { createTranslator } from "next-intl";
import { oneTimeTokens, users } from "@/lib/auth/schema";
import { authConfig } from "@/lib/auth/service/config";
import { AuthError } from "@/lib/auth/service/errors";
import type { RequestInfo } from "@/lib/auth/service/http";
import { issueOneTimeToken, type OneTimeTokenType } from "@/lib/auth/service/one-time-tokens";
import type { Tx } from "@/lib/db/context";
import { localeCookie } from "@/lib/i18n/config";
import { negotiateLocale } from "@/lib/i18n/negotiate";
import type { Locale } from "@/lib/i18n/config";
import { loadMessages } from "@/lib/i18n/messages";
import { enqueueMail, type PendingMail } from "@/lib/mail/send";
import { consumeRateLimit } from "@/lib/rate-limit/rate-limit";
import { enqueueSms } from "@/lib/sms/send";

/**
 * Sending one-time tokens: the email (link + code) or text message (code) of each flow,
 * and the sending limits (`enforceSendLimits`). Messages are written in the transaction and
 * delivered after the commit (`deliver`).
 */
export type EmailFlow = "signup" | "magiclink" | "recovery" | "email_change" | "invite";

const TEMPLATE = {
  signup: "authConfirmSignup",
  magiclink: "authMagicLink",
  recovery: "authRecovery",
  email_change: "authEmailChange",
  invite: "authInvite",
} as const;

export const SEND_INTERVAL_SECONDS = 60;
const NO_PROVIDER = "no SMS provider is configured";

/** The request's locale for messages: NEXT_LOCALE cookie, then Accept-Language. */
export function requestLocale(request: Request): Locale {
  const cookie = request.headers
    .get("cookie")
    ?.split(";")
    .map((part) => part.trim().split("="))
    .find(([name]) => name === localeCookie)?.[1];
  return negotiateLocale(cookie, request.headers.get("accept-language"));
}

const limitError = (channel: "email" | "sms", message: string, retryAfterSeconds: number) =>
  new AuthError(
    429,
    channel === "email" ? "over_email_send_rate_limit" : "over_sms_send_rate_limit",
    message,
    { headers: { "Retry-After": String(retryAfterSeconds) } },
  );

/**
 * The sending limits, checked outside any transaction before a message may go out, in this
 * order so that no single client can use up what everyone shares:
 *
 * 1. the recipient: one message a minute per address (GoTrue's max frequency);
 * 2. the client address: AUTH_RATE_LIMIT_SENT_PER_CLIENT per hour (emails and text
 *    messages counted apart; at most half of the shared budget);
 * 3. the shared budget: AUTH_RATE_LIMIT_EMAIL_SENT / AUTH_RATE_LIMIT_SMS_SENT per hour for
 *    all clients together (GoTrue's RATE_LIMIT_EMAIL_SENT / RATE_LIMIT_SMS_SENT).
 *
 * A refusal at one step consumes nothing of the later ones. 429 over_email_send_rate_limit /
 * over_sms_send_rate_limit (GoTrue's codes and texts). With SMS_PROVIDER=none a text message
 * cannot go out at all: 422 sms_send_failed before anything is counted (`smsPurpose` names
 * the code in the message, GoTrue's way).
 */
export async function enforceSendLimits(
  address: string,
  channel: "email" | "sms",
  info: RequestInfo,
  options: { perClient?: boolean; smsPurpose?: string } = {},
): Promise<void> {
  const config = authConfig();
  if (channel === "sms" && config.smsProvider === "none") {
    throw smsSendFailed(options.smsPurpose ?? "confirmation", NO_PROVIDER);
  }
  const limits = config.rateLimits;
  const recipient = await consumeRateLimit({
    key: `auth:send-to:${address}`,
    limit: 1,
    windowSeconds: SEND_INTERVAL_SECONDS,
  });
  if (!recipient.allowed) {
    throw limitError(
      channel,
      `For security purposes, you can only request this after ${recipient.retryAfterSeconds} seconds.`,
      recipient.retryAfterSeconds,
    );
  }
  const exceeded = channel === "email" ? "Email rate limit exceeded" : "SMS rate limit exceeded";
  if (options.perClient ?? true) {
    const client = await consumeRateLimit({
      key: `auth:sent-by:${channel}:${info.ip}`,
      limit: limits.sentPerClient[channel],
      windowSeconds: 3600,
    });
    if (!client.allowed) throw limitError(channel, exceeded, client.retryAfterSeconds);
  }
  const shared = await consumeRateLimit({
    key: channel === "email" ? "auth:emails-sent" : "auth:sms-sent",
    limit: channel === "email" ? limits.emailSent : limits.smsSent,
    windowSeconds: 3600,
  });
  if (!shared.allowed) throw limitError(channel, exceeded, shared.retryAfterSeconds);
}

export interface Delivery {
  deliver(): Promise<void>;
  /** Text messages: the provider's id of the sent message, once delivered. */
  messageId?: () => string | undefined;
}

const TOKEN_TYPE: Record<EmailFlow, OneTimeTokenType> = {
  signup: "confirmation_token",
  invite: "confirmation_token",
  magiclink: "recovery_token",
  recovery: "recovery_token",
  email_change: "email_change_token_new",
};

/**
 * Issues the flow's token for `email` and queues its email (link to GET /verify + code).
 * An email change with AUTH_SECURE_EMAIL_CHANGE (GoTrue's secure email change) also issues
 * `email_change_token_current` for the user's current address and mails it there: the change
 * applies only once both are used (handlers/verify.ts).
 */
export async function queueTokenEmail(
  tx: Tx,
  input: {
    userId: string;
    email: string;
    flow: EmailFlow;
    redirectTo: string;
    pkce: boolean;
    locale: Locale;
  },
): Promise<Delivery> {
  const config = authConfig();
  const { code, linkToken } = await issueOneTimeToken(
    tx,
    input.userId,
    TOKEN_TYPE[input.flow],
    input.email,
    input.pkce,
  );
  const pending: PendingMail = await enqueueMail(tx, {
    to: input.email,
    template: TEMPLATE[input.flow],
    data: {
      link: verifyLink(linkToken, input.flow, input.redirectTo),
      code,
      minutes: Math.round(config.otpExpirySeconds / 60),
      email: input.email,
    },
    locale: input.locale,
  });
  if (input.flow !== "email_change") return pending;
  const current = await queueCurrentAddressEmail(tx, input);
  if (!current) return pending;
  return {
    deliver: async () => {
      await pending.deliver();
      await current.deliver();
    },
  };
}

function verifyLink(linkToken: string, type: EmailFlow, redirectTo: string): string {
  const link = new URL(`${authConfig().issuer}/verify`);
  link.searchParams.set("token", linkToken);
  link.searchParams.set("type", type);
  link.searchParams.set("redirect_to", redirectTo);
  return link.toString();
}

/**
 * The second half of a secure email change: a token for the current address (its own code
 * and link, verify type `email_change` too) and the mail that asks that address to agree.
 * Resets `email_change_confirm_status` (no confirmation yet). Without the setting, or for
 * a user without an email, nothing is sent and any older current-address token is removed.
 */
async function queueCurrentAddressEmail(
  tx: Tx,
  input: { userId: string; email: string; redirectTo: string; pkce: boolean; locale: Locale },
): Promise<Delivery | undefined> {
  const [user] = await tx
    .select({ email: users.email })
    .from(users)
    .where(eq(users.id, input.userId));
  await tx.update(users).set({ emailChangeConfirmStatus: 0 }).where(eq(users.id, input.userId));
  const currentEmail = user?.email;
  if (!authConfig().secureEmailChange || !currentEmail || currentEmail === input.email) {
    await tx
      .delete(oneTimeTokens)
      .where(
        and(
          eq(oneTimeTokens.userId, input.userId),
          eq(oneTimeTokens.tokenType, "email_change_token_current"),
        ),
      );
    return undefined;
  }
  const { code, linkToken } = await issueOneTimeToken(
    tx,
    input.userId,
    "email_change_token_current",
    currentEmail,
    input.pkce,
  );
  return enqueueMail(tx, {
    to: currentEmail,
    template: "authEmailChangeCurrent",
    data: {
      link: verifyLink(linkToken, "email_change", input.redirectTo),
      code,
      minutes: Math.round(authConfig().otpExpirySeconds / 60),
      email: currentEmail,
      newEmail: input.email,
    },
    locale: input.locale,
  });
}

/** Issues a code-only token (reauthentication) and queues its email. */
export async function queueReauthenticationEmail(
  tx: Tx,
  input: { userId: string; email: string; locale: Locale },
): Promise<Delivery> {
  const { code } = await issueOneTimeToken(
    tx,
    input.userId,
    "reauthentication_token",
    input.email,
    false,
  );
  return enqueueMail(tx, {
    to: input.email,
    template: "authReauthentication",
    data: {
      code,
      minutes: Math.round(authConfig().otpExpirySeconds / 60),
      email: input.email,
    },
    locale: input.locale,
  });
}

async function smsText(locale: Locale, code: string): Promise<string> {
  const messages = await loadMessages(locale);
  const t = createTranslator({ locale, messages, namespace: "mail" });
  return t("sms.code", { code });
}

/** GoTrue's name of an SMS code's purpose, as its sms_send_failed message says it. */
const SMS_PURPOSE: Partial<Record<OneTimeTokenType, string>> = {
  confirmation_token: "confirmation",
  phone_change_token: "phone_change",
  reauthentication_token: "reauthentication",
};

/** 422 sms_send_failed, as GoTrue answers when its SMS provider refuses or is missing. */
export function smsSendFailed(purpose: string, reason: string): AuthError {
  return new AuthError(
    422,
    "sms_send_failed",
    `Error sending ${purpose} OTP to provider: ${reason}`,
  );
}

/**
 * Issues a code for `phone` (stored without "+") and queues its text message. With
 * SMS_PROVIDER=none nothing can be sent: 422 sms_send_failed before anything is written (the
 * caller's transaction rolls back). A provider that fails on delivery gives the same error.
 */
export async function queueTokenSms(
  tx: Tx,
  input: { userId: string; phone: string; type: OneTimeTokenType; locale: Locale },
): Promise<Delivery> {
  const purpose = SMS_PURPOSE[input.type] ?? "sms";
  if (authConfig().smsProvider === "none") {
    throw smsSendFailed(purpose, NO_PROVIDER);
  }
  const { code } = await issueOneTimeToken(tx, input.userId, input.type, input.phone, false);
  const pending = await enqueueSms(tx, {
    to: `+${input.phone}`,
    body: await smsText(input.locale, code),
  });
  let id: string | undefined;
  return {
    deliver: async () => {
      try {
        id = (await pending.deliver()).id;
      } catch (error) {
        console.error("auth: sms not sent", { type: input.type, error });
        throw smsSendFailed(purpose, error instanceof Error ? error.message : "provider error");
      }
    },
    messageId: () => id,
  };
}
