import "server-only";
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { z } from "zod";
import { identities, users } from "@/lib/auth/schema";
import { requireAdmin } from "@/lib/auth/service/admin-bearer";
import { recordAudit } from "@/lib/auth/service/audit";
import { authConfig } from "@/lib/auth/service/config";
import { AuthError, unprocessable, validationFailed } from "@/lib/auth/service/errors";
import { readJsonBody, type RequestInfo } from "@/lib/auth/service/http";
import { issueOneTimeToken, type OneTimeTokenType } from "@/lib/auth/service/one-time-tokens";
import { hashPassword } from "@/lib/auth/service/passwords";
import { redirectParam, resolveRedirect } from "@/lib/auth/service/redirects";
import { findUserByEmail, findUserById, loadUserDto, type UserRow } from "@/lib/auth/service/users";
import { assertPasswordPolicy } from "@/lib/auth/service/password-policy";
import {
  normalizeEmail,
  nullableRecord,
  nullableString,
  parseBody,
} from "@/lib/auth/service/validation";
import { withSystemContext, type Tx } from "@/lib/db/context";

/**
 * POST /admin/generate_link (service_role; auth.admin.generateLink): the link and code an
 * email would carry, without sending anything (for apps that send their own mail). The
 * answer is the user with `action_link`, `email_otp`, `hashed_token` (the link's token, which
 * `verifyOtp({ token_hash })` accepts), `verification_type` and `redirect_to`, as GoTrue's.
 * As GoTrue: magiclink for an unknown address signs up (verification type signup, random
 * password); recovery and email change for an unknown address → 404 user_not_found.
 */
const LINK_TYPES = [
  "signup",
  "invite",
  "magiclink",
  "recovery",
  "email_change_current",
  "email_change_new",
] as const;
type LinkType = (typeof LINK_TYPES)[number];

const body = z.object({
  type: nullableString,
  email: nullableString,
  new_email: nullableString,
  password: nullableString,
  data: nullableRecord,
});

const emailExists = () =>
  unprocessable("email_exists", "A user with this email address has already been registered");

async function createEmailUser(
  tx: Tx,
  email: string,
  password: string | null,
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
      email,
      encryptedPassword: password ? await hashPassword(password) : "",
      rawAppMetaData: { provider: "email", providers: ["email"] },
      rawUserMetaData: data,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  if (!user) throw new Error("User insert returned no row.");
  await tx.insert(identities).values({
    providerId: id,
    userId: id,
    provider: "email",
    identityData: { sub: id, email, email_verified: false, phone_verified: false },
    createdAt: now,
    updatedAt: now,
  });
  return user;
}

function actionLink(token: string, type: string, redirectTo: string): string {
  const link = new URL(`${authConfig().issuer}/verify`);
  link.searchParams.set("token", token);
  link.searchParams.set("type", type);
  link.searchParams.set("redirect_to", redirectTo);
  return link.toString();
}

export async function handleGenerateLink(
  request: Request,
  info: RequestInfo,
): Promise<Record<string, unknown>> {
  await requireAdmin(request);
  const raw = await readJsonBody(request);
  const input = parseBody(body, raw);
  const type = input.type as LinkType;
  if (!LINK_TYPES.includes(type))
    throw validationFailed("Invalid email action link type requested");
  if (!input.email) throw validationFailed("Password reset requires a valid email");
  const email = normalizeEmail(input.email);
  const redirectTo = resolveRedirect(redirectParam(request, raw));
  const newEmail = input.new_email ? normalizeEmail(input.new_email) : null;
  if (type.startsWith("email_change") && !newEmail) {
    throw validationFailed("Change email requires a valid email");
  }
  if (type === "signup" && input.password) assertPasswordPolicy(input.password);
  const passwordHashNeeded = type === "signup";

  return withSystemContext("auth: generate link", async (tx) => {
    let user = await findUserByEmail(tx, email);
    let verificationType: string = type.startsWith("email_change") ? "email_change" : type;
    let tokenType: OneTimeTokenType;
    let relatesTo = email;
    const now = new Date();
    const changes: Partial<typeof users.$inferInsert> = {};

    if (type === "signup" || type === "invite" || (type === "magiclink" && !user)) {
      if (user?.emailConfirmedAt) throw emailExists();
      if (type === "signup" && !input.password && !user) {
        throw validationFailed("Signup requires a valid password");
      }
      if (!user) {
        user = await createEmailUser(
          tx,
          email,
          passwordHashNeeded ? (input.password ?? null) : null,
          input.data ?? {},
        );
        await recordAudit(
          tx,
          { id: user.id, username: email, ip: info.ip },
          type === "invite" ? "user_invited" : "user_signedup",
        );
      }
      if (type === "magiclink") verificationType = "signup";
      tokenType = "confirmation_token";
      changes.confirmationSentAt = now;
      if (type === "invite") changes.invitedAt = now;
    } else if (!user) {
      throw new AuthError(404, "user_not_found", "User with this email not found");
    } else if (type === "magiclink" || type === "recovery") {
      tokenType = "recovery_token";
      changes.recoverySentAt = now;
    } else {
      const target = newEmail ?? "";
      const holder = await findUserByEmail(tx, target);
      if (holder && holder.id !== user.id) throw emailExists();
      changes.emailChange = target;
      changes.emailChangeSentAt = now;
      if (type === "email_change_new") {
        tokenType = "email_change_token_new";
        relatesTo = target;
      } else {
        tokenType = "email_change_token_current";
      }
    }

    const issued = await issueOneTimeToken(tx, user.id, tokenType, relatesTo, false);
    await tx.update(users).set(changes).where(eq(users.id, user.id));
    const fresh = (await findUserById(tx, user.id)) ?? user;
    return {
      ...(await loadUserDto(tx, fresh)),
      action_link: actionLink(issued.linkToken, verificationType, redirectTo),
      email_otp: issued.code,
      hashed_token: issued.linkToken,
      verification_type: verificationType,
      redirect_to: redirectTo,
    };
  });
}
