import { announceNavigationStart } from "@/components/layout/navigation-events";

/** Next.js calls this when an App Router navigation starts; the progress bar listens. */
export function onRouterTransitionStart(url: string): void {
  announceNavigationStart(url);
}
