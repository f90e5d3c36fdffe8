"use client";

import { ChunkReloadListener } from "./chunk-reload-listener";
import { ServiceWorkerRegistration } from "./service-worker-registration";
import { VersionPrompt } from "./version-prompt";

/**
 * Everything that keeps an open page on the deployed build: the new-version prompt, the
 * one-time reload on chunk load failures and the service worker (production builds only).
 */
export function AppUpdates({ serviceWorker }: { serviceWorker: boolean }) {
  return (
    <>
      <VersionPrompt />
      <ChunkReloadListener />
      <ServiceWorkerRegistration enabled={serviceWorker} />
    </>
  );
}
