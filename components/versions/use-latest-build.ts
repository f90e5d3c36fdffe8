"use client";

import { useEffect, useState } from "react";
import { parseLatestBuild, VERSION_POLL_INTERVAL_MS } from "@/lib/versions/latest-build";

async function fetchLatestBuildId(signal: AbortSignal): Promise<string | null> {
  try {
    const response = await fetch("/builds/latest.json", { cache: "no-store", signal });
    if (!response.ok) return null;
    return parseLatestBuild(await response.json())?.buildId ?? null;
  } catch {
    return null;
  }
}

/**
 * The deployed build id, polled from builds/latest.json while the page is visible: on start,
 * every minute, and whenever the page becomes visible again. Hidden pages do not poll.
 */
export function useLatestBuildId(enabled: boolean): string | null {
  const [latest, setLatest] = useState<string | null>(null);

  useEffect(() => {
    if (!enabled) return;
    const controller = new AbortController();
    let timer: ReturnType<typeof setInterval> | undefined;

    const check = () => {
      void fetchLatestBuildId(controller.signal).then((id) => {
        if (id && !controller.signal.aborted) setLatest(id);
      });
    };
    const stop = () => {
      if (timer !== undefined) clearInterval(timer);
      timer = undefined;
    };
    const start = () => {
      stop();
      check();
      timer = setInterval(check, VERSION_POLL_INTERVAL_MS);
    };
    const onVisibility = () => (document.visibilityState === "visible" ? start() : stop());

    if (document.visibilityState === "visible") start();
    document.addEventListener("visibilitychange", onVisibility);
    return () => {
      controller.abort();
      stop();
      document.removeEventListener("visibilitychange", onVisibility);
    };
  }, [enabled]);

  return latest;
}
