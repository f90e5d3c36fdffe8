"use client";

import { useEffect } from "react";
import { reloadOnceForChunkError } from "@/lib/versions/chunk-reload";

/** Reloads the page once (guarded for 10 s) for an error that is a failed chunk load. */
export function handleChunkLoadError(reason: unknown): boolean {
  return reloadOnceForChunkError(reason, {
    storage: window.sessionStorage,
    reload: () => window.location.reload(),
    now: Date.now(),
  });
}

function isStaticAssetElement(target: EventTarget | null): boolean {
  if (target instanceof HTMLScriptElement) return target.src.includes("/_next/static/");
  if (target instanceof HTMLLinkElement) {
    return target.rel === "stylesheet" && target.href.includes("/_next/static/");
  }
  return false;
}

/**
 * Listens for chunk load failures that reach the window: uncaught errors, unhandled
 * rejections of dynamic imports, and script or stylesheet elements of the build failing to load.
 */
export function ChunkReloadListener() {
  useEffect(() => {
    const onError = (event: Event) => {
      if (isStaticAssetElement(event.target)) {
        handleChunkLoadError({ name: "ChunkLoadError" });
        return;
      }
      if (event instanceof ErrorEvent) handleChunkLoadError(event.error ?? event.message);
    };
    const onRejection = (event: PromiseRejectionEvent) => handleChunkLoadError(event.reason);
    window.addEventListener("error", onError, true);
    window.addEventListener("unhandledrejection", onRejection);
    return () => {
      window.removeEventListener("error", onError, true);
      window.removeEventListener("unhandledrejection", onRejection);
    };
  }, []);
  return null;
}
