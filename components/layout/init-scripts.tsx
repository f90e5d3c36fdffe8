"use client";

import { drawerInitScript } from "./drawer-store";
import { sessionInitScript } from "./session-cookie";
import { themeInitScript } from "./theme-store";

/*
 * The inline scripts that set <html>'s theme class and drawer and session attributes before
 * the first paint (allowed by their hashes: lib/security/content-security-policy.ts). Drawn by
 * client components so that their text travels once in the cached JavaScript bundle instead
 * of again in every page's RSC payload (about 1.5–2 kB a page, docs/bench.md "Back office,
 * fourth pass"); the HTML is the same. The server's HTML runs them; React does not run a
 * script again when it hydrates it.
 */

/** The theme's script (components/layout/theme-store.ts), in the root document. */
export function ThemeInitScript() {
  return <script dangerouslySetInnerHTML={{ __html: themeInitScript }} />;
}

/** The drawer's and the session's scripts (drawer-store.ts, session-cookie.ts), in the shell. */
export function ShellInitScripts() {
  return (
    <>
      <script dangerouslySetInnerHTML={{ __html: drawerInitScript }} />
      <script dangerouslySetInnerHTML={{ __html: sessionInitScript }} />
    </>
  );
}
