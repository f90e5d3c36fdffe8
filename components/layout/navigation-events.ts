/** The window event announcing that an App Router navigation started (instrumentation-client.ts). */
export const navigationStartEvent = "lm:navigation-start";

export type NavigationStartDetail = { url: string };

export function announceNavigationStart(url: string): void {
  window.dispatchEvent(
    new CustomEvent<NavigationStartDetail>(navigationStartEvent, { detail: { url } }),
  );
}
