import { describe, expect, it } from "vitest";
import { hasSessionCookie, isSessionCookieName, sessionInitScript } from "./session-cookie";

describe("the session cookie's presence (top bar)", () => {
  it("sees @supabase/ssr's session cookie, whole or chunked", () => {
    expect(hasSessionCookie("sb-127-auth-token=base64-eyJ")).toBe(true);
    expect(hasSessionCookie("lm-drawer=open; sb-livemarket-auth-token.0=base64-eyJ")).toBe(true);
  });

  it("ignores the PKCE verifier, empty values, other cookies and lookalikes", () => {
    expect(hasSessionCookie("")).toBe(false);
    expect(hasSessionCookie("sb-127-auth-token-code-verifier=abc")).toBe(false);
    expect(hasSessionCookie("sb-127-auth-token=")).toBe(false);
    expect(hasSessionCookie("NEXT_LOCALE=es; lm-profile=x.y")).toBe(false);
    expect(hasSessionCookie("xsb-127-auth-token=abc")).toBe(false);
  });

  it("names the cookies sign-out clears: the session and its chunks only", () => {
    expect(isSessionCookieName("sb-127-auth-token")).toBe(true);
    expect(isSessionCookieName("sb-127-auth-token.1")).toBe(true);
    expect(isSessionCookieName("sb-127-auth-token-code-verifier")).toBe(false);
    expect(isSessionCookieName("lm-profile")).toBe(false);
  });

  it("the inline script marks <html> only when the cookie is there", () => {
    const run = (cookie: string) => {
      const attributes = new Map<string, string>();
      const document = {
        cookie,
        documentElement: { setAttribute: (n: string, v: string) => attributes.set(n, v) },
      };
      new Function("document", sessionInitScript)(document);
      return attributes.get("data-session") ?? null;
    };
    expect(run("sb-127-auth-token=base64-x")).toBe("in");
    expect(run("sb-127-auth-token-code-verifier=x")).toBeNull();
  });
});
