/**
 * Pure rules for unhandled client errors (spec §8): bots and crawlers keep the page and the
 * error is only logged (bot-user-agent.ts); people get the generic error page. Kept free of
 * React and the DOM so that they are unit-tested.
 */

/**
 * Errors that are reported globally but do not break the page: React's recoverable
 * hydration errors (it re-renders on the client by itself) and the benign ResizeObserver
 * loop notice. They are logged, never turned into the error page.
 */
const recoverablePattern =
  /ResizeObserver loop|hydrat|Minified React error #(418|419|421|422|423|425)\b/i;

export function isRecoverableClientError(message: string | undefined): boolean {
  return Boolean(message && recoverablePattern.test(message));
}

/** The text of whatever was thrown or rejected (an Error, a string, anything). */
export function errorMessageOf(reason: unknown): string {
  if (reason instanceof Error) return reason.message;
  if (typeof reason === "string") return reason;
  try {
    return JSON.stringify(reason) ?? String(reason);
  } catch {
    return String(reason);
  }
}

export type ClientErrorDecision = "log" | "show-error-page";

/** What to do with one window `error` / `unhandledrejection` event. */
export function decideClientError(isBot: boolean, message: string): ClientErrorDecision {
  if (isRecoverableClientError(message)) return "log";
  return isBot ? "log" : "show-error-page";
}
