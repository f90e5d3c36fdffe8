"use client";

import { useEffect, useState, type ReactNode } from "react";

/** The longest delay setTimeout takes (about 24.8 days); a later end is checked again then. */
const MAX_DELAY = 2_147_483_647;

/**
 * Whether an offer ending at `endsAt` (ISO) still runs by the browser's clock. The server
 * rendered the page while it ran (the cached pages live up to an hour: docs/commerce.md,
 * "Offers"), so it starts true and turns false when the end passes, even on an open page.
 */
export function useOfferRunning(endsAt: string | null): boolean {
  const [ended, setEnded] = useState<string | null>(null);
  useEffect(() => {
    if (!endsAt) return;
    let timer: ReturnType<typeof setTimeout>;
    const check = () => {
      const left = new Date(endsAt).getTime() - Date.now();
      if (left <= 0) setEnded(endsAt);
      else timer = setTimeout(check, Math.min(left, MAX_DELAY));
    };
    timer = setTimeout(check, 0);
    return () => clearTimeout(timer);
  }, [endsAt]);
  return endsAt !== null && ended !== endsAt;
}

/** Shows `offer` while the offer runs, then `normal` (both rendered by the server). */
export function OfferUntil({
  endsAt,
  offer,
  normal,
}: {
  endsAt: string;
  offer: ReactNode;
  normal: ReactNode;
}) {
  return useOfferRunning(endsAt) ? offer : normal;
}
