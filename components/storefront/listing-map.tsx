"use client";

import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { useEnvironment } from "@/components/app-data/use-environment";
import { MapBoundary } from "@/components/maps/map-boundary";
import type { MapPoint } from "@/components/maps/pin-map";

// The map's code (the maps library and its loader) is its own chunk, fetched only when the
// section comes into view: not part of the product page's first-load JavaScript.
const MarkerMap = lazy(() =>
  import("@/components/maps/marker-map").then((module) => ({ default: module.MarkerMap })),
);

/**
 * The public page's map island (ListingLocationSection renders it only with MAPS_PUBLIC_KEY
 * and a point). It reserves its box, waits for the visitor to come near it, then loads the
 * map with the key of the environment document. A failure of any kind (the chunk, the maps
 * script, a refused key, a render error) removes the box: the address and its link above
 * stay.
 */
export function ListingMap({
  point,
  language,
  label,
}: {
  point: MapPoint;
  language: string;
  label: string;
}) {
  const environment = useEnvironment();
  const apiKey = environment.data?.maps.publicKey ?? null;
  const [near, setNear] = useState(false);
  const [failed, setFailed] = useState(false);
  const box = useRef<HTMLDivElement>(null);
  const unavailable = environment.status === "error" || (environment.status === "ready" && !apiKey);
  const hidden = failed || unavailable;
  useEffect(() => {
    const element = box.current;
    if (hidden || !element || typeof IntersectionObserver !== "function") return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          setNear(true);
          observer.disconnect();
        }
      },
      { rootMargin: "200px 0px" },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [hidden]);
  if (hidden) return null;
  return (
    <div
      ref={box}
      role="region"
      aria-label={label}
      className="js-only aspect-[4/3] w-full overflow-hidden rounded-card border border-border bg-surface-2 sm:aspect-[16/9]"
      data-testid="listing-map"
    >
      {near && apiKey ? (
        <MapBoundary fallback={null} onError={() => setFailed(true)}>
          <Suspense fallback={null}>
            <MarkerMap
              apiKey={apiKey}
              language={language}
              point={point}
              markerLabel={label}
              onFailure={() => setFailed(true)}
            />
          </Suspense>
        </MapBoundary>
      ) : null}
    </div>
  );
}
