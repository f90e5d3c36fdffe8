import "server-only";
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { z } from "zod";
import { identities, users } from "@/lib/auth/schema";
import { recordAudit } from "@/lib/auth/service/audit";
import { authConfig } from "@/lib/auth/service/config";
import { AuthError, unprocessable, validationFailed } from "@/lib/auth/service/errors";
import { handleAnonymousSignup } from "@/lib/auth/service/handlers/anonymous";
import { sendFlowEmail } from "@/lib/auth/service/handlers/otp";
import { pkceParams } from "@/lib/auth/service/flow-state";
import {
  enforceSendLimits,
  queueTokenSms,
  requestLocale,
  type Delivery,
} from "@/lib/auth/service/otp-delivery";
import { redirectParam, resolveRedirect } from "@/lib/auth/service/redirects";
import { readJsonBody, type RequestInfo } from "@/lib/auth/service/http";
import { hashPassword } from "@/lib/auth/service/passwords";
import { assertPasswordPolicy } from "@/lib/auth/service/password-policy";
import { auditName, createSession, type SessionResponse } from "@/lib/auth/service/sessions";
import {
  findUserByEmail,
  findUserByPhone,
  loadUserDto,
  type UserDto,
  type UserRow,
} from "@/lib/auth/service/users";
import { cleanUpUnconfirmedUsers } from "@/lib/auth/service/unconfirmed-users";
import {
  normalizeEmail,
  normalizePhone,
  nullableRecord,
  nullableString,
  parseBody,
} from "@/lib/auth/service/validation";
import { withSystemContext, type Tx } from "@/lib/db/context";

const signupBody = z.object({
  email: nullableString,
  phone: nullableString,
  password: nullableString,
  data: nullableRecord,
  code_challenge: nullableString,
  code_challenge_method: nullableString,
});

type Provider = "email" | "phone";

function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e && typeof e === "object"; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === "23505") return true;
  }
  return false;
}

const alreadyRegistered = () => unprocessable("user_already_exists", "User already registered");

/**
 * What GoTrue answers for a confirmed address when confirmation is on (its sanitizeUser): a
 * look-alike of a fresh unconfirmed user with a random id, the request's data, no identities
 * and nothing of the real account. No email goes out.
 */
function obfuscatedUser(
  provider: Provider,
  address: string,
  existing: UserRow,
  data: Record<string, unknown>,
): UserDto {
  const now = new Date().toISOString();
  return {
    id: randomUUID(),
    aud: "authenticated",
    role: existing.role ?? "authenticated",
    email: provider === "email" ? address : "",
    phone: provider === "phone" ? address : "",
    confirmation_sent_at: now,
    app_metadata: { provider, providers: [provider] },
    user_metadata: data,
    identities: [],
    created_at: now,
    updated_at: now,
    is_anonymous: false,
  };
}

async function insertUser(
  tx: Tx,
  provider: Provider,
  address: string,
  passwordHash: string,
  data: Record<string, unknown>,
  confirmed: boolean,
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
      encryptedPassword: passwordHash,
      emailConfirmedAt: provider === "email" && confirmed ? now : null,
      phoneConfirmedAt: provider === "phone" && confirmed ? now : null,
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
    identityData: {
      sub: id,
      [provider]: address,
      email_verified: provider === "email" && confirmed,
      phone_verified: provider === "phone" && confirmed,
    },
    createdAt: now,
    updatedAt: now,
  });
  return user;
}

/**
 * POST /signup: email or phone + password (with autoconfirm, answers a session; without it,
 * the unconfirmed user and a confirmation by email or SMS); neither email nor phone: an
 * anonymous sign-in. A confirmed address: 422 user_already_exists with autoconfirm, else the
 * look-alike user (no enumeration), as GoTrue does.
 */
export async function handleSignup(
  request: Request,
  info: RequestInfo,
): Promise<SessionResponse | UserDto> {
  const config = authConfig();
  if (config.disableSignup)
    throw unprocessable("signup_disabled", "Signups not allowed for this instance");
  const raw = await readJsonBody(request);
  const body = parseBody(signupBody, raw);
  if (!body.email && !body.phone) return handleAnonymousSignup(body.data ?? {}, info);
  if (!body.password)
    throw new AuthError(422, "validation_failed", "Signup requires a valid password");
  if (body.email && body.phone) {
    throw validationFailed("Only an email address or phone number should be provided on signup.");
  }
  const provider: Provider = body.email ? "email" : "phone";
  const address = body.email ? normalizeEmail(body.email) : normalizePhone(body.phone ?? "");
  assertPasswordPolicy(body.password);
  const passwordHash = await hashPassword(body.password);
  const confirmed = provider === "email" ? config.mailerAutoconfirm : config.smsAutoconfirm;
  const pkce = pkceParams(body);
  const redirectTo = resolveRedirect(redirectParam(request, raw));
  await cleanUpUnconfirmedUsers();
  // Without autoconfirm a confirmation goes out: its sending limits apply first (also for a
  // confirmed address, which gets none, so that both answer alike).
  if (!confirmed) await enforceSendLimits(address, provider === "email" ? "email" : "sms", info);
  let delivery: Delivery | undefined;
  let repeated = false;

  try {
    const answer = await withSystemContext("auth: signup", async (tx) => {
      const existing =
        provider === "email"
          ? await findUserByEmail(tx, address)
          : await findUserByPhone(tx, address);
      let user: UserRow;
      if (existing) {
        const existingConfirmed =
          provider === "email" ? existing.emailConfirmedAt : existing.phoneConfirmedAt;
        if (existingConfirmed) {
          await recordAudit(
            tx,
            { id: existing.id, username: auditName(existing), ip: info.ip },
            "user_repeated_signup",
            { provider },
          );
          repeated = true;
          if (confirmed) return undefined;
          return obfuscatedUser(provider, address, existing, body.data ?? {});
        }
        // An unconfirmed sign-up tried again: the newest password and data win.
        const now = new Date();
        const [updated] = await tx
          .update(users)
          .set({
            encryptedPassword: passwordHash,
            rawUserMetaData: body.data ?? existing.rawUserMetaData ?? {},
            updatedAt: now,
            ...(confirmed
              ? provider === "email"
                ? { emailConfirmedAt: now }
                : { phoneConfirmedAt: now }
              : {}),
          })
          .where(eq(users.id, existing.id))
          .returning();
        user = updated ?? existing;
      } else {
        user = await insertUser(tx, provider, address, passwordHash, body.data ?? {}, confirmed);
        await recordAudit(
          tx,
          { id: user.id, username: auditName(user), ip: info.ip },
          "user_signedup",
          {
            provider,
          },
        );
      }
      if (!confirmed) {
        delivery =
          provider === "email"
            ? await sendFlowEmail(tx, request, user, address, "signup", pkce, redirectTo)
            : await queueTokenSms(tx, {
                userId: user.id,
                phone: address,
                type: "confirmation_token",
                locale: requestLocale(request),
              });
        const [stamped] = await tx.select().from(users).where(eq(users.id, user.id));
        return loadUserDto(tx, stamped ?? user);
      }
      const session = await createSession(tx, user, "password", info);
      await recordAudit(tx, { id: user.id, username: auditName(user), ip: info.ip }, "login", {
        provider,
      });
      return session;
    });
    // GoTrue records the repeated sign-up (committed), then refuses it with autoconfirm on.
    if (repeated && !answer) throw alreadyRegistered();
    if (!answer) throw new Error("Sign-up produced no answer.");
    await delivery?.deliver();
    return answer;
  } catch (error) {
    if (isUniqueViolation(error)) throw alreadyRegistered();
    throw error;
  }
}
