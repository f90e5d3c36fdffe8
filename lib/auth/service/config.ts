import "server-only";
import { env, type Env } from "@/lib/env";

/** The settings of the built-in auth service, read once from lib/env. */
export interface AuthConfig {
  /** The site origin, e.g. http://localhost:3000 (no trailing slash). */
  siteOrigin: string;
  /** `<site origin>/auth/v1`: the `iss` of every token. */
  issuer: string;
  jwtExpirySeconds: number;
  /** Email addresses count as confirmed without a link or code (GoTrue's MAILER_AUTOCONFIRM). */
  mailerAutoconfirm: boolean;
  /** Phone numbers count as confirmed without a code (GoTrue's SMS_AUTOCONFIRM). */
  smsAutoconfirm: boolean;
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
  /** Rate limits (GoTrue's RATE_LIMIT_* settings). */
  rateLimits: {
    /** Auth emails per hour, all clients together. */
    emailSent: number;
    /** Text messages per hour, all clients together. */
    smsSent: number;
    /** Emails, and text messages, per hour per client address (below the shared budgets). */
    sentPerClient: { email: number; sms: number };
    /** Per client address and 5 minutes. */
    tokenRefresh: number;
    otp: number;
    verify: number;
    web3: number;
    /** Per client address and hour. */
    anonymousUsers: number;
    /** Per client address and minute, challenge and verify each. */
    mfaChallengeAndVerify: number;
  };
  /** Seconds after which users who never confirmed an address are removed (0: never). */
  unconfirmedUserRetentionSeconds: number;
  /** Shortest password accepted. */
  passwordMinLength: number;
  /** Linking and unlinking identities (GoTrue's SECURITY_MANUAL_LINKING_ENABLED). */
  manualLinking: boolean;
  /** Legacy HS256 secret: tokens signed with it are accepted (GoTrue's JWT_SECRET). */
  jwtSecret: string | undefined;
  /** A JWK set (JSON) of signing keys: the first signs, all verify (GoTrue's JWT_KEYS). */
  jwtKeys: string | undefined;
  /** SMS delivery; "none": codes by SMS fail with sms_send_failed. */
  smsProvider: "outbox" | "twilio" | "none";
  /** Seconds before an unverified, never challenged MFA factor is removed at the next enrolment. */
  mfaFactorExpirySeconds: number;
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

/**
 * What one client address may send per hour: the setting, but never more than half of the
 * shared hourly budget, so that no single client can use it up for everyone.
 */
function perClient(setting: number, shared: number): number {
  return Math.max(1, Math.min(setting, Math.floor(shared / 2)));
}

export function authConfig(): AuthConfig {
  const settings = env();
  const siteOrigin = new URL(settings.SITE_URL).origin;
  return {
    siteOrigin,
    issuer: `${siteOrigin}/auth/v1`,
    jwtExpirySeconds: settings.AUTH_JWT_EXPIRY ?? 3600,
    mailerAutoconfirm: settings.AUTH_MAILER_AUTOCONFIRM ?? settings.AUTH_AUTOCONFIRM ?? false,
    smsAutoconfirm: settings.AUTH_SMS_AUTOCONFIRM ?? settings.AUTH_AUTOCONFIRM ?? false,
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
    rateLimits: {
      emailSent: settings.AUTH_RATE_LIMIT_EMAIL_SENT,
      smsSent: settings.AUTH_RATE_LIMIT_SMS_SENT,
      sentPerClient: {
        email: perClient(
          settings.AUTH_RATE_LIMIT_SENT_PER_CLIENT,
          settings.AUTH_RATE_LIMIT_EMAIL_SENT,
        ),
        sms: perClient(settings.AUTH_RATE_LIMIT_SENT_PER_CLIENT, settings.AUTH_RATE_LIMIT_SMS_SENT),
      },
      tokenRefresh: settings.AUTH_RATE_LIMIT_TOKEN_REFRESH,
      otp: settings.AUTH_RATE_LIMIT_OTP,
      verify: settings.AUTH_RATE_LIMIT_VERIFY,
      web3: settings.AUTH_RATE_LIMIT_WEB3,
      anonymousUsers: settings.AUTH_RATE_LIMIT_ANONYMOUS_USERS,
      mfaChallengeAndVerify: settings.AUTH_MFA_RATE_LIMIT_CHALLENGE_AND_VERIFY,
    },
    unconfirmedUserRetentionSeconds: settings.AUTH_UNCONFIRMED_USER_RETENTION,
    passwordMinLength: settings.AUTH_PASSWORD_MIN_LENGTH,
    manualLinking: settings.AUTH_SECURITY_MANUAL_LINKING_ENABLED,
    jwtSecret: settings.AUTH_JWT_SECRET,
    jwtKeys: settings.AUTH_JWT_KEYS,
    smsProvider: settings.SMS_PROVIDER,
    mfaFactorExpirySeconds: settings.AUTH_MFA_FACTOR_EXPIRY,
    passwordRequiresReauthentication: settings.AUTH_PASSWORD_CHANGE_REQUIRES_REAUTHENTICATION,
    secureEmailChange: settings.AUTH_SECURE_EMAIL_CHANGE,
    mfaChallengeExpirySeconds: settings.AUTH_MFA_CHALLENGE_EXPIRY,
    mfaMaxUnverifiedFactors: settings.AUTH_MFA_MAX_UNVERIFIED_FACTORS,
  };
}
