"use client";

import { APILoadingStatus, useApiLoadingStatus } from "@vis.gl/react-google-maps";
import { useEffect, useRef } from "react";

declare global {
  interface Window {
    /** Called by the Maps JavaScript API when the key is refused. */
    gm_authFailure?: () => void;
  }
}

/**
 * Inside an APIProvider: calls `onFailure` once when the Maps JavaScript API cannot load (no
 * network, blocked, a script error) or refuses the key (Google then calls
 * `window.gm_authFailure`), so the caller can put its fallback in the map's place.
 */
export function MapFailureWatch({ onFailure }: { onFailure: () => void }) {
  const status = useApiLoadingStatus();
  const report = useRef(onFailure);
  useEffect(() => {
    report.current = onFailure;
  });
  useEffect(() => {
    if (status === APILoadingStatus.FAILED || status === APILoadingStatus.AUTH_FAILURE) {
      report.current();
    }
  }, [status]);
  useEffect(() => {
    const previous = window.gm_authFailure;
    window.gm_authFailure = () => {
      previous?.();
      report.current();
    };
    return () => {
      window.gm_authFailure = previous;
    };
  }, []);
  return null;
}
