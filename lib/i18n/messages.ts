import type { Locale } from "./config";

/**
 * The catalogues, one JSON file per namespace under messages/<locale>/ and one index per
 * locale that gathers them. English is the reference; tests/unit/i18n-catalogues.test.ts
 * fails when another locale misses a key.
 */
export async function loadMessages(locale: Locale) {
  switch (locale) {
    case "es":
      return (await import("@/messages/es")).default;
    default:
      return (await import("@/messages/en")).default;
  }
}
