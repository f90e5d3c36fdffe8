import { createBrowserClient } from "@supabase/ssr";
import { describe, expect, it } from "vitest";
import { authCookieOptions, type AuthClientConfig } from "./auth-options";
import { getBrowserAuthClient } from "./browser-client";

const config: AuthClientConfig = {
  url: null,
  anonKey: "anon-key",
  cookieName: "sb-localhost-auth-token",
  siteOrigin: "http://localhost:3000",
  redirectOrigin: null,
};

/** The settings of an auth-js client that decide what it sends and where it keeps the session. */
function settings(auth: object) {
  const client = auth as unknown as {
    url: string;
    headers: Record<string, string>;
    storageKey: string;
    flowType: string;
    autoRefreshToken: boolean;
    persistSession: boolean;
    detectSessionInUrl: boolean;
  };
  return {
    url: client.url,
    apikey: client.headers.apikey,
    authorization: client.headers.Authorization,
    storageKey: client.storageKey,
    flowType: client.flowType,
    autoRefreshToken: client.autoRefreshToken,
    persistSession: client.persistSession,
    detectSessionInUrl: client.detectSessionInUrl,
  };
}

describe("the browser's auth client (auth-js alone)", () => {
  it("is configured as @supabase/ssr's createBrowserClient configures supabase-js's", () => {
    const ours = getBrowserAuthClient(config);
    const theirs = createBrowserClient(config.siteOrigin, config.anonKey, {
      cookieOptions: authCookieOptions(config.cookieName, false),
      isSingleton: false,
      // Node 20 has no WebSocket: supabase-js's realtime client needs a transport to exist.
      realtime: { transport: class {} as never },
    });
    expect(settings(ours.auth)).toEqual(settings(theirs.auth));
    expect(settings(ours.auth)).toMatchObject({
      url: "http://localhost:3000/auth/v1",
      apikey: "anon-key",
      storageKey: "sb-localhost-auth-token",
      flowType: "pkce",
    });
  });

  it("talks to a hosted project at its URL", () => {
    const hosted = getBrowserAuthClient({ ...config, url: "https://abcd.supabase.co/" });
    expect(settings(hosted.auth).url).toBe("https://abcd.supabase.co/auth/v1");
  });
});
