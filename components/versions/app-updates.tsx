"use client";

import { lazy, Suspense } from "react";
import { ChunkReloadListener } from "./chunk-reload-listener";

/**
 * The new-version prompt and the service worker: neither is needed before the page is
 * usable (the first build check and the registration run after load anyway), so they come
 * in a chunk of their own instead of every page's first-load JavaScript (docs/bench.md).
 */
const DeferredUpdates = lazy(() => import("./deferred-updates"));

/**
 * Everything that keeps an open page on the deployed build: the new-version prompt, the
 * one-time reload on chunk load failures (with the page: it must listen from the start of
 * client navigations) and the service worker (production builds only).
 */
export function AppUpdates({ serviceWorker }: { serviceWorker: boolean }) {
  return (
    <>
      <ChunkReloadListener />
      <Suspense fallback={null}>
        <DeferredUpdates serviceWorker={serviceWorker} />
      </Suspense>
    </>
  );
}
