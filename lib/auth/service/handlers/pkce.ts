import "server-only";
import { z } from "zod";
import { recordAudit } from "@/lib/auth/service/audit";
import { AuthError, validationFailed } from "@/lib/auth/service/errors";
import { consumeFlowState } from "@/lib/auth/service/flow-state";
import { readJsonBody, type RequestInfo } from "@/lib/auth/service/http";
import { auditName, createSession, type SessionResponse } from "@/lib/auth/service/sessions";
import { findUserById, isBanned } from "@/lib/auth/service/users";
import { nullableString, parseBody } from "@/lib/auth/service/validation";
import { withSystemContext } from "@/lib/db/context";

const pkceBody = z.object({ auth_code: nullableString, code_verifier: nullableString });

/** POST /token?grant_type=pkce {auth_code, code_verifier}: the session of a PKCE flow. */
export async function pkceGrant(request: Request, info: RequestInfo): Promise<SessionResponse> {
  const body = parseBody(pkceBody, await readJsonBody(request));
  if (!body.auth_code || !body.code_verifier) {
    throw validationFailed("invalid request: both auth code and code verifier should be non-empty");
  }
  const { auth_code: authCode, code_verifier: verifier } = body;
  return withSystemContext("auth: pkce exchange", async (tx) => {
    const flow = await consumeFlowState(tx, authCode, verifier);
    const user = flow.userId ? await findUserById(tx, flow.userId) : undefined;
    if (!user) throw new AuthError(404, "user_not_found", "User not found");
    if (isBanned(user)) throw new AuthError(400, "user_banned", "User is banned");
    const session = await createSession(tx, user, flow.authenticationMethod, info);
    await recordAudit(tx, { id: user.id, username: auditName(user), ip: info.ip }, "login", {
      provider: flow.providerType,
    });
    return session;
  });
}
