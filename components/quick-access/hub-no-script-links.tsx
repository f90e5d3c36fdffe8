"use client";

import type { HubCategoryLinks as Links } from "./hub-category-links";
import type { QuickAccessMessages as Messages } from "./quick-access-messages";

/**
 * The hub's categories as plain links for visitors without JavaScript, who do not see the
 * category browser (`.js-only`; its deferred HTML is revealed by a script too). Only the
 * server renders the links: they are in the HTML once and not in the RSC payload, and the
 * browser's bundle has none of their code (`typeof window` is a build-time constant). React
 * does not hydrate a <noscript>'s content, so the browser's empty one matches.
 */
export function HubNoScriptLinks() {
  if (typeof window !== "undefined") return <noscript />;
  /* eslint-disable @typescript-eslint/no-require-imports */
  const { HubCategoryLinks } = require("./hub-category-links") as {
    HubCategoryLinks: typeof Links;
  };
  const { QuickAccessMessages } = require("./quick-access-messages") as {
    QuickAccessMessages: typeof Messages;
  };
  /* eslint-enable @typescript-eslint/no-require-imports */
  return (
    <noscript>
      <QuickAccessMessages>
        <HubCategoryLinks />
      </QuickAccessMessages>
    </noscript>
  );
}
