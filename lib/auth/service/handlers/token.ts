import "server-only";
import { z } from "zod";
import { recordAudit } from "@/lib/auth/service/audit";
import { badRequest, INVALID_LOGIN, validationFailed } from "@/lib/auth/service/errors";
import { readJsonBody, type RequestInfo } from "@/lib/auth/service/http";
import { idTokenGrant } from "@/lib/auth/service/handlers/id-token";
import { pkceGrant } from "@/lib/auth/service/handlers/pkce";
import { web3Grant } from "@/lib/auth/service/handlers/web3";
import { verifyPassword } from "@/lib/auth/service/passwords";
import {
  auditName,
  createSession,
  refreshSession,
  type SessionResponse,
} from "@/lib/auth/service/sessions";
import { findUserByEmail, findUserByPhone, isBanned } from "@/lib/auth/service/users";
import { nullableString, parseBody } from "@/lib/auth/service/validation";
import { withSystemContext } from "@/lib/db/context";

const passwordBody = z.object({
  email: nullableString,
  phone: nullableString,
  password: nullableString,
});
const refreshBody = z.object({ refresh_token: nullableString });

const invalidCredentials = () => badRequest("invalid_credentials", INVALID_LOGIN);

async function passwordGrant(request: Request, info: RequestInfo): Promise<SessionResponse> {
  const body = parseBody(passwordBody, await readJsonBody(request));
  if (body.email && body.phone) {
    throw validationFailed("Only an email address or phone number should be provided on login.");
  }
  if (!body.email && !body.phone) throw validationFailed("missing email or phone");
  const password = body.password ?? "";
  const provider = body.email ? "email" : "phone";
  const email = body.email?.trim().toLowerCase() ?? "";
  const phone =
    body.phone
      ?.trim()
      .replace(/[\s\-().]/g, "")
      .replace(/^\+/, "") ?? "";

  const user = await withSystemContext("auth: password sign-in lookup", (tx) =>
    provider === "email" ? findUserByEmail(tx, email) : findUserByPhone(tx, phone),
  );
  // Unknown user and wrong password: the same answer, after the same bcrypt work.
  const valid = await verifyPassword(password, user?.encryptedPassword);
  if (!user || !valid) throw invalidCredentials();
  if (provider === "email" && !user.emailConfirmedAt)
    throw badRequest("email_not_confirmed", "Email not confirmed");
  if (provider === "phone" && !user.phoneConfirmedAt)
    throw badRequest("phone_not_confirmed", "Phone not confirmed");
  if (isBanned(user)) throw badRequest("user_banned", "User is banned");

  return withSystemContext("auth: password sign-in", async (tx) => {
    const session = await createSession(tx, user, "password", info);
    await recordAudit(tx, { id: user.id, username: auditName(user), ip: info.ip }, "login", {
      provider,
    });
    return session;
  });
}

async function refreshTokenGrant(request: Request, info: RequestInfo): Promise<SessionResponse> {
  const body = parseBody(refreshBody, await readJsonBody(request));
  if (!body.refresh_token) throw validationFailed("refresh_token required");
  const token = body.refresh_token;
  const outcome = await withSystemContext("auth: refresh", (tx) => refreshSession(tx, token, info));
  // Reuse: the family's revocation is committed; only then is the caller refused.
  if (outcome.kind === "reused") {
    throw badRequest("refresh_token_already_used", "Invalid Refresh Token: Already Used");
  }
  return outcome.session;
}

/** POST /token?grant_type=…: password, refresh_token, id_token (Google), web3 (Solana). */
export async function handleToken(request: Request, info: RequestInfo): Promise<SessionResponse> {
  const grantType = new URL(request.url).searchParams.get("grant_type");
  if (grantType === "password") return passwordGrant(request, info);
  if (grantType === "refresh_token") return refreshTokenGrant(request, info);
  if (grantType === "id_token") return idTokenGrant(request, info);
  if (grantType === "web3") return web3Grant(request, info);
  if (grantType === "pkce") return pkceGrant(request, info);
  throw badRequest("unsupported_grant_type", "unsupported_grant_type");
}
