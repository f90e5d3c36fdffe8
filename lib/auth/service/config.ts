import "server-only";
import { env, isEmbedded, isProduction, type Env } from "@/lib/env";

/** The settings of the built-in auth service, read once from lib/env. */
export interface AuthConfig {
  /** The site origin, e.g. http://localhost:3000 (no trailing slash). */
  siteOrigin: string;
  /** `<site origin>/auth/v1`: the `iss` of every token. */
  issuer: string;
  jwtExpirySeconds: number;
  autoconfirm: boolean;
  disableSignup: boolean;
  inactivityTimeoutSeconds: number;
  timeboxSeconds: number;
  signingKey: string | undefined;
  anonymousUsers: boolean;
  /** Google client ids accepted as the audience of id tokens (empty: Google off). */
  googleClientIds: string[];
  googleIssuer: string;
  googleJwksUrl: string;
  /** Google's OAuth redirect flow (/authorize, /callback): on when a client id and secret are set. */
  googleOAuth: {
    clientId: string;
    clientSecret: string;
    authorizationUrl: string;
    tokenUrl: string;
    redirectUri: string;
  } | null;
  web3Solana: boolean;
  mfaChallengeExpirySeconds: number;
  mfaMaxUnverifiedFactors: number;
  /** Extra redirect_to patterns (AUTH_REDIRECT_ALLOW_LIST). */
  redirectAllowList: string[];
  /** Seconds one-time codes and links stay valid. */
  otpExpirySeconds: number;
  /** Auth emails per hour overall. */
  emailsPerHour: number;
  /** Password changes from sessions older than 24 h need a reauthentication nonce. */
  passwordRequiresReauthentication: boolean;
  /** Email changes are confirmed by the current and the new address (GoTrue's secure change). */
  secureEmailChange: boolean;
}

function googleOAuthConfig(settings: Env, siteOrigin: string): AuthConfig["googleOAuth"] {
  const clientId = settings.AUTH_GOOGLE_CLIENT_ID?.split(",")[0]?.trim();
  const clientSecret = settings.AUTH_GOOGLE_CLIENT_SECRET?.trim();
  if (!clientId || !clientSecret) return null;
  return {
    clientId,
    clientSecret,
    authorizationUrl: settings.AUTH_GOOGLE_AUTHORIZATION_URL,
    tokenUrl: settings.AUTH_GOOGLE_TOKEN_URL,
    redirectUri: settings.AUTH_GOOGLE_REDIRECT_URI ?? `${siteOrigin}/auth/v1/callback`,
  };
}

export function authConfig(): AuthConfig {
  const settings = env();
  const siteOrigin = new URL(settings.SITE_URL).origin;
  return {
    siteOrigin,
    issuer: `${siteOrigin}/auth/v1`,
    jwtExpirySeconds: settings.AUTH_JWT_EXPIRY ?? 3600,
    autoconfirm: settings.AUTH_AUTOCONFIRM ?? (isEmbedded() || !isProduction()),
    disableSignup: settings.AUTH_DISABLE_SIGNUP ?? false,
    inactivityTimeoutSeconds: settings.AUTH_SESSION_INACTIVITY_TIMEOUT ?? 14 * 24 * 3600,
    timeboxSeconds: settings.AUTH_SESSION_TIMEBOX ?? 90 * 24 * 3600,
    signingKey: settings.AUTH_SIGNING_KEY,
    anonymousUsers: settings.AUTH_ANONYMOUS_USERS,
    googleClientIds: (settings.AUTH_GOOGLE_CLIENT_ID ?? "")
      .split(",")
      .map((id) => id.trim())
      .filter(Boolean),
    googleIssuer: settings.AUTH_GOOGLE_ISSUER,
    googleJwksUrl: settings.AUTH_GOOGLE_JWKS_URL,
    googleOAuth: googleOAuthConfig(settings, siteOrigin),
    web3Solana: settings.AUTH_WEB3_SOLANA,
    redirectAllowList: (settings.AUTH_REDIRECT_ALLOW_LIST ?? "")
      .split(",")
      .map((entry) => entry.trim())
      .filter(Boolean),
    otpExpirySeconds: settings.AUTH_OTP_EXPIRY,
    emailsPerHour: settings.AUTH_RATE_LIMIT_EMAIL_SENT,
    passwordRequiresReauthentication: settings.AUTH_PASSWORD_CHANGE_REQUIRES_REAUTHENTICATION,
    secureEmailChange: settings.AUTH_SECURE_EMAIL_CHANGE,
    mfaChallengeExpirySeconds: settings.AUTH_MFA_CHALLENGE_EXPIRY,
    mfaMaxUnverifiedFactors: settings.AUTH_MFA_MAX_UNVERIFIED_FACTORS,
  };
}
