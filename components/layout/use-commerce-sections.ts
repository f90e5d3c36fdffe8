"use client";

import { useEffect, useState } from "react";

let answer: Promise<boolean> | null = null;

/** Asks once per page load whether an offer runs (false when the question fails). */
function askOffersRunning(): Promise<boolean> {
  answer ??= fetch("/api/offers/running")
    .then((response) => (response.ok ? response.json() : { running: false }))
    .then((body: { running?: unknown }) => body.running === true)
    .catch(() => false);
  return answer;
}

/**
 * Whether the commerce bar offers "Offers": false on the server and until the answer comes
 * (the entry is the bar's last, so it appears without moving anything), asked only when
 * `enabled` (the bar is shown).
 */
export function useOffersRunning(enabled: boolean): boolean {
  const [running, setRunning] = useState(false);
  useEffect(() => {
    if (!enabled) return;
    let live = true;
    void askOffersRunning().then((value) => {
      if (live) setRunning(value);
    });
    return () => {
      live = false;
    };
  }, [enabled]);
  return running;
}
