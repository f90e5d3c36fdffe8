import "server-only";
import { z } from "zod";
import { recordAudit } from "@/lib/auth/service/audit";
import { loadBearer, verifyBearer } from "@/lib/auth/service/bearer";
import { badRequest, validationFailed } from "@/lib/auth/service/errors";
import {
  assertManualLinkingEnabled,
  linkExternalIdentity,
  userForExternalIdentity,
} from "@/lib/auth/service/external-identities";
import { verifyGoogleIdToken } from "@/lib/auth/service/google";
import { readJsonBody, type RequestInfo } from "@/lib/auth/service/http";
import { auditName, createSession, type SessionResponse } from "@/lib/auth/service/sessions";
import { nullableString, parseBody } from "@/lib/auth/service/validation";
import { withSystemContext } from "@/lib/db/context";

const idTokenBody = z.object({
  provider: nullableString,
  id_token: nullableString,
  nonce: nullableString,
  link_identity: z.boolean().nullish(),
});

/**
 * POST /token?grant_type=id_token (signInWithIdToken; linkIdentity with a token sends
 * link_identity and the session's Bearer). Only Google is served.
 */
export async function idTokenGrant(request: Request, info: RequestInfo): Promise<SessionResponse> {
  const body = parseBody(idTokenBody, await readJsonBody(request));
  if (!body.id_token) throw validationFailed("id_token required");
  if (!body.provider) throw validationFailed("provider or client_id and issuer required");
  if (body.provider !== "google") {
    throw badRequest("validation_failed", `Custom OIDC provider "${body.provider}" not allowed`);
  }
  // The Bearer and the id token are checked before any transaction opens.
  const bearer = body.link_identity ? await verifyBearer(request) : undefined;
  if (bearer) assertManualLinkingEnabled();
  const external = await verifyGoogleIdToken(body.id_token, body.nonce || undefined);

  return withSystemContext("auth: id_token grant", async (tx) => {
    const user = bearer
      ? await linkExternalIdentity(tx, (await loadBearer(tx, bearer)).user, external)
      : await userForExternalIdentity(tx, external, info);
    const session = await createSession(tx, user, "oauth", info);
    await recordAudit(tx, { id: user.id, username: auditName(user), ip: info.ip }, "login", {
      provider: external.provider,
    });
    return session;
  });
}
