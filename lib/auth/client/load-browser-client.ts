import type { AuthClientConfig } from "./auth-options";
import type { BrowserAuthClient } from "./browser-client";

/**
 * The browser's auth client, loaded after the page: auth-js is about 26 kB gzipped, and
 * nothing of it is needed to draw a sign-in or profile page, only once a person acts (or
 * for the session events that follow hydration). Its chunk is fetched once; the client is
 * the page's one instance (browser-client.ts). A failed fetch is tried again on the next call.
 */
export function loadBrowserAuthClient(config: AuthClientConfig): Promise<BrowserAuthClient> {
  return import("./browser-client").then((module) => module.getBrowserAuthClient(config));
}
