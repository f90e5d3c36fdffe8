"use client";

import { deferHydration } from "@/components/ui/deferred-hydration";

/**
 * The hub home's inline category browser. The server renders its first grid in full; its code
 * and texts (quick-access-messages.tsx) are not part of the page's first-load JavaScript but
 * load when the browser is idle or the visitor reaches the grid, and then hydrate the grid in
 * place (`deferHydration`). React streams its HTML after the page's shell (a completed boundary
 * this large is outlined) and reveals it with an inline script, so it stays hidden without
 * JavaScript: the hub adds the categories as plain links in a <noscript> (hub-no-script-links).
 */
export const HubBrowser = deferHydration(() =>
  import("./hub-quick-access-browser").then((module) => module.HubQuickAccessBrowser),
);
