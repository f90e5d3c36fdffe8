"use client";

import { useTranslations } from "next-intl";
import { lazy, Suspense, useState, type ReactNode } from "react";
import { useDrawer, useIsDesktop } from "./use-drawer";

export const drawerId = "navigation-drawer";

// The modal sheet (Radix dialog) is only needed below 960 px once the drawer opens. It is
// never rendered on the server (the media query is false there), so React.lazy suffices.
const NavigationDrawerSheet = lazy(() =>
  import("./navigation-drawer-sheet").then((module) => ({ default: module.NavigationDrawerSheet })),
);

/**
 * The navigation drawer. From 960 px it docks beside the content (shown by CSS from the
 * persisted state, so it is there at first paint); below, it is a modal sheet. `nav` is the
 * server-rendered list of links (DrawerNav), shown in both.
 */
export function NavigationDrawer({ nav }: { nav: ReactNode }) {
  const t = useTranslations("ui");
  const { open, setOpen } = useDrawer();
  const desktop = useIsDesktop();
  const modal = open && !desktop;
  // Once shown, the sheet stays mounted so that closing it gives focus back as Radix does.
  const [sheetUsed, setSheetUsed] = useState(false);
  if (modal && !sheetUsed) setSheetUsed(true);
  return (
    <>
      <aside
        id={drawerId}
        aria-label={t("nav.label")}
        className="sticky top-16 hidden max-h-[calc(100dvh-4rem)] w-64 shrink-0 self-start overflow-y-auto border-r border-border md:in-data-[drawer=open]:block"
      >
        {nav}
      </aside>
      {sheetUsed ? (
        <Suspense fallback={null}>
          <NavigationDrawerSheet open={modal} onOpenChange={setOpen} nav={nav} />
        </Suspense>
      ) : null}
    </>
  );
}
