"use client";

import { usePathname, useSearchParams } from "next/navigation";
import { Suspense, useEffect, useRef, useState } from "react";
import { cn } from "@/lib/utils/cn";
import { navigationStartEvent, type NavigationStartDetail } from "./navigation-events";
import {
  createProgressController,
  type ProgressController,
  type ProgressPhase,
} from "./navigation-progress-controller";

function ProgressBar() {
  const pathname = usePathname();
  const search = useSearchParams().toString();
  const [phase, setPhase] = useState<ProgressPhase>("idle");
  const controller = useRef<ProgressController | null>(null);

  useEffect(() => {
    const current = createProgressController(setPhase);
    controller.current = current;
    const onStart = (event: Event) => {
      const { url } = (event as CustomEvent<NavigationStartDetail>).detail;
      const target = new URL(url, window.location.href);
      const here = window.location;
      // Hash-only moves and reloads of the same URL are not navigations worth showing.
      if (target.pathname === here.pathname && target.search === here.search) return;
      current.start();
    };
    window.addEventListener(navigationStartEvent, onStart);
    return () => {
      window.removeEventListener(navigationStartEvent, onStart);
      current.dispose();
      controller.current = null;
    };
  }, []);

  useEffect(() => {
    controller.current?.done();
  }, [pathname, search]);

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

/** The thin bar at the top of the window during slow navigations (spec §9: 200 ms, 2000 ms). */
export function NavigationProgress() {
  return (
    <Suspense fallback={null}>
      <ProgressBar />
    </Suspense>
  );
}
