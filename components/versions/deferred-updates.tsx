"use client";

import { ServiceWorkerRegistration } from "./service-worker-registration";
import { VersionPrompt } from "./version-prompt";

/** The parts of AppUpdates that can wait: loaded after the page, in their own chunk. */
export default function DeferredUpdates({ serviceWorker }: { serviceWorker: boolean }) {
  return (
    <>
      <VersionPrompt />
      <ServiceWorkerRegistration enabled={serviceWorker} />
    </>
  );
}
