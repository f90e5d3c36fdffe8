"use client";

import { useEffect } from "react";

/** Registers /service-worker.js (static assets and the offline page) once the page has loaded. */
export function ServiceWorkerRegistration({ enabled }: { enabled: boolean }) {
  useEffect(() => {
    if (!enabled || !("serviceWorker" in navigator)) return;
    const register = () => {
      navigator.serviceWorker
        .register("/service-worker.js", { scope: "/", updateViaCache: "none" })
        .catch((error: unknown) => console.warn("Service worker registration failed", error));
    };
    if (document.readyState === "complete") {
      register();
      return;
    }
    window.addEventListener("load", register, { once: true });
    return () => window.removeEventListener("load", register);
  }, [enabled]);
  return null;
}
