"use client";

import { useCallback, useSyncExternalStore } from "react";
import { getDrawerOpen, getServerDrawerOpen, setDrawerOpen, subscribeDrawer } from "./drawer-store";

/** The persisted drawer state, shared by the top bar's button and the drawer itself. */
export function useDrawer() {
  const open = useSyncExternalStore(subscribeDrawer, getDrawerOpen, getServerDrawerOpen);
  const toggle = useCallback(() => setDrawerOpen(!getDrawerOpen()), []);
  return { open, setOpen: setDrawerOpen, toggle };
}

const desktopQuery = "(min-width: 960px)";

function subscribeDesktop(listener: () => void) {
  const media = window.matchMedia(desktopQuery);
  media.addEventListener("change", listener);
  return () => media.removeEventListener("change", listener);
}

/** Whether the window is at least the md breakpoint (960 px): the drawer docks beside content. */
export function useIsDesktop(): boolean {
  return useSyncExternalStore(
    subscribeDesktop,
    () => window.matchMedia(desktopQuery).matches,
    () => false,
  );
}
