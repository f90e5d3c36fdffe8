import "server-only";
import { and, eq } from "drizzle-orm";
import { z } from "zod";
import { identities, oneTimeTokens, users } from "@/lib/auth/schema";
import { withProviders } from "@/lib/auth/service/app-metadata";
import { recordAudit } from "@/lib/auth/service/audit";
import { AuthError, validationFailed } from "@/lib/auth/service/errors";
import { issueAuthCode } from "@/lib/auth/service/flow-state";
import { readJsonBody, type RequestInfo } from "@/lib/auth/service/http";
import {
  codeMatches,
  consumeToken,
  countAttempt,
  discardToken,
  findByAddress,
  findByLinkToken,
  isPkceToken,
  tokenExpiredOrInvalid,
  type OneTimeTokenRow,
  type OneTimeTokenType,
} from "@/lib/auth/service/one-time-tokens";
import { FLOW_METHOD } from "@/lib/auth/service/handlers/otp";
import { redirectParam, resolveRedirect } from "@/lib/auth/service/redirects";
import { auditName, createSession, type SessionResponse } from "@/lib/auth/service/sessions";
import { findUserById, isBanned, type UserRow } from "@/lib/auth/service/users";
import {
  normalizeEmail,
  normalizePhone,
  nullableString,
  parseBody,
} from "@/lib/auth/service/validation";
import { withSystemContext, type Tx } from "@/lib/db/context";

/**
 * POST /verify (a code with its address, or a token hash: answers a session) and GET
 * /verify (the link of an email: redirects with the session in the URL fragment, or with
 * `?code=` when the link was issued under PKCE; failures go into the redirect as GoTrue
 * puts them).
 */
const VERIFY_TYPES = {
  signup: ["confirmation_token"],
  invite: ["confirmation_token"],
  magiclink: ["recovery_token"],
  recovery: ["recovery_token"],
  email: ["confirmation_token", "recovery_token"],
  email_change: ["email_change_token_new", "email_change_token_current"],
  sms: ["confirmation_token"],
  phone_change: ["phone_change_token"],
} as const satisfies Record<string, readonly OneTimeTokenType[]>;

export type VerifyType = keyof typeof VERIFY_TYPES;

const isVerifyType = (value: string): value is VerifyType => value in VERIFY_TYPES;

/** The amr method a verification signs in with (GoTrue's names). */
function methodOf(type: VerifyType): string {
  if (type === "sms" || type === "email" || type === "phone_change") return "otp";
  return FLOW_METHOD[type];
}

const verifyBody = z.object({
  type: nullableString,
  token: nullableString,
  token_hash: nullableString,
  email: nullableString,
  phone: nullableString,
});

function verifyType(raw: string | undefined | null): VerifyType {
  if (!raw || !isVerifyType(raw)) throw validationFailed("Verify requires a verification type");
  return raw;
}

/** Makes the row's proof take effect on its user: confirmations and address changes. */
async function applyToken(tx: Tx, row: OneTimeTokenRow, user: UserRow): Promise<UserRow> {
  const now = new Date();
  const changes: Partial<typeof users.$inferInsert> = { updatedAt: now };
  let verified: { kind: "email" | "phone"; address: string } | undefined;
  if (row.tokenType === "confirmation_token" || row.tokenType === "recovery_token") {
    const isEmail = row.relatesTo.includes("@");
    if (isEmail && !user.emailConfirmedAt) changes.emailConfirmedAt = now;
    if (!isEmail && !user.phoneConfirmedAt) changes.phoneConfirmedAt = now;
    verified = { kind: isEmail ? "email" : "phone", address: row.relatesTo };
  } else if (row.tokenType.startsWith("email_change_token")) {
    if (!user.emailChange) throw tokenExpiredOrInvalid();
    Object.assign(changes, {
      email: user.emailChange,
      emailConfirmedAt: now,
      emailChange: "",
      emailChangeSentAt: null,
      emailChangeConfirmStatus: 0,
    });
    verified = { kind: "email", address: user.emailChange };
  } else if (row.tokenType === "phone_change_token") {
    if (!user.phoneChange) throw tokenExpiredOrInvalid();
    Object.assign(changes, {
      phone: user.phoneChange,
      phoneConfirmedAt: now,
      phoneChange: "",
      phoneChangeSentAt: null,
    });
    verified = { kind: "phone", address: user.phoneChange };
  }
  if (verified) {
    const { kind, address } = verified;
    const rows = await tx
      .select()
      .from(identities)
      .where(and(eq(identities.userId, user.id), eq(identities.provider, kind)));
    for (const identity of rows) {
      await tx
        .update(identities)
        .set({
          identityData: { ...identity.identityData, [kind]: address, [`${kind}_verified`]: true },
          updatedAt: now,
        })
        .where(eq(identities.id, identity.id));
    }
    if (rows.length === 0) {
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
  }
  const [updated] = await tx.update(users).set(changes).where(eq(users.id, user.id)).returning();
  return updated ?? user;
}

/** GoTrue's answer when one address of a secure email change has confirmed (no session). */
export const SINGLE_CONFIRMATION_ACCEPTED =
  "Confirmation link accepted. Please proceed to confirm link sent to the other email";

const isEmailChangeToken = (row: OneTimeTokenRow) =>
  row.tokenType === "email_change_token_new" || row.tokenType === "email_change_token_current";

/**
 * Secure email change (GoTrue's): while the token of the other address is still pending,
 * using this one only records the confirmation (`email_change_confirm_status` 1) and the
 * address stays as it is. True when that is the case.
 */
async function awaitsOtherAddress(tx: Tx, row: OneTimeTokenRow, user: UserRow): Promise<boolean> {
  if (!isEmailChangeToken(row)) return false;
  if (!user.emailChange) throw tokenExpiredOrInvalid();
  const other =
    row.tokenType === "email_change_token_new"
      ? "email_change_token_current"
      : "email_change_token_new";
  const [pending] = await tx
    .select({ id: oneTimeTokens.id })
    .from(oneTimeTokens)
    .where(and(eq(oneTimeTokens.userId, user.id), eq(oneTimeTokens.tokenType, other)));
  if (!pending) return false;
  await tx
    .update(users)
    .set({ emailChangeConfirmStatus: 1, updatedAt: new Date() })
    .where(eq(users.id, user.id));
  return true;
}

/**
 * Consumes the row and applies it; the user it belongs to, updated. Null when the row was
 * the first of the two confirmations of a secure email change (nothing applied yet).
 */
async function redeem(tx: Tx, row: OneTimeTokenRow, info: RequestInfo): Promise<UserRow | null> {
  if (!(await consumeToken(tx, row))) throw tokenExpiredOrInvalid();
  const user = await findUserById(tx, row.userId);
  if (!user) throw tokenExpiredOrInvalid();
  if (isBanned(user)) throw new AuthError(403, "user_banned", "User is banned");
  if (await awaitsOtherAddress(tx, row, user)) return null;
  const updated = await applyToken(tx, row, user);
  await recordAudit(
    tx,
    { id: user.id, username: auditName(updated), ip: info.ip },
    isEmailChangeToken(row) || row.tokenType === "phone_change_token" ? "user_modified" : "login",
  );
  return updated;
}

/** Finds the row a code proves (counting the attempt; too many discard the row). */
async function rowForCode(
  type: VerifyType,
  address: string,
  code: string,
): Promise<OneTimeTokenRow> {
  const candidates = await withSystemContext("auth: verify lookup", (tx) =>
    findByAddress(tx, address, [...VERIFY_TYPES[type]]),
  );
  for (const row of candidates) {
    if (!(await countAttempt(row))) {
      await withSystemContext("auth: verify attempts", (tx) => discardToken(tx, row.id));
      continue;
    }
    if (await codeMatches(row, code)) return row;
  }
  throw tokenExpiredOrInvalid();
}

export async function handleVerifyPost(
  request: Request,
  info: RequestInfo,
): Promise<SessionResponse | { msg: string; code: number }> {
  const body = parseBody(verifyBody, await readJsonBody(request));
  const type = verifyType(body.type);
  let row: OneTimeTokenRow | undefined;
  if (body.token_hash) {
    const tokenHash = body.token_hash;
    row = await withSystemContext("auth: verify lookup", (tx) =>
      findByLinkToken(tx, tokenHash, [...VERIFY_TYPES[type]]),
    );
    if (!row) throw tokenExpiredOrInvalid();
  } else {
    if (!body.token) throw validationFailed("Verify requires a token or a token hash");
    const smsLike = type === "sms" || type === "phone_change";
    if (smsLike && !body.phone) throw validationFailed("Sms Verification requires a phone number");
    if (!smsLike && !body.email) throw validationFailed("Verification requires an email");
    const address = smsLike ? normalizePhone(body.phone ?? "") : normalizeEmail(body.email ?? "");
    row = await rowForCode(type, address, body.token.trim());
  }
  const found = row;
  return withSystemContext("auth: verify", async (tx) => {
    const user = await redeem(tx, found, info);
    if (!user) return { msg: SINGLE_CONFIRMATION_ACCEPTED, code: 200 };
    return createSession(tx, user, methodOf(type), info);
  });
}

function redirectTo(target: string, params: Record<string, string>, where: "query" | "fragment") {
  const url = new URL(target);
  const encoded = new URLSearchParams(params);
  if (where === "query") {
    for (const [key, value] of encoded) url.searchParams.set(key, value);
  } else {
    url.hash = encoded.toString();
  }
  return url.toString();
}

function redirectResponse(location: string): Response {
  return new Response(null, {
    status: 303,
    headers: { Location: location, "Cache-Control": "no-store" },
  });
}

/** GET /verify?token=…&type=…&redirect_to=…: the link of an email. */
export async function handleVerifyGet(request: Request, info: RequestInfo): Promise<Response> {
  const params = new URL(request.url).searchParams;
  const target = resolveRedirect(redirectParam(request));
  const token = params.get("token") ?? "";
  const pkce = token.startsWith("pkce_");
  const fail = (error: AuthError) => {
    const details = {
      error: error.status === 403 ? "access_denied" : "server_error",
      error_code: error.code,
      error_description: error.message,
    };
    const withQuery = pkce ? redirectTo(target, details, "query") : target;
    return redirectResponse(redirectTo(withQuery, details, "fragment"));
  };
  try {
    const type = verifyType(params.get("type"));
    const row = await withSystemContext("auth: verify link lookup", (tx) =>
      findByLinkToken(tx, token, [...VERIFY_TYPES[type]]),
    );
    if (!row) throw new AuthError(403, "otp_expired", "Email link is invalid or has expired");
    return await withSystemContext("auth: verify link", async (tx) => {
      const user = await redeem(tx, row, info);
      if (!user) {
        // GoTrue's prepRedirectURL: the message in the fragment (and the query under PKCE).
        const message = { message: SINGLE_CONFIRMATION_ACCEPTED };
        const withQuery = pkce ? redirectTo(target, message, "query") : target;
        return redirectResponse(redirectTo(withQuery, message, "fragment"));
      }
      if (isPkceToken(row)) {
        const code = await issueAuthCode(tx, user.id, methodOf(type));
        if (!code) throw new AuthError(403, "flow_state_not_found", "No valid flow state found");
        return redirectResponse(redirectTo(target, { code }, "query"));
      }
      const session = await createSession(tx, user, methodOf(type), info);
      return redirectResponse(
        redirectTo(
          target,
          {
            access_token: session.access_token,
            expires_at: String(session.expires_at),
            expires_in: String(session.expires_in),
            refresh_token: session.refresh_token,
            token_type: "bearer",
            type,
          },
          "fragment",
        ),
      );
    });
  } catch (error) {
    if (error instanceof AuthError) return fail(error);
    throw error;
  }
}
