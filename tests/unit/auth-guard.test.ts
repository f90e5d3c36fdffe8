import { describe, expect, it } from "vitest";
import { decideGuard, targetOrHome, type GuardState } from "@/lib/auth/guard/guard-decision";
import { safeRedirectTarget, withRedirect } from "@/lib/auth/guard/redirect-target";
import { routes } from "@/lib/routes/manifest";

const anonymous: GuardState = { signedIn: false, hasProfile: false };
const noProfile: GuardState = { signedIn: true, hasProfile: false };
const withProfile: GuardState = { signedIn: true, hasProfile: true };

/** A concrete path of a manifest pattern (`[x]` → a value, `[...x]` → two segments). */
function concrete(pattern: string): string {
  return pattern.replace(/\[\.\.\.\w+\]/, "some/where").replace(/\[\w+\]/g, "id-1") || "/";
}

/** What spec §4 says, written independently of the implementation. */
function expected(route: (typeof routes)[number], path: string, state: GuardState): string | null {
  if (route.auth === "public-only") return state.signedIn ? "/" : null;
  if (route.auth === "any") return null;
  if (!state.signedIn) return `/login?redirect=${encodeURIComponent(path)}`;
  if (route.profile === "required" && !state.hasProfile) {
    return `/profile/create?redirect=${encodeURIComponent(path)}`;
  }
  if (route.profile === "no-profile" && state.hasProfile) return "/";
  return null;
}

describe("route guard over the manifest", () => {
  const cases = routes
    .filter((route) => !route.pattern.includes("[..."))
    .flatMap((route) =>
      (
        [
          ["anonymous", anonymous],
          ["signed in without a profile", noProfile],
          ["signed in with a profile", withProfile],
        ] as const
      ).map(([label, state]) => ({ route, label, state, path: concrete(route.pattern) })),
    );

  it.each(cases)("$route.pattern, $label", ({ route, state, path }) => {
    const decision = decideGuard(path, "", state);
    const want = expected(route, path, state);
    expect(decision).toEqual(
      want === null ? { action: "next" } : { action: "redirect", location: want },
    );
  });

  it("keeps public-only pages open while the MFA step is pending, and only those", () => {
    const pending: GuardState = { ...withProfile, mfaPending: true };
    expect(decideGuard("/login", "?redirect=%2Fprofile", pending)).toEqual({ action: "next" });
    expect(decideGuard("/login", "?redirect=%2Fprofile", withProfile)).toEqual({
      action: "redirect",
      location: "/profile",
    });
    expect(decideGuard("/profile", "", pending)).toEqual({ action: "next" });
  });

  it("keeps sign-in and registration open to a guest, who still needs a profile elsewhere", () => {
    const guest: GuardState = { signedIn: true, hasProfile: false, guest: true };
    for (const path of ["/login", "/register", "/forgot-password"]) {
      expect(decideGuard(path, "?redirect=%2Fcommerce%2Fcart", guest)).toEqual({ action: "next" });
    }
    expect(decideGuard("/profile", "", guest)).toEqual({
      action: "redirect",
      location: "/profile/create?redirect=%2Fprofile",
    });
  });

  it("covers each kind of route", () => {
    const kinds = new Set(routes.map((r) => `${r.auth}/${r.profile}`));
    expect(kinds).toEqual(
      new Set([
        "any/skip",
        "public-only/skip",
        "required/required",
        "required/no-profile",
        "required/skip",
      ]),
    );
  });

  it("keeps the query string in the redirect of a protected page", () => {
    expect(decideGuard("/profile/order", "?page=2&sort=date", anonymous)).toEqual({
      action: "redirect",
      location: "/login?redirect=%2Fprofile%2Forder%3Fpage%3D2%26sort%3Ddate",
    });
    expect(decideGuard("/chat/room-7", "?x=1", noProfile)).toEqual({
      action: "redirect",
      location: "/profile/create?redirect=%2Fchat%2Froom-7%3Fx%3D1",
    });
  });

  it("reads the query string with or without its '?', and drops an empty one", () => {
    expect(decideGuard("/profile/order", "page=2", anonymous)).toEqual({
      action: "redirect",
      location: "/login?redirect=%2Fprofile%2Forder%3Fpage%3D2",
    });
    expect(decideGuard("/profile/order", "?", anonymous)).toEqual({
      action: "redirect",
      location: "/login?redirect=%2Fprofile%2Forder",
    });
  });

  it("sends signed-in users away from /login to the redirect target", () => {
    expect(decideGuard("/login", "?redirect=%2Fprofile%2Forder", withProfile)).toEqual({
      action: "redirect",
      location: "/profile/order",
    });
    expect(decideGuard("/login", "?redirect=https%3A%2F%2Fevil.example", noProfile)).toEqual({
      action: "redirect",
      location: "/",
    });
    // A dot segment before "//" must not make a protocol-relative target.
    for (const target of ["/.//evil.example", "/%2e//evil.example", "/a/..//evil.example"]) {
      expect(
        decideGuard("/login", `?redirect=${encodeURIComponent(target)}`, withProfile),
        target,
      ).toEqual({ action: "redirect", location: "/" });
    }
    // A public-only target would loop: home instead.
    expect(decideGuard("/register", "?redirect=%2Flogin", withProfile)).toEqual({
      action: "redirect",
      location: "/",
    });
  });

  it("sends users with a profile from the creation page to the target, or / for itself", () => {
    expect(decideGuard("/profile/create", "?redirect=%2Fchat", withProfile)).toEqual({
      action: "redirect",
      location: "/chat",
    });
    expect(decideGuard("/profile/create", "?redirect=%2Fprofile%2Fcreate", withProfile)).toEqual({
      action: "redirect",
      location: "/",
    });
    expect(decideGuard("/profile/create", "?redirect=%2Fchat", noProfile)).toEqual({
      action: "next",
    });
  });

  it("leaves skip-auth pages and unknown paths alone whatever the state", () => {
    for (const state of [anonymous, noProfile, withProfile]) {
      expect(decideGuard("/", "", state)).toEqual({ action: "next" });
      expect(decideGuard("/no/such/page", "", state)).toEqual({ action: "next" });
      expect(decideGuard("/callback", "?code=1", state)).toEqual({ action: "next" });
    }
  });
});

describe("redirect targets", () => {
  it.each([
    ["/profile", "/profile"],
    ["/commerce/event?type=concert#top", "/commerce/event?type=concert#top"],
    ["/a/../profile", "/profile"],
    ["/%2F%2Fevil.example", "/%2F%2Fevil.example"],
    // Encoded backslashes stay encoded: a path segment, not a host.
    ["/%5C%5Cevil.example", "/%5C%5Cevil.example"],
    ["/./profile", "/profile"],
    ["/profile/.", "/profile/"],
    ["/%2e%2e/profile", "/profile"],
    ["/profile?next=//evil.example", "/profile?next=//evil.example"],
  ])("keeps the same-site path %s", (value, want) => {
    expect(safeRedirectTarget(value)).toBe(want);
  });

  it("keeps a path of exactly 2048 characters and refuses one of 2049", () => {
    const longest = `/${"a".repeat(2047)}`;
    expect(safeRedirectTarget(longest)).toBe(longest);
    expect(safeRedirectTarget(`${longest}a`)).toBeNull();
  });

  it("keeps a path that only ends with a double slash", () => {
    expect(safeRedirectTarget("/a//")).toBe("/a//");
  });

  it.each([
    null,
    "",
    "profile",
    "//evil.example",
    "/\\evil.example",
    "\\\\evil.example",
    "https://evil.example/x",
    "javascript:alert(1)",
    "/pro file",
    "/x\u0000y",
    "/\tevil",
    `/${"a".repeat(3000)}`,
    // Dot segments that the URL parser removes, leaving "//host" (protocol-relative).
    "/.//evil.example",
    "/..//evil.example",
    "/a/..//evil.example",
    "/a/b/../..//evil.example",
    "/././/evil.example",
    // The same with the dots percent-encoded (the parser treats %2e as a dot).
    "/%2e//evil.example",
    "/%2E//evil.example",
    "/%2e%2e//evil.example",
    "/.%2e//evil.example",
    // Backslashes (browsers read them as slashes), raw or next to dot segments.
    "/.\\evil.example",
    "/\\evil.example",
    "\\/evil.example",
    // Whitespace and control characters that browsers strip before parsing.
    "/\n/evil.example",
    "/\r//evil.example",
    " //evil.example",
    "/\u0000/evil.example",
    // Other schemes, with or without a leading slash.
    "http:evil.example",
    "https:/evil.example",
    "data:text/html,hi",
    "///evil.example",
    "/\u3000/evil.example",
  ])("refuses %j", (value) => {
    expect(safeRedirectTarget(value)).toBeNull();
  });

  it("whatever comes out stays on this site", () => {
    const tricky = [
      "/.//evil.example",
      "/%2e//evil.example",
      "/a/..//evil.example/x?y#z",
      "/%2F%2Fevil.example",
      "/%5C%5Cevil.example",
      "/./%2e/..//evil.example",
      "/profile/..//..//evil.example",
    ];
    for (const value of tricky) {
      const out = safeRedirectTarget(value);
      if (out === null) continue;
      // Read by a browser against this site, the target is still this site.
      expect(new URL(out, "https://site.example").origin, value).toBe("https://site.example");
      expect(out.startsWith("//") || out.startsWith("/\\"), value).toBe(false);
    }
  });

  it("falls back to / for loops and unsafe values", () => {
    expect(targetOrHome("/login")).toBe("/");
    expect(targetOrHome("/profile/create?redirect=%2F")).toBe("/");
    expect(targetOrHome("//evil.example")).toBe("/");
    expect(targetOrHome("/profile/update")).toBe("/profile/update");
  });

  it("encodes the target of a link", () => {
    expect(withRedirect("/login", "/a?b=c&d")).toBe("/login?redirect=%2Fa%3Fb%3Dc%26d");
    expect(withRedirect("/login", null)).toBe("/login");
  });
});
