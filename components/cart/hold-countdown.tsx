"use client";

import { useEffect, useState } from "react";

/**
 * The time left on a cart's hold, ticking each second (issue 12 §1). The server renders the
 * end time ("until 17:05"), which is what a reader without JavaScript sees; the browser then
 * counts down, and when the hold ends it refreshes the page so the lines show what that means.
 * Screen readers get the text once (no live region: a ticking clock would talk every second).
 */
export function HoldCountdown({
  endsAt,
  untilText,
  forTemplate,
  onEnd,
}: {
  endsAt: string;
  /** The server's text: "Held for you until 17:05". */
  untilText: string;
  /** "Held for you for {time}". */
  forTemplate: string;
  onEnd?: () => void;
}) {
  const [left, setLeft] = useState<number | null>(null);
  useEffect(() => {
    const end = new Date(endsAt).getTime();
    const tick = () => {
      const ms = end - Date.now();
      setLeft(Math.max(0, ms));
      return ms <= 0;
    };
    if (tick()) {
      onEnd?.();
      return;
    }
    const timer = setInterval(() => {
      if (!tick()) return;
      clearInterval(timer);
      onEnd?.();
    }, 1000);
    return () => clearInterval(timer);
  }, [endsAt, onEnd]);
  if (left === null) return <span>{untilText}</span>;
  const seconds = Math.ceil(left / 1000);
  const clock = `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;
  return <span data-testid="hold-countdown">{forTemplate.replace("{time}", clock)}</span>;
}
