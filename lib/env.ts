import "server-only";
import { z } from "zod";

/**
 * The one reader of process.env (conventions §9). Every setting of the app is declared,
 * validated and documented here and in .env.example. Parsed lazily so that `next build`
 * works without settings; the first request that needs a setting validates them all.
 */
const optionalUrl = z.preprocess((v) => (v === "" ? undefined : v), z.string().url().optional());
const optionalString = z.preprocess((v) => (v === "" ? undefined : v), z.string().optional());
/** A redis:// or rediss:// URL (empty means unset). */
const optionalRedisUrl = z.preprocess(
  (v) => (v === "" ? undefined : v),
  z
    .string()
    .url()
    .refine((v) => /^rediss?:\/\//i.test(v), "a redis:// or rediss:// URL")
    .optional(),
);
const bool = (fallback: boolean) =>
  z.preprocess(
    (v) => (v === undefined || v === "" ? fallback : v === "true" || v === "1" || v === true),
    z.boolean(),
  );

const optionalBool = z.preprocess(
  (v) => (v === undefined || v === "" ? undefined : v === "true" || v === "1" || v === true),
  z.boolean().optional(),
);
/** A positive whole number with a default (empty means unset). */
const rateLimit = (fallback: number, max = 1_000_000) =>
  z.preprocess(
    (v) => (v === "" ? undefined : v),
    z.coerce.number().int().min(1).max(max).default(fallback),
  );

const schema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  /** Public origin of the site, used for canonical links, sitemaps and emails. */
  SITE_URL: z.string().url().default("http://localhost:3000"),
  /** PostgreSQL connection string. Unset: embedded PGlite under DATA_DIR (embedded mode). */
  DATABASE_URL: optionalUrl,
  /**
   * The login of user and visitor requests (RLS applies, no way back to the owner). Unset:
   * DATABASE_URL with the user swapped for `app_authenticator` (migration 0014 creates it).
   */
  DATABASE_USER_URL: optionalUrl,
  /** Where embedded mode keeps its database and files. */
  DATA_DIR: z.string().default(".data"),
  /** Largest pool of PostgreSQL connections per app instance, for each of its two logins. */
  DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(100).default(10),
  /**
   * Scaled out: the Redis through which every instance shares Next's cache (ISR pages, route
   * handler responses, unstable_cache data) and its revalidations. Unset: each instance caches
   * in its own memory and disk. next.config.ts reads it when the server starts and then loads
   * lib/cache/redis-cache-handler.mjs, which reads it too (Next loads that file outside the
   * app, where this module cannot be used); validated here with the other settings.
   */
  REDIS_URL: optionalRedisUrl,
  /** SMTP server for outgoing mail (smtp://user:pass@host:port). Unset: the dev outbox. */
  SMTP_URL: optionalUrl,
  MAIL_FROM: z.string().default("Live Market <no-reply@livemarket.local>"),
  /** S3-compatible storage. Unset bucket: files on disk under DATA_DIR/storage. */
  S3_BUCKET: optionalString,
  S3_REGION: z.string().default("us-east-1"),
  S3_ENDPOINT: optionalUrl,
  S3_ACCESS_KEY_ID: optionalString,
  S3_SECRET_ACCESS_KEY: optionalString,
  S3_FORCE_PATH_STYLE: bool(false),
  /** HMAC secret of filesystem-storage download links. Unset: a key kept in DATA_DIR/storage. */
  STORAGE_SIGNING_SECRET: optionalString,
  /** Public keys handed to the browser through /api/environment. */
  MAPS_PUBLIC_KEY: optionalString,
  STRIPE_PUBLISHABLE_KEY: optionalString,
  /**
   * Payments (docs/payments.md): "sandbox" (default; embedded, no keys, no network, Stripe's
   * test cards) or "stripe" (needs STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET and
   * STRIPE_PUBLISHABLE_KEY).
   */
  PAYMENTS_PROVIDER: z.preprocess(
    (v) => (v === "" ? undefined : v),
    z.enum(["sandbox", "stripe"]).default("sandbox"),
  ),
  /** Stripe's secret API key (sk_… or a restricted rk_…). */
  STRIPE_SECRET_KEY: optionalString,
  /** The signing secret of the Stripe webhook endpoint (whsec_…). */
  STRIPE_WEBHOOK_SECRET: optionalString,
  /**
   * The signing secret of the Stripe Connect webhook endpoint (whsec_…), which receives the
   * connected accounts' events (`account.updated`); the same route checks both secrets.
   */
  STRIPE_CONNECT_WEBHOOK_SECRET: optionalString,
  /** Stripe API base URL (tests point the SDK at a local server). Unset: api.stripe.com. */
  STRIPE_API_URL: optionalUrl,
  /** Developer pages under /dev (mailbox, error trigger): on outside production, opt-in in it. */
  DEV_TOOLS: bool(false),
  LOG_LEVEL: z.enum(["debug", "info", "warn", "error"]).default("info"),
  /**
   * Reverse proxies in front of the app that append the address they received a request
   * from to X-Forwarded-For (nginx's $proxy_add_x_forwarded_for, a load balancer). The
   * client address (rate limits, audit) is the entry this many places left of the
   * connecting peer's; 0: the peer itself (lib/security/client-address.ts).
   */
  TRUSTED_PROXY_HOPS: z.preprocess(
    (v) => (v === "" ? undefined : v),
    z.coerce.number().int().min(0).max(10).default(0),
  ),
  /** Build output folder (next.config distDir); the server reads BUILD_ID and builds/latest.json there. */
  NEXT_DIST_DIR: z.string().default(".next"),
  /**
   * A hosted Supabase project (its URL, e.g. https://<ref>.supabase.co, and its anon or
   * publishable key). Both set: browsers and the server talk to it and the built-in service
   * at /auth/v1 is off. Unset: the built-in service.
   */
  SUPABASE_URL: optionalUrl,
  SUPABASE_ANON_KEY: optionalString,
  /**
   * Built-in auth (/auth/v1): addresses count as confirmed without a code or link (GoTrue's
   * MAILER_AUTOCONFIRM / SMS_AUTOCONFIRM). Off by default everywhere. AUTH_AUTOCONFIRM sets
   * both; the MAILER / SMS settings win over it.
   */
  AUTH_AUTOCONFIRM: optionalBool,
  AUTH_MAILER_AUTOCONFIRM: optionalBool,
  AUTH_SMS_AUTOCONFIRM: optionalBool,
  /** Built-in auth: refuse new sign-ups. */
  AUTH_DISABLE_SIGNUP: z.preprocess(
    (v) => (v === undefined || v === "" ? undefined : v === "true" || v === "1" || v === true),
    z.boolean().optional(),
  ),
  /** Built-in auth: access token lifetime in seconds (default 3600). */
  AUTH_JWT_EXPIRY: z.preprocess(
    (v) => (v === "" ? undefined : v),
    z.coerce.number().int().min(30).max(604_800).optional(),
  ),
  /**
   * Built-in auth: password hashes and checks (bcrypt, on libuv's pool) running at once; the
   * others wait their turn. Unset: one fewer than the machine's cores (at least one), so a
   * burst of sign-ins leaves a core to the page requests (docs/auth.md, "Passwords").
   */
  AUTH_PASSWORD_HASHES_AT_ONCE: z.preprocess(
    (v) => (v === "" ? undefined : v),
    z.coerce.number().int().min(1).max(64).optional(),
  ),
  /** Built-in auth: ES256 private JWK (JSON) that signs tokens. Unset: one kept in the database. */
  AUTH_SIGNING_KEY: optionalString,
  /** Built-in auth: seconds without a refresh that end a session (0: never; default 14 days). */
  AUTH_SESSION_INACTIVITY_TIMEOUT: z.preprocess(
    (v) => (v === "" ? undefined : v),
    z.coerce.number().int().min(0).optional(),
  ),
  /** Built-in auth: seconds after sign-in that end a session (0: never; default 90 days). */
  AUTH_SESSION_TIMEBOX: z.preprocess(
    (v) => (v === "" ? undefined : v),
    z.coerce.number().int().min(0).optional(),
  ),
  /** Built-in auth: anonymous sign-ins (POST /signup without email or phone). */
  AUTH_ANONYMOUS_USERS: bool(true),
  /** Built-in auth: Google client id(s), comma-separated, accepted as id_token audience. Unset: Google off. */
  AUTH_GOOGLE_CLIENT_ID: optionalString,
  /** Built-in auth: issuer of Google id tokens. */
  AUTH_GOOGLE_ISSUER: z.string().url().default("https://accounts.google.com"),
  /** Built-in auth: where the Google issuer publishes its signing keys (JWKS). */
  AUTH_GOOGLE_JWKS_URL: z.string().url().default("https://www.googleapis.com/oauth2/v3/certs"),
  /** Built-in auth: secret of the first Google client id; with it the redirect flow (/authorize) is on. */
  AUTH_GOOGLE_CLIENT_SECRET: optionalString,
  /** Built-in auth: Google's authorization endpoint (the /authorize redirect target). */
  AUTH_GOOGLE_AUTHORIZATION_URL: z
    .string()
    .url()
    .default("https://accounts.google.com/o/oauth2/v2/auth"),
  /** Built-in auth: Google's token endpoint (the callback exchanges the code there). */
  AUTH_GOOGLE_TOKEN_URL: z.string().url().default("https://oauth2.googleapis.com/token"),
  /** Built-in auth: the redirect URI registered with Google. Unset: <SITE_URL>/auth/v1/callback. */
  AUTH_GOOGLE_REDIRECT_URI: optionalUrl,
  /** Built-in auth: Sign in with Solana (POST /token?grant_type=web3). */
  AUTH_WEB3_SOLANA: bool(true),
  /** Built-in auth: extra allowed redirect_to targets, comma-separated (globs: * and **). */
  AUTH_REDIRECT_ALLOW_LIST: optionalString,
  /** Built-in auth: seconds an email or SMS one-time code or link stays valid (max 3600). */
  AUTH_OTP_EXPIRY: z.preprocess(
    (v) => (v === "" ? undefined : v),
    z.coerce.number().int().min(60).max(3600).default(3600),
  ),
  /**
   * Built-in auth rate limits, named and defaulted as GoTrue's RATE_LIMIT_* settings.
   * EMAIL_SENT / SMS_SENT: messages per hour for all clients together; the others per client
   * address: TOKEN_REFRESH (/token) per 5 min, OTP (/signup, /otp, /recover, /resend,
   * PUT /user, /reauthenticate) per 5 min, VERIFY (/verify, /callback) per 5 min,
   * ANONYMOUS_USERS per hour, WEB3 per 5 min, MFA challenge and verify per minute each.
   */
  AUTH_RATE_LIMIT_EMAIL_SENT: rateLimit(30),
  AUTH_RATE_LIMIT_SMS_SENT: rateLimit(30),
  AUTH_RATE_LIMIT_TOKEN_REFRESH: rateLimit(150),
  AUTH_RATE_LIMIT_OTP: rateLimit(30),
  AUTH_RATE_LIMIT_VERIFY: rateLimit(30),
  AUTH_RATE_LIMIT_ANONYMOUS_USERS: rateLimit(30),
  AUTH_RATE_LIMIT_WEB3: rateLimit(30),
  AUTH_MFA_RATE_LIMIT_CHALLENGE_AND_VERIFY: rateLimit(15),
  /**
   * Built-in auth (ours, not GoTrue's): auth emails, and text messages, one client address
   * may cause per hour, checked before the shared hourly budget (at most half of it).
   */
  AUTH_RATE_LIMIT_SENT_PER_CLIENT: rateLimit(10),
  /**
   * Built-in auth: seconds after which a user who never confirmed an address (nor signed in)
   * is removed (0: never; default 1 day).
   */
  AUTH_UNCONFIRMED_USER_RETENTION: z.preprocess(
    (v) => (v === "" ? undefined : v),
    z.coerce
      .number()
      .int()
      .refine((n) => n === 0 || n >= 3600, "0, or at least 3600 seconds")
      .default(86_400),
  ),
  /** Built-in auth: shortest password accepted (GoTrue's PASSWORD_MIN_LENGTH; default 8). */
  AUTH_PASSWORD_MIN_LENGTH: z.preprocess(
    (v) => (v === "" ? undefined : v),
    z.coerce.number().int().min(6).max(72).default(8),
  ),
  /** Built-in auth: linking and unlinking identities (GoTrue's SECURITY_MANUAL_LINKING_ENABLED). */
  AUTH_SECURITY_MANUAL_LINKING_ENABLED: bool(true),
  /**
   * Built-in auth: a legacy HS256 JWT secret (GoTrue's JWT_SECRET): tokens and API keys
   * signed with it (a Supabase project's anon and service_role keys) are accepted, whatever
   * their issuer. Signing stays with the asymmetric key.
   */
  AUTH_JWT_SECRET: z.preprocess(
    (v) => (v === "" ? undefined : v),
    z.string().min(32, "at least 32 characters").optional(),
  ),
  /**
   * Built-in auth: signing keys as a JWK set (JSON, GoTrue's JWT_KEYS): EC P-256 (ES256) or
   * RSA (RS256); the first (with its private part) signs, all verify and are published.
   */
  AUTH_JWT_KEYS: optionalString,
  /** Built-in auth: password changes from sessions older than 24 h need GET /reauthenticate's code. */
  AUTH_PASSWORD_CHANGE_REQUIRES_REAUTHENTICATION: bool(false),
  /** Built-in auth: email changes are confirmed by the current and the new address (GoTrue's secure change). */
  AUTH_SECURE_EMAIL_CHANGE: bool(true),
  /** SMS delivery: "outbox" (dev table, /dev/sms), "twilio", or "none" (codes by SMS fail). */
  SMS_PROVIDER: z.preprocess(
    (v) => (v === "" ? undefined : v),
    z.enum(["outbox", "twilio", "none"]).default("outbox"),
  ),
  /** Twilio Messages API: account SID, auth token, sender (number or messaging service SID). */
  TWILIO_ACCOUNT_SID: optionalString,
  TWILIO_AUTH_TOKEN: optionalString,
  TWILIO_FROM: optionalString,
  /** Twilio API base URL (tests point it at a local server). */
  TWILIO_API_BASE_URL: z.string().url().default("https://api.twilio.com"),
  /** Built-in auth: seconds an MFA challenge stays valid (default 300). */
  AUTH_MFA_CHALLENGE_EXPIRY: z.preprocess(
    (v) => (v === "" ? undefined : v),
    z.coerce.number().int().min(1).max(86_400).default(300),
  ),
  /** Built-in auth: seconds before an unverified, unchallenged MFA factor is removed at the next enrolment (GoTrue's MFA_FACTOR_EXPIRY_DURATION). */
  AUTH_MFA_FACTOR_EXPIRY: z.preprocess(
    (v) => (v === "" ? undefined : v),
    z.coerce.number().int().min(60).max(86_400).default(300),
  ),
  /** Built-in auth: unverified MFA factors a user may hold at once (default 10). */
  AUTH_MFA_MAX_UNVERIFIED_FACTORS: z.preprocess(
    (v) => (v === "" ? undefined : v),
    z.coerce.number().int().min(1).max(100).default(10),
  ),
  /** Built-in auth: passkey sign-in and registration (/passkeys/*). On by default. */
  AUTH_PASSKEYS: bool(true),
  /** Built-in auth: WebAuthn (security keys, platform authenticators) as an MFA factor. On by default. */
  AUTH_MFA_WEBAUTHN: bool(true),
  /**
   * Built-in auth, WebAuthn: the relying party id (a domain, e.g. example.com) every
   * credential is bound to. Unset: the host of the page's own origin (the site or an entry
   * of AUTH_WEBAUTHN_ORIGINS).
   */
  AUTH_WEBAUTHN_RP_ID: optionalString,
  /** Built-in auth, WebAuthn: the name browsers show in their passkey prompt. */
  AUTH_WEBAUTHN_RP_NAME: z.string().min(1).default("Live Market"),
  /**
   * Built-in auth, WebAuthn: origins besides SITE_URL's whose pages may run ceremonies
   * (comma-separated, e.g. http://localhost:3000 when the site is also opened there).
   */
  AUTH_WEBAUTHN_ORIGINS: optionalString,
});

const checkedSchema = schema.superRefine((value, context) => {
  if (Boolean(value.SUPABASE_URL) !== Boolean(value.SUPABASE_ANON_KEY)) {
    context.addIssue({
      code: "custom",
      path: [value.SUPABASE_URL ? "SUPABASE_ANON_KEY" : "SUPABASE_URL"],
      message: "SUPABASE_URL and SUPABASE_ANON_KEY are set together, or neither",
    });
  }
  if (value.PAYMENTS_PROVIDER === "stripe") {
    const stripeKeys = [
      ["STRIPE_SECRET_KEY", /^(sk|rk)_/, "a secret key (sk_… or rk_…)"],
      ["STRIPE_WEBHOOK_SECRET", /^whsec_/, "a webhook signing secret (whsec_…)"],
      ["STRIPE_PUBLISHABLE_KEY", /^pk_/, "a publishable key (pk_…)"],
    ] as const;
    for (const [name, pattern, what] of stripeKeys) {
      const given = value[name]?.trim();
      if (!given || !pattern.test(given)) {
        context.addIssue({
          code: "custom",
          path: [name],
          message: `PAYMENTS_PROVIDER=stripe needs ${name}: ${what}`,
        });
      }
    }
    const connect = value.STRIPE_CONNECT_WEBHOOK_SECRET?.trim();
    if (connect && !/^whsec_/.test(connect)) {
      context.addIssue({
        code: "custom",
        path: ["STRIPE_CONNECT_WEBHOOK_SECRET"],
        message: "STRIPE_CONNECT_WEBHOOK_SECRET is a webhook signing secret (whsec_…)",
      });
    }
  }
  if (value.AUTH_SIGNING_KEY && value.AUTH_JWT_KEYS) {
    context.addIssue({
      code: "custom",
      path: ["AUTH_JWT_KEYS"],
      message:
        "AUTH_SIGNING_KEY and AUTH_JWT_KEYS cannot both be set (put the key in AUTH_JWT_KEYS)",
    });
  }
});

export type Env = z.infer<typeof schema>;

let cached: Env | undefined;

export function env(): Env {
  if (!cached) {
    const parsed = checkedSchema.safeParse(process.env);
    if (!parsed.success) {
      const issues = parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`);
      throw new Error(`Invalid settings:\n${issues.join("\n")}`);
    }
    cached = parsed.data;
  }
  return cached;
}

/** Auth by a hosted Supabase project (SUPABASE_URL) rather than the built-in service. */
export function hostedAuth(): { url: string; anonKey: string } | null {
  const { SUPABASE_URL: url, SUPABASE_ANON_KEY: anonKey } = env();
  return url && anonKey ? { url: new URL(url).origin, anonKey } : null;
}

/** Embedded mode: no external services configured. */
export function isEmbedded(): boolean {
  return !env().DATABASE_URL;
}

export function isProduction(): boolean {
  return env().NODE_ENV === "production";
}

/** Whether the /dev pages exist: always outside production, in production only with DEV_TOOLS. */
export function devToolsEnabled(): boolean {
  return !isProduction() || env().DEV_TOOLS;
}

/** Only for tests: forget the parsed settings so a changed process.env is read again. */
export function resetEnvForTests(): void {
  cached = undefined;
}
