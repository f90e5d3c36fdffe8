import "server-only";
import { createHmac, timingSafeEqual } from "node:crypto";
import { authConfig } from "@/lib/auth/service/config";
import { AuthError, badRequest, validationFailed } from "@/lib/auth/service/errors";
import { getKeyRing } from "@/lib/auth/service/keys";

/**
 * OAuth redirect sign-in (GoTrue's /authorize and /callback): the providers this service
 * knows, the signed `state` that carries the flow across the provider's pages, and the
 * provider's token endpoint. Only Google is served; every other provider GoTrue knows is
 * answered as "not enabled", anything else as unknown (GoTrue's texts).
 */
export interface OAuthProvider {
  name: "google";
  clientId: string;
  clientSecret: string;
  authorizationUrl: string;
  tokenUrl: string;
  redirectUri: string;
  scopes: string[];
}

const KNOWN_PROVIDERS = new Set([
  "apple",
  "azure",
  "bitbucket",
  "discord",
  "facebook",
  "figma",
  "fly",
  "github",
  "gitlab",
  "google",
  "kakao",
  "keycloak",
  "linkedin",
  "linkedin_oidc",
  "notion",
  "slack",
  "slack_oidc",
  "snapchat",
  "spotify",
  "twitch",
  "twitter",
  "workos",
  "x",
  "zoom",
]);

const unsupported = (reason: string) =>
  badRequest("validation_failed", `Unsupported provider: ${reason}`);

/** The provider named in a request, or GoTrue's 400 validation_failed. */
export function oauthProvider(name: string | null): OAuthProvider {
  const provider = (name ?? "").toLowerCase();
  if (!KNOWN_PROVIDERS.has(provider)) {
    throw unsupported(`Provider ${name ?? ""} could not be found`);
  }
  const google = authConfig().googleOAuth;
  if (provider !== "google" || !google) throw unsupported("provider is not enabled");
  return { name: "google", ...google, scopes: ["openid", "email", "profile"] };
}

/** What the state carries from /authorize to /callback (GoTrue's ExternalProviderClaims). */
export interface OAuthState {
  provider: "google";
  /** The allowed redirect_to (or the site URL). */
  referrer: string;
  /** The PKCE flow's row, when the client sent a code challenge. */
  flowStateId: string | null;
  /** The signed-in user who asked to link the identity (linkIdentity). */
  linkingTargetId: string | null;
  /** Expiry, seconds since the epoch. */
  exp: number;
}

/** How long the visitor may stay on the provider's pages. */
export const STATE_TTL_SECONDS = 10 * 60;

async function stateMac(payload: string): Promise<Buffer> {
  const { refreshSecret } = await getKeyRing();
  return createHmac("sha256", refreshSecret).update(`oauth-state:${payload}`).digest();
}

/** `base64url(JSON).base64url(HMAC)`, keyed with the server secret: the visitor cannot forge it. */
export async function signState(state: Omit<OAuthState, "exp">): Promise<string> {
  const full: OAuthState = { ...state, exp: Math.floor(Date.now() / 1000) + STATE_TTL_SECONDS };
  const payload = Buffer.from(JSON.stringify(full)).toString("base64url");
  return `${payload}.${(await stateMac(payload)).toString("base64url")}`;
}

const badState = () => badRequest("bad_oauth_state", "OAuth callback with invalid state");

/** The state's content when its MAC holds and it has not expired; else 400 bad_oauth_state. */
export async function readState(raw: string | null): Promise<OAuthState> {
  if (!raw) throw badRequest("bad_oauth_callback", "OAuth state parameter missing");
  const [payload, mac, extra] = raw.split(".");
  if (!payload || !mac || extra !== undefined) throw badState();
  const expected = await stateMac(payload);
  const given = Buffer.from(mac, "base64url");
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw badState();
  let state: OAuthState;
  try {
    state = JSON.parse(Buffer.from(payload, "base64url").toString("utf8")) as OAuthState;
  } catch {
    throw badState();
  }
  if (state.provider !== "google" || typeof state.referrer !== "string") throw badState();
  if (typeof state.exp !== "number" || state.exp * 1000 < Date.now()) {
    throw badRequest("bad_oauth_state", "OAuth state has expired");
  }
  return state;
}

/** Query parameters of /authorize that are ours; any other one is passed on to the provider. */
const OWN_PARAMS = new Set([
  "provider",
  "scopes",
  "invite_token",
  "redirect_to",
  "code_challenge",
  "code_challenge_method",
  "skip_http_redirect",
]);

/** The provider's authorization URL for this request (GoTrue's AuthCodeURL). */
export function authorizationUrl(
  provider: OAuthProvider,
  state: string,
  query: URLSearchParams,
): string {
  const url = new URL(provider.authorizationUrl);
  const extraScopes = (query.get("scopes") ?? "").split(/\s+/).filter(Boolean);
  const scopes = [...new Set([...provider.scopes, ...extraScopes])];
  for (const [key, value] of query) {
    if (!OWN_PARAMS.has(key)) url.searchParams.set(key, value);
  }
  url.searchParams.set("client_id", provider.clientId);
  url.searchParams.set("redirect_uri", provider.redirectUri);
  url.searchParams.set("response_type", "code");
  url.searchParams.set("scope", scopes.join(" "));
  url.searchParams.set("state", state);
  return url.toString();
}

export interface ProviderTokens {
  idToken: string;
  accessToken: string | null;
  refreshToken: string | null;
}

/** Exchanges the callback's code at the provider's token endpoint (10 s timeout). */
export async function exchangeCode(provider: OAuthProvider, code: string): Promise<ProviderTokens> {
  let body: Record<string, unknown>;
  try {
    const response = await fetch(provider.tokenUrl, {
      method: "POST",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        accept: "application/json",
      },
      body: new URLSearchParams({
        grant_type: "authorization_code",
        code,
        redirect_uri: provider.redirectUri,
        client_id: provider.clientId,
        client_secret: provider.clientSecret,
      }),
      signal: AbortSignal.timeout(10_000),
      cache: "no-store",
    });
    body = (await response.json()) as Record<string, unknown>;
    if (!response.ok) throw new Error(`token endpoint answered ${response.status}`);
  } catch (error) {
    console.warn("auth: OAuth code exchange failed", { provider: provider.name, error });
    throw new AuthError(500, "unexpected_failure", "Unable to exchange external code");
  }
  const text = (value: unknown) => (typeof value === "string" && value ? value : null);
  const idToken = text(body.id_token);
  if (!idToken) throw validationFailed("The provider answered no id_token");
  return {
    idToken,
    accessToken: text(body.access_token),
    refreshToken: text(body.refresh_token),
  };
}
