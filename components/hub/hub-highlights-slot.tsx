"use client";

import { lazy, Suspense, useEffect, useRef, useState } from "react";
import type { HubHighlightsTexts } from "./hub-highlights";

// The sections' code is its own chunk, fetched when the browser is idle after hydration: not
// part of the hub's first-load JavaScript (docs/architecture.md, "Bytes per page"). React's
// `lazy` rather than next/dynamic, whose loader would be new first-load code on this page.
const HubHighlights = lazy(() =>
  import("./hub-highlights").then((module) => ({ default: module.HubHighlights })),
);

/**
 * Where the hub's product sections go (issue 11 §3). The prerendered page has only this
 * reserved, empty box (hidden without JavaScript: `.js-only`, so no broken section); the
 * sections load their code and their data (GET /api/listings/highlights) when the visitor
 * comes near them, once the page has settled. The page stays static and its CSP hashes stay valid.
 */
export function HubHighlightsSlot({ texts }: { texts: HubHighlightsTexts }) {
  const [start, setStart] = useState(false);
  const box = useRef<HTMLElement>(null);
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    // Once the page has settled (idle after hydration), and only when the visitor reaches the
    // sections: loading them while the hub's grid is still being revealed above them, or in
    // view on a small screen, moved them and everything below (Lighthouse CLS 0.61 on `/`).
    let observer: IntersectionObserver | undefined;
    const watch = () => {
      observer = new IntersectionObserver(
        (entries) => {
          if (entries.some((entry) => entry.isIntersecting)) {
            setStart(true);
            observer?.disconnect();
          }
        },
        { rootMargin: "200px 0px" },
      );
      observer.observe(element);
    };
    let cancel: () => void;
    if (typeof window.requestIdleCallback === "function") {
      const handle = window.requestIdleCallback(watch, { timeout: 2000 });
      cancel = () => window.cancelIdleCallback(handle);
    } else {
      const handle = window.setTimeout(watch, 200);
      cancel = () => window.clearTimeout(handle);
    }
    return () => {
      cancel();
      observer?.disconnect();
    };
  }, []);
  return (
    <section
      ref={box}
      aria-label={texts.label}
      className="js-only min-h-[36rem]"
      data-testid="hub-highlights"
    >
      {start ? (
        <Suspense fallback={null}>
          <HubHighlights texts={texts} />
        </Suspense>
      ) : null}
    </section>
  );
}
