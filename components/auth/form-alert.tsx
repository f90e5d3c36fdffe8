"use client";

import { useCallback } from "react";

/** A form-level error that takes focus when it appears, so screen readers announce it. */
export function FormAlert({ message }: { message: string | null }) {
  const focusAlert = useCallback((element: HTMLDivElement | null) => element?.focus(), []);
  if (!message) return null;
  return (
    <div
      ref={focusAlert}
      tabIndex={-1}
      role="alert"
      className="rounded-card border border-danger p-3 text-sm text-danger focus:outline-none"
    >
      {message}
    </div>
  );
}
