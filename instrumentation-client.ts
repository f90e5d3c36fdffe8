import { announceNavigationStart } from "@/components/layout/navigation-events";
import { disableZodEval } from "@/lib/validation/zod-csp";

// Before any page module builds a zod schema: no eval under the CSP (lib/validation/zod-csp.ts).
disableZodEval();

/** Next.js calls this when an App Router navigation starts; the progress bar listens. */
export function onRouterTransitionStart(url: string): void {
  announceNavigationStart(url);
}
