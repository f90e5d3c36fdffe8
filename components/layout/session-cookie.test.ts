import vm from "node:vm";
import { describe, expect, it } from "vitest";
import {
  hasSessionCookie,
  isSessionCookieName,
  sessionInitScript,
  sessionKind,
} from "./session-cookie";
import { themeInitScript } from "./theme-store";

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

  const b64url = (json: unknown) =>
    `base64-${Buffer.from(JSON.stringify(json)).toString("base64url")}`;
  const guest = b64url({ access_token: "x.y.z", user: { id: "u", is_anonymous: true } });
  const person = b64url({ access_token: "x.y.z", user: { id: "u", is_anonymous: false } });

  it("tells a guest's session from a person's, in the script and in the browser code alike", () => {
    const run = (cookie: string) => {
      const attributes = new Map<string, string>();
      const document = {
        cookie,
        documentElement: { setAttribute: (n: string, v: string) => attributes.set(n, v) },
      };
      new Function("document", sessionInitScript)(document);
      return attributes.get("data-session") ?? null;
    };
    const cases: [string, "in" | "guest" | null][] = [
      [`sb-127-auth-token=${guest}`, "guest"],
      [`a=1; sb-127-auth-token.0=${guest}`, "guest"],
      [`sb-127-auth-token=${person}`, "in"],
      [`sb-127-auth-token=${encodeURIComponent('{"user":{"is_anonymous":true}}')}`, "guest"],
      ["sb-127-auth-token=base64-%%%", "in"],
      ["sb-127-auth-token-code-verifier=x", null],
      ["", null],
    ];
    for (const [cookie, kind] of cases) {
      expect(sessionKind(cookie), cookie).toBe(kind);
      expect(run(cookie), cookie).toBe(kind);
    }
  });

  it("leaves the theme script's globals alone (a global `k` once undid every theme change)", () => {
    const context = vm.createContext({
      document: {
        cookie: "sb-127-auth-token=base64-x",
        documentElement: {
          classList: { contains: () => true, add() {}, remove() {} },
          style: {},
          setAttribute() {},
        },
      },
      localStorage: { getItem: () => null },
      MutationObserver: class {
        observe() {}
      },
    });
    vm.runInContext(themeInitScript, context);
    vm.runInContext(sessionInitScript, context);
    expect(vm.runInContext("k", context)).toBe("lm-theme");
  });
});
