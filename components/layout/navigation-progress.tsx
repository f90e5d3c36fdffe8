"use client";

import { lazy, Suspense, useEffect, useState } from "react";
import { navigationStartEvent, type NavigationStartDetail } from "./navigation-events";

const loadBar = () => import("./navigation-progress-bar");
const ProgressBar = lazy(() => loadBar().then((module) => ({ default: module.ProgressBar })));

const idle = (
  <div
    aria-hidden
    data-testid="navigation-progress"
    data-phase="idle"
    className="pointer-events-none fixed inset-x-0 top-0 z-[70] h-[3px]"
  />
);

/**
 * The thin bar at the top of the window during slow navigations (spec §9: 200 ms, 2000 ms).
 * Its code (the bar and its timing) is not in first-load JavaScript: it is fetched when the
 * browser is idle, and the bar mounts on the first navigation, which it then follows (a bar
 * only shows after 200 ms, time enough to load it even if idle never came).
 */
export function NavigationProgress() {
  const [firstUrl, setFirstUrl] = useState<string | null>(null);

  useEffect(() => {
    const onStart = (event: Event) =>
      setFirstUrl((event as CustomEvent<NavigationStartDetail>).detail.url);
    window.addEventListener(navigationStartEvent, onStart, { once: true });
    const preload = () => void loadBar();
    const handle = window.requestIdleCallback
      ? window.requestIdleCallback(preload)
      : window.setTimeout(preload, 1000);
    return () => {
      window.removeEventListener(navigationStartEvent, onStart);
      if (window.cancelIdleCallback) window.cancelIdleCallback(handle);
      else window.clearTimeout(handle);
    };
  }, []);

  if (firstUrl === null) return idle;
  return (
    <Suspense fallback={idle}>
      <ProgressBar firstUrl={firstUrl} />
    </Suspense>
  );
}
