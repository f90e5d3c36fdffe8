import "server-only";
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { flowState } from "@/lib/auth/schema";
import { recordAudit } from "@/lib/auth/service/audit";
import { loadBearer, verifyBearer } from "@/lib/auth/service/bearer";
import { AuthError, forbidden } from "@/lib/auth/service/errors";
import {
  assertManualLinkingEnabled,
  linkExternalIdentity,
  userForExternalIdentity,
} from "@/lib/auth/service/external-identities";
import { pkceParams } from "@/lib/auth/service/flow-state";
import { verifyGoogleIdToken } from "@/lib/auth/service/google";
import { readBodyText, type RequestInfo } from "@/lib/auth/service/http";
import {
  authorizationUrl,
  exchangeCode,
  oauthProvider,
  readState,
  signState,
  type OAuthState,
} from "@/lib/auth/service/oauth";
import { redirectParam, resolveRedirect } from "@/lib/auth/service/redirects";
import { auditName, createSession } from "@/lib/auth/service/sessions";
import { findUserById, isBanned } from "@/lib/auth/service/users";
import { withSystemContext } from "@/lib/db/context";

/**
 * GoTrue's OAuth redirect flow: GET /authorize (302 to the provider with a signed state),
 * GET|POST /callback (the provider's return: code exchange, id token verification, sign-in,
 * sign-up or linking, then 302 to redirect_to with the session in the fragment, or `?code=`
 * under PKCE) and GET /user/identities/authorize (linkIdentity: `{url}` for the signed-in
 * user). Failures after the state was read go to redirect_to as GoTrue sends them.
 */
function found(location: string): Response {
  return new Response(null, {
    status: 302,
    headers: { Location: location, "Cache-Control": "no-store" },
  });
}

/** The provider's URL for this request; a PKCE challenge gets its flow_state row first. */
async function providerRedirectUrl(
  request: Request,
  linkingTargetId: string | null,
): Promise<string> {
  const query = new URL(request.url).searchParams;
  const provider = oauthProvider(query.get("provider"));
  const referrer = resolveRedirect(redirectParam(request));
  const pkce = pkceParams({
    code_challenge: query.get("code_challenge"),
    code_challenge_method: query.get("code_challenge_method"),
  });
  let flowStateId: string | null = null;
  if (pkce) {
    flowStateId = randomUUID();
    const id = flowStateId;
    await withSystemContext("auth: oauth flow state", async (tx) => {
      const now = new Date();
      await tx.insert(flowState).values({
        id,
        userId: null,
        authCode: randomUUID(),
        codeChallengeMethod: pkce.method,
        codeChallenge: pkce.codeChallenge,
        providerType: provider.name,
        authenticationMethod: "oauth",
        createdAt: now,
        updatedAt: now,
      });
    });
  }
  const state = await signState({
    provider: provider.name,
    referrer,
    flowStateId,
    linkingTargetId,
  });
  return authorizationUrl(provider, state, query);
}

/** GET /authorize?provider=…&redirect_to=…[&code_challenge=…]: 302 to the provider. */
export async function handleAuthorize(request: Request): Promise<Response> {
  return found(await providerRedirectUrl(request, null));
}

/** GET /user/identities/authorize (Bearer): the provider URL that links to this user. */
export async function handleLinkIdentityAuthorize(
  request: Request,
): Promise<Response | { url: string }> {
  const bearer = await verifyBearer(request);
  const { user } = await withSystemContext("auth: link identity", (tx) => loadBearer(tx, bearer));
  assertManualLinkingEnabled();
  const url = await providerRedirectUrl(request, user.id);
  if (new URL(request.url).searchParams.get("skip_http_redirect") === "true") return { url };
  return found(url);
}

function withParams(target: string, params: Record<string, string>, where: "query" | "fragment") {
  const url = new URL(target);
  const encoded = new URLSearchParams(params);
  if (where === "query") {
    for (const [key, value] of encoded) url.searchParams.set(key, value);
  } else {
    url.hash = encoded.toString();
  }
  return url.toString();
}

/** GoTrue's redirectErrors: in the fragment, and in the query too under PKCE. */
function errorRedirect(state: OAuthState, details: Record<string, string>): Response {
  const target = state.flowStateId ? withParams(state.referrer, details, "query") : state.referrer;
  return found(withParams(target, details, "fragment"));
}

function errorDetails(error: AuthError): Record<string, string> {
  if (error.oauth) {
    return {
      error: error.code,
      error_code: "bad_oauth_callback",
      error_description: error.message,
    };
  }
  return {
    error:
      error.status >= 500
        ? "server_error"
        : error.status === 403
          ? "access_denied"
          : "invalid_request",
    error_code: error.code,
    error_description: error.message,
  };
}

async function callbackParams(request: Request): Promise<URLSearchParams> {
  if (request.method !== "POST") return new URL(request.url).searchParams;
  // form_post response mode: the same fields in an urlencoded body (read as every body of
  // the service is: at most 1 MB, an abandoned body a 400).
  const text = await readBodyText(request);
  return new URLSearchParams(text.slice(0, 64 * 1024));
}

/** GET|POST /callback?code=…&state=…: the provider sends the visitor back here. */
export async function handleCallback(request: Request, info: RequestInfo): Promise<Response> {
  const params = await callbackParams(request);
  const state = await readState(params.get("state"));
  try {
    const providerError = params.get("error");
    if (providerError) {
      return errorRedirect(state, {
        error: providerError,
        error_code: "bad_oauth_callback",
        error_description: params.get("error_description") ?? providerError,
      });
    }
    const code = params.get("code");
    if (!code) {
      throw new AuthError(
        400,
        "bad_oauth_callback",
        "OAuth callback with missing authorization code missing",
      );
    }
    const provider = oauthProvider(state.provider);
    const tokens = await exchangeCode(provider, code);
    const external = await verifyGoogleIdToken(tokens.idToken, undefined);
    const location = await withSystemContext("auth: oauth callback", async (tx) => {
      let user;
      if (state.linkingTargetId) {
        const target = await findUserById(tx, state.linkingTargetId);
        if (!target) throw forbidden("user_not_found", "User not found");
        user = await linkExternalIdentity(tx, target, external);
      } else {
        user = await userForExternalIdentity(tx, external, info);
      }
      if (isBanned(user)) throw forbidden("user_banned", "User is banned");
      await recordAudit(tx, { id: user.id, username: auditName(user), ip: info.ip }, "login", {
        provider: provider.name,
      });
      if (state.flowStateId) {
        const now = new Date();
        const [flow] = await tx
          .update(flowState)
          .set({
            userId: user.id,
            providerAccessToken: tokens.accessToken,
            providerRefreshToken: tokens.refreshToken,
            authCodeIssuedAt: now,
            updatedAt: now,
          })
          .where(eq(flowState.id, state.flowStateId))
          .returning();
        if (!flow) {
          throw new AuthError(404, "flow_state_not_found", "No valid flow state found");
        }
        return withParams(state.referrer, { code: flow.authCode }, "query");
      }
      const session = await createSession(tx, user, "oauth", info);
      return withParams(
        state.referrer,
        {
          access_token: session.access_token,
          expires_at: String(session.expires_at),
          expires_in: String(session.expires_in),
          ...(tokens.accessToken ? { provider_token: tokens.accessToken } : {}),
          ...(tokens.refreshToken ? { provider_refresh_token: tokens.refreshToken } : {}),
          refresh_token: session.refresh_token,
          token_type: "bearer",
        },
        "fragment",
      );
    });
    return found(location);
  } catch (error) {
    if (error instanceof AuthError) return errorRedirect(state, errorDetails(error));
    throw error;
  }
}
