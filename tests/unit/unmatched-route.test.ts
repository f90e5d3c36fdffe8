import { afterEach, describe, expect, it, vi } from "vitest";
import { logUnmatchedRoute, unmatchedRouteMessage } from "@/lib/routes/unmatched-route";

describe("unknown routes (spec §8)", () => {
  afterEach(() => vi.restoreAllMocks());

  it("logs 'Page Not Found: {path}' for a path only the catch-all matches", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    logUnmatchedRoute({ nextUrl: { pathname: "/no/such-page" }, headers: new Headers() });
    expect(warn).toHaveBeenCalledWith("Page Not Found: /no/such-page");
  });

  it("says nothing for the pages of the manifest", () => {
    for (const path of ["/", "/about", "/error", "/docs/getting-started", "/backoffice"]) {
      expect(unmatchedRouteMessage(path), path).toBeNull();
    }
  });

  it("leaves route handlers, files and router prefetches out", () => {
    for (const path of ["/api/health", "/api/nope", "/auth/v1/user", "/robots.txt", "/x.png"]) {
      expect(unmatchedRouteMessage(path), path).toBeNull();
    }
    expect(unmatchedRouteMessage("/no/such-page", true)).toBeNull();
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    logUnmatchedRoute({
      nextUrl: { pathname: "/no/such-page" },
      headers: new Headers({ "next-router-prefetch": "1" }),
    });
    expect(warn).not.toHaveBeenCalled();
  });
});
