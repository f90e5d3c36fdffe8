import { describe, expect, it, vi } from "vitest";
import {
  authCookieOptions,
  authRedirectUrl,
  authServiceUrl,
  callbackPath,
  environmentAuthConfig,
  redirectOrigin,
  secureCookies,
  sessionCookieName,
  type AuthClientConfig,
} from "@/lib/auth/client/auth-options";
import { browserProjectUrl } from "@/lib/auth/client/browser-client";
import {
  authErrorKey,
  CREDENTIALS_REQUIRED,
  credentialsSchema,
  identifierSchema,
} from "@/lib/auth/client/credentials-schema";
import { pageOriginOf } from "@/lib/auth/server/page-origin";
import { parseWithValidation } from "@/lib/validation/parse";

describe("credentials schema", () => {
  it.each([
    [{ identifier: "", password: "secret-pass" }],
    [{ identifier: "a@b.example", password: "" }],
    [{ identifier: "   ", password: "" }],
  ])("asks for an email or phone and a password: %j", (input) => {
    const result = parseWithValidation(credentialsSchema, input);
    expect(result).toEqual({
      success: false,
      fieldErrors: { identifier: [CREDENTIALS_REQUIRED] },
    });
  });

  it("names the channel: email lower-cased, phone as E.164", () => {
    expect(
      parseWithValidation(credentialsSchema, { identifier: " Ana@Example.COM ", password: "pw" }),
    ).toEqual({ success: true, data: { email: "ana@example.com", password: "pw" } });
    expect(
      parseWithValidation(credentialsSchema, { identifier: "+34 600 11 22 33", password: "pw" }),
    ).toEqual({ success: true, data: { phone: "+34600112233", password: "pw" } });
  });

  it("rejects a malformed email or phone with the spec messages", () => {
    const email = parseWithValidation(credentialsSchema, { identifier: "a@", password: "pw" });
    expect(email.success ? null : email.fieldErrors.identifier).toEqual(["validation:email"]);
    const phone = parseWithValidation(credentialsSchema, { identifier: "call me", password: "pw" });
    expect(phone.success ? null : phone.fieldErrors.identifier).toEqual(["validation:format"]);
  });

  it("maps service error codes to catalogue keys", () => {
    expect(authErrorKey("invalid_credentials")).toBe("invalidCredentials");
    expect(authErrorKey("weak_password")).toBe("weakPassword");
    expect(authErrorKey("user_already_exists")).toBe("userExists");
    expect(authErrorKey("over_request_rate_limit")).toBe("rateLimited");
    expect(authErrorKey(undefined)).toBe("failed");
  });
});

describe("session cookie options", () => {
  it("uses the first label of the host and @supabase/ssr's settings", () => {
    const url = authServiceUrl("https://market.example.com/some/path");
    expect(url).toBe("https://market.example.com/auth/v1");
    expect(sessionCookieName(url)).toBe("sb-market-auth-token");
    expect(authCookieOptions(sessionCookieName(url), true)).toEqual({
      name: "sb-market-auth-token",
      path: "/",
      sameSite: "lax",
      maxAge: 400 * 24 * 60 * 60,
      secure: true,
    });
    expect(sessionCookieName("http://127.0.0.1:3330/auth/v1")).toBe("sb-127-auth-token");
  });

  it("is Secure for https pages and SITE_URL's own https host, never for plain http", () => {
    const site = "https://market.example.com";
    expect(secureCookies(site, { protocol: "https:", host: "market.example.com" })).toBe(true);
    // A TLS proxy that does not send x-forwarded-proto: the site's own host still is.
    expect(secureCookies(site, { protocol: "http:", host: "market.example.com" })).toBe(true);
    // The same build opened over plain http on a LAN address: a Secure cookie would be refused.
    expect(secureCookies(site, { protocol: "http:", host: "192.168.1.20:3000" })).toBe(false);
    expect(secureCookies(site, null)).toBe(true);
    for (const local of ["http://localhost:3000", "http://127.0.0.1:3000", "http://myhost.lan"]) {
      expect(secureCookies(local, null)).toBe(false);
      expect(secureCookies(local, { protocol: "http:", host: "127.0.0.1:3000" })).toBe(false);
      expect(secureCookies(local, { protocol: "http:", host: "localhost:3000" })).toBe(false);
      expect(secureCookies(local, { protocol: "https:", host: "proxy.example" })).toBe(true);
    }
  });
});

describe("where the browser's auth client goes (issue 2, point 1)", () => {
  const config: AuthClientConfig = {
    url: null,
    anonKey: "anon",
    cookieName: "sb-localhost-auth-token",
    siteOrigin: "http://localhost:3000",
    redirectOrigin: null,
  };

  it("returns redirects to the page's origin only when the server found it allowed", () => {
    expect(authRedirectUrl(config, "http://127.0.0.1:3000", callbackPath("/profile"))).toBe(
      "http://localhost:3000/callback?next=%2Fprofile",
    );
    const allowed = { ...config, redirectOrigin: "http://127.0.0.1:3000" };
    expect(redirectOrigin(allowed, "http://127.0.0.1:3000")).toBe("http://127.0.0.1:3000");
    // A page on another origin than the one the server judged falls back to SITE_URL.
    expect(redirectOrigin(allowed, "http://192.168.1.20:3000")).toBe("http://localhost:3000");
  });

  it("calls the built-in service on the page's own origin, a hosted project at its URL", () => {
    expect(browserProjectUrl(config)).toBe("http://localhost:3000"); // no window: SITE_URL
    vi.stubGlobal("window", { location: { origin: "http://127.0.0.1:3000" } });
    try {
      expect(browserProjectUrl(config)).toBe("http://127.0.0.1:3000");
      expect(browserProjectUrl({ ...config, url: "https://abcd.supabase.co" })).toBe(
        "https://abcd.supabase.co",
      );
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it("reads /api/environment's auth: same origin, the site's cookie name", () => {
    expect(
      environmentAuthConfig(
        {
          url: "http://127.0.0.1:3000/auth/v1",
          anonKey: "anon",
          cookieName: "sb-localhost-auth-token",
          sameOrigin: true,
        },
        "http://localhost:3000",
      ),
    ).toEqual(config);
    expect(
      environmentAuthConfig(
        { url: "https://abcd.supabase.co/auth/v1", anonKey: "anon" },
        "https://market.example",
      ),
    ).toMatchObject({ url: "https://abcd.supabase.co", cookieName: "sb-abcd-auth-token" });
  });

  it("reads the origin the browser used from the request headers", () => {
    const headers = (entries: Record<string, string>) => new Headers(entries);
    expect(pageOriginOf(headers({ host: "127.0.0.1:3000" }))).toEqual({
      protocol: "http:",
      host: "127.0.0.1:3000",
    });
    expect(
      pageOriginOf(
        headers({
          host: "10.0.0.5:3000",
          "x-forwarded-host": "market.example.com, 10.0.0.5",
          "x-forwarded-proto": "https,http",
        }),
      ),
    ).toEqual({ protocol: "https:", host: "market.example.com" });
    expect(pageOriginOf(headers({ host: "Example.COM:80" }))).toEqual({
      protocol: "http:",
      host: "example.com",
    });
    for (const host of ["evil.example/path", "user@evil.example", "a b", ""]) {
      expect(pageOriginOf(headers(host ? { host } : {}))).toBeNull();
    }
  });
});

describe("identifier schema (one-time codes by email or SMS)", () => {
  it("names the channel like the credentials", () => {
    expect(parseWithValidation(identifierSchema, { identifier: " Ana@Example.COM " })).toEqual({
      success: true,
      data: { email: "ana@example.com" },
    });
    expect(parseWithValidation(identifierSchema, { identifier: "+34 600 11 22 33" })).toEqual({
      success: true,
      data: { phone: "+34600112233" },
    });
  });

  it("asks for a value and rejects malformed ones", () => {
    const empty = parseWithValidation(identifierSchema, { identifier: "  " });
    expect(empty.success ? null : empty.fieldErrors.identifier).toEqual(["validation:required"]);
    const email = parseWithValidation(identifierSchema, { identifier: "a@" });
    expect(email.success ? null : email.fieldErrors.identifier).toEqual(["validation:email"]);
    const phone = parseWithValidation(identifierSchema, { identifier: "call me" });
    expect(phone.success ? null : phone.fieldErrors.identifier).toEqual(["validation:format"]);
  });
});
