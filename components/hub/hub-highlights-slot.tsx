"use client";

import { lazy, Suspense, useEffect, useState } from "react";
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
 * sections load their code and their data (GET /api/listings/highlights) once the browser is
 * idle after the page is interactive. The page stays static and its CSP hashes stay valid.
 */
export function HubHighlightsSlot({ texts }: { texts: HubHighlightsTexts }) {
  const [start, setStart] = useState(false);
  useEffect(() => {
    const begin = () => setStart(true);
    if (typeof window.requestIdleCallback === "function") {
      const handle = window.requestIdleCallback(begin, { timeout: 2000 });
      return () => window.cancelIdleCallback(handle);
    }
    const handle = window.setTimeout(begin, 200);
    return () => window.clearTimeout(handle);
  }, []);
  return (
    <section
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
