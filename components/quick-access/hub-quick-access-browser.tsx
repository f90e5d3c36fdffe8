"use client";

import { type ComponentProps } from "react";
import { QuickAccessBrowser } from "./quick-access-browser";
import { QuickAccessMessages } from "./quick-access-messages";

/** The hub's category browser with its texts, loaded together (hub-browser.tsx). */
export function HubQuickAccessBrowser(props: ComponentProps<typeof QuickAccessBrowser>) {
  return (
    <QuickAccessMessages>
      <QuickAccessBrowser {...props} />
    </QuickAccessMessages>
  );
}
