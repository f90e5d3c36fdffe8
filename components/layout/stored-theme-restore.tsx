"use client";

import { useEffect } from "react";
import { restoreStoredTheme } from "./theme-store";

/**
 * Pages that Next renders in the browser instead of the server (a production `notFound()`
 * answers an error shell and the client renders the boundary, vercel/next.js#62228) never
 * run the inline theme script: React does not execute scripts it creates. This applies the
 * remembered theme there. Only the 404 view includes it, so other pages do not load it.
 */
export function StoredThemeRestore() {
  useEffect(() => restoreStoredTheme(), []);
  return null;
}
