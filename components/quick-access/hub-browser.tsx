"use client";

import { deferHydration } from "@/components/ui/deferred-hydration";

/**
 * The hub home's inline category browser. The server renders its first grid in full; its code
 * (browser, tiles, 45 icons: about 11 kB gzipped) is not part of the page's first-load
 * JavaScript but loads when the browser is idle or the visitor reaches the grid, and then
 * hydrates the grid in place (`deferHydration`). Its streamed HTML stays hidden without
 * JavaScript, so the hub adds the server's category links in a <noscript> (hub-category-links).
 */
export const HubBrowser = deferHydration(() =>
  import("./quick-access-browser").then((module) => module.QuickAccessBrowser),
);
