"use client";

import { useRouter } from "next/navigation";
import { useState, useSyncExternalStore } from "react";
import { Button } from "@/components/ui/button";
import { Icon } from "@/components/ui/icon";
import { geolocationDefaults } from "./browser-defaults";

export interface NearMeTexts {
  button: string;
  locating: string;
  denied: string;
  unavailable: string;
  timeout: string;
}

type Status = "idle" | "locating" | "denied" | "unavailable" | "timeout";

const subscribe = () => () => {};

/**
 * "Near me" on the search page (a client island): asks the browser for its position with the
 * spec's geolocation defaults and reloads the search with `lat`/`lng` (3 decimals, about
 * 100 m), which sorts by distance and keeps the default radius. A refusal, a timeout or no
 * position shows a message; nothing else changes. Without geolocation (or JavaScript) it is
 * not shown: the radius links of an active search still work.
 */
export function NearMeButton({ query, texts }: { query: string; texts: NearMeTexts }) {
  const router = useRouter();
  const supported = useSyncExternalStore(
    subscribe,
    () => "geolocation" in navigator,
    () => false,
  );
  const [status, setStatus] = useState<Status>("idle");
  if (!supported) return null;

  function locate() {
    setStatus("locating");
    navigator.geolocation.getCurrentPosition(
      (position) => {
        const params = new URLSearchParams(query);
        params.set("lat", position.coords.latitude.toFixed(3));
        params.set("lng", position.coords.longitude.toFixed(3));
        params.delete("page");
        params.delete("sort");
        setStatus("idle");
        router.push(`/search?${params.toString()}`);
      },
      (error) => {
        setStatus(
          error.code === error.PERMISSION_DENIED
            ? "denied"
            : error.code === error.TIMEOUT
              ? "timeout"
              : "unavailable",
        );
      },
      geolocationDefaults,
    );
  }

  const message = status === "idle" ? "" : texts[status];
  return (
    <div className="flex min-w-0 flex-wrap items-center gap-x-3 gap-y-1">
      <Button
        type="button"
        variant="outline"
        size="sm"
        onClick={locate}
        disabled={status === "locating"}
        data-testid="near-me"
      >
        <Icon name="locate-fixed" className="size-4" />
        {texts.button}
      </Button>
      <p
        role="status"
        aria-live="polite"
        className={status === "locating" ? "text-sm text-muted-foreground" : "text-sm text-danger"}
      >
        {message}
      </p>
    </div>
  );
}
