import "server-only";
import { checkApiKey } from "@/lib/auth/service/api-key";
import { authConfig } from "@/lib/auth/service/config";
import { AuthError } from "@/lib/auth/service/errors";
import {
  handleAdminDeleteUser,
  handleAdminUpdateUser,
  handleCreateUser,
  handleGetUserById,
  handleListUsers,
} from "@/lib/auth/service/handlers/admin";
import {
  handleAdminDeleteFactor,
  handleAdminListFactors,
  handleAdminUpdateFactor,
} from "@/lib/auth/service/handlers/admin-factors";
import {
  handleChallengeFactor,
  handleEnrollFactor,
  handleUnenrollFactor,
  handleVerifyFactor,
} from "@/lib/auth/service/handlers/factors";
import { handleDeleteIdentity } from "@/lib/auth/service/handlers/identities";
import { handleGenerateLink } from "@/lib/auth/service/handlers/generate-link";
import { handleInvite } from "@/lib/auth/service/handlers/invite";
import {
  handleAuthorize,
  handleCallback,
  handleLinkIdentityAuthorize,
} from "@/lib/auth/service/handlers/oauth";
import { samlDisabled } from "@/lib/auth/service/handlers/sso";
import { handleLogout } from "@/lib/auth/service/handlers/logout";
import { handleOtp, handleRecover, handleResend } from "@/lib/auth/service/handlers/otp";
import { passkeyRoute } from "@/lib/auth/service/handlers/passkeys";
import { handleReauthenticate } from "@/lib/auth/service/handlers/reauthenticate";
import { handleVerifyGet, handleVerifyPost } from "@/lib/auth/service/handlers/verify";
import { serverHealth, serverSettings } from "@/lib/auth/service/handlers/meta";
import { handleSignup } from "@/lib/auth/service/handlers/signup";
import { handleToken } from "@/lib/auth/service/handlers/token";
import { handleGetUser, handleUpdateUser } from "@/lib/auth/service/handlers/user";
import {
  emptyResponse,
  errorResponse,
  jsonResponse,
  preflightResponse,
  requestInfo,
  type RequestInfo,
} from "@/lib/auth/service/http";
import { getJwks, getKeyRing } from "@/lib/auth/service/keys";
import { endpointRateRules, enforceAuthRateLimit } from "@/lib/auth/service/limits";

/**
 * The built-in auth service's one entry: `/auth/v1/<path>` → handler. Wire conventions,
 * rate limits (per client address, shared by every instance through PostgreSQL) and the
 * mapping of AuthError to GoTrue's error bodies happen here.
 */
type Handler = (request: Request, info: RequestInfo) => Promise<Response>;
type ParamHandler = (request: Request, info: RequestInfo, param: string) => Promise<Response>;

function routes(): Record<string, Handler> {
  const origin = authConfig().siteOrigin;
  const json = (info: RequestInfo, body: unknown, headers?: Record<string, string>) =>
    jsonResponse(info, origin, body, { headers });
  return {
    "GET health": async (_request, info) => json(info, serverHealth()),
    "GET settings": async (_request, info) => json(info, serverSettings()),
    "GET .well-known/jwks.json": async (_request, info) =>
      json(info, await getJwks(), { "Cache-Control": "public, max-age=600" }),
    "POST signup": async (request, info) => json(info, await handleSignup(request, info)),
    "POST token": async (request, info) => json(info, await handleToken(request, info)),
    "GET user": async (request, info) => json(info, await handleGetUser(request)),
    "PUT user": async (request, info) => json(info, await handleUpdateUser(request, info)),
    "POST otp": async (request, info) => json(info, await handleOtp(request, info)),
    "POST invite": async (request, info) => json(info, await handleInvite(request, info)),
    "POST recover": async (request, info) => json(info, await handleRecover(request, info)),
    "POST resend": async (request, info) => json(info, await handleResend(request, info)),
    "POST verify": async (request, info) => json(info, await handleVerifyPost(request, info)),
    "GET verify": (request, info) => handleVerifyGet(request, info),
    "GET reauthenticate": async (request, info) =>
      json(info, await handleReauthenticate(request, info)),
    "POST factors": async (request, info) => json(info, await handleEnrollFactor(request, info)),
    "GET authorize": (request) => handleAuthorize(request),
    "GET callback": (request, info) => handleCallback(request, info),
    "POST callback": (request, info) => handleCallback(request, info),
    "GET user/identities/authorize": async (request, info) => {
      const answer = await handleLinkIdentityAuthorize(request);
      return answer instanceof Response ? answer : json(info, answer);
    },
    "POST sso": samlDisabled,
    "GET saml/metadata": samlDisabled,
    "POST saml/acs": samlDisabled,
    "POST logout": async (request, info) => {
      await handleLogout(request, info);
      return emptyResponse(info, origin);
    },
    "GET admin/users": async (request, info) => {
      const { body, headers } = await handleListUsers(request);
      return json(info, body, headers);
    },
    "POST admin/users": async (request, info) => json(info, await handleCreateUser(request, info)),
    "POST admin/generate_link": async (request, info) =>
      json(info, await handleGenerateLink(request, info)),
  };
}

/** Routes with one path parameter: `<method> <prefix>/{param}`. */
function paramRoutes(): Record<string, ParamHandler> {
  const origin = authConfig().siteOrigin;
  const json = (info: RequestInfo, body: unknown) => jsonResponse(info, origin, body);
  return {
    "DELETE factors": async (request, info, id) =>
      json(info, await handleUnenrollFactor(request, info, id)),
    "DELETE user/identities": async (request, info, id) =>
      json(info, await handleDeleteIdentity(request, info, id)),
    "GET admin/users": async (request, info, id) =>
      json(info, await handleGetUserById(request, id)),
    "PUT admin/users": async (request, info, id) =>
      json(info, await handleAdminUpdateUser(request, info, id)),
    "DELETE admin/users": async (request, info, id) =>
      json(info, await handleAdminDeleteUser(request, info, id)),
  };
}

/** `POST factors/{id}/challenge` and `POST factors/{id}/verify` (the parameter is inside). */
function factorActionHandler(method: string, path: string[]): Handler | undefined {
  const [root, id, action] = path;
  if (method !== "POST" || path.length !== 3 || root !== "factors" || !id) return undefined;
  const origin = authConfig().siteOrigin;
  if (action === "challenge") {
    return async (request, info) =>
      jsonResponse(info, origin, await handleChallengeFactor(request, info, id));
  }
  if (action === "verify") {
    return async (request, info) =>
      jsonResponse(info, origin, await handleVerifyFactor(request, info, id));
  }
  return undefined;
}

/** `GET admin/users/{id}/factors`, `PUT` and `DELETE admin/users/{id}/factors/{factor_id}`. */
function adminFactorHandler(method: string, path: string[]): Handler | undefined {
  const [admin, usersSegment, userId, factors, factorId] = path;
  if (admin !== "admin" || usersSegment !== "users" || !userId || factors !== "factors") {
    return undefined;
  }
  const origin = authConfig().siteOrigin;
  if (path.length === 4 && method === "GET") {
    return async (request, info) =>
      jsonResponse(info, origin, await handleAdminListFactors(request, userId));
  }
  if (path.length !== 5 || !factorId) return undefined;
  if (method === "PUT") {
    return async (request, info) =>
      jsonResponse(info, origin, await handleAdminUpdateFactor(request, info, userId, factorId));
  }
  if (method === "DELETE") {
    return async (request, info) =>
      jsonResponse(info, origin, await handleAdminDeleteFactor(request, info, userId, factorId));
  }
  return undefined;
}

function findHandler(method: string, path: string[]): Handler | undefined {
  const exact = routes()[`${method} ${path.join("/")}`];
  if (exact) return exact;
  const factorAction = factorActionHandler(method, path);
  if (factorAction) return factorAction;
  const adminFactor = adminFactorHandler(method, path);
  if (adminFactor) return adminFactor;
  const passkey = passkeyRoute(method, path);
  if (passkey) return passkey;
  const param = path.at(-1);
  const withParam = paramRoutes()[`${method} ${path.slice(0, -1).join("/")}`];
  return withParam && param ? (request, info) => withParam(request, info, param) : undefined;
}

export async function dispatchAuthRequest(request: Request, path: string[]): Promise<Response> {
  const info = requestInfo(request);
  const origin = authConfig().siteOrigin;
  if (request.method === "OPTIONS") return preflightResponse(info, origin);
  const key = `${request.method} ${path.join("/")}`;
  const handler = findHandler(request.method, path);
  try {
    if (!handler) throw new AuthError(404, "not_found", "Not Found");
    await checkApiKey(request);
    const rule = endpointRateRules()[key];
    if (rule) await enforceAuthRateLimit(rule, info);
    // Loaded before any transaction opens (PGlite has one connection).
    await getKeyRing();
    return await handler(request, info);
  } catch (error) {
    if (error instanceof AuthError) return errorResponse(info, origin, error);
    console.error("auth: unexpected error", { path: key, error });
    return errorResponse(
      info,
      origin,
      new AuthError(
        500,
        "unexpected_failure",
        "Unexpected failure, please check server logs for more information",
      ),
    );
  }
}
