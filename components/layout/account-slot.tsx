"use client";

import { useEffect, useState, type ComponentType, type ReactNode } from "react";
import type { AccountIcons } from "./top-bar-account";

const loadIsland = () => import("./top-bar-account");

/**
 * Where the session controls go in the top bar. It shows the server's static copy
 * (`fallback`) and swaps in the island (`TopBarAccount`) as soon as its code has loaded after
 * hydration: the island is not part of any page's first-load JavaScript (docs/bench.md).
 */
export function AccountSlot({ fallback, icons }: { fallback: ReactNode; icons: AccountIcons }) {
  const [Island, setIsland] = useState<ComponentType<{ icons: AccountIcons }> | null>(null);
  useEffect(() => {
    let live = true;
    void loadIsland().then((module) => live && setIsland(() => module.TopBarAccount));
    return () => {
      live = false;
    };
  }, []);
  return Island ? <Island icons={icons} /> : fallback;
}
