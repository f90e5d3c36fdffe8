"use client";

import { useSearchParams } from "next/navigation";
import { useEffect, useRef, useState } from "react";
import { cn } from "@/lib/utils/cn";
import { navigationStartEvent, type NavigationStartDetail } from "./navigation-events";
import {
  createProgressController,
  type ProgressController,
  type ProgressPhase,
} from "./navigation-progress-controller";
import { usePublicPathname } from "@/lib/i18n/use-public-pathname";

/** Loaded on the first navigation (NavigationProgress), which it is told about as `firstUrl`. */
export function ProgressBar({ firstUrl }: { firstUrl: string }) {
  const pathname = usePublicPathname();
  const search = useSearchParams().toString();
  const [phase, setPhase] = useState<ProgressPhase>("idle");
  const controller = useRef<ProgressController | null>(null);

  useEffect(() => {
    const current = createProgressController(setPhase);
    controller.current = current;
    const start = (url: string) => {
      const target = new URL(url, window.location.href);
      const here = window.location;
      // Hash-only moves and reloads of the same URL are not navigations worth showing (nor
      // is the first one if it already ended while this code loaded).
      if (target.pathname === here.pathname && target.search === here.search) return;
      current.start();
    };
    const onStart = (event: Event) =>
      start((event as CustomEvent<NavigationStartDetail>).detail.url);
    start(firstUrl);
    window.addEventListener(navigationStartEvent, onStart);
    return () => {
      window.removeEventListener(navigationStartEvent, onStart);
      current.dispose();
      controller.current = null;
    };
    // The first navigation is only known at mount; later ones come as events.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // A new route ends the navigation (not the route the bar mounted on).
  const route = `${pathname}?${search}`;
  const shownRoute = useRef(route);
  useEffect(() => {
    if (route === shownRoute.current) return;
    shownRoute.current = route;
    controller.current?.done();
  }, [route]);

  return (
    <div
      aria-hidden
      data-testid="navigation-progress"
      data-phase={phase}
      className="pointer-events-none fixed inset-x-0 top-0 z-[70] h-[3px]"
    >
      {phase === "running" || phase === "finishing" ? (
        <div
          className={cn(
            "h-full origin-left bg-primary shadow-[0_0_8px_var(--primary)]",
            phase === "running"
              ? "animate-[nav-progress_2000ms_cubic-bezier(0.1,0.7,0.3,1)_forwards]"
              : "scale-x-100 opacity-0 transition-opacity duration-200",
          )}
        />
      ) : null}
    </div>
  );
}
