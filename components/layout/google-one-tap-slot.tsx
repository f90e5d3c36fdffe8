"use client";

import { lazy, Suspense } from "react";

/**
 * The one-tap mount in a chunk of its own: it decides only after the browser is idle anyway
 * (google-one-tap-mount.tsx), so its code need not be in every page's first load.
 */
const GoogleOneTapMount = lazy(() =>
  import("./google-one-tap-mount").then((module) => ({ default: module.GoogleOneTapMount })),
);

export function GoogleOneTapSlot() {
  return (
    <Suspense fallback={null}>
      <GoogleOneTapMount />
    </Suspense>
  );
}
