"use client";

import { usePathname } from "next/navigation";
import { publicPathname } from "./public-pathname";

/**
 * The page's public pathname (`/about`), as in the address bar. `usePathname()` can answer the
 * rewritten one (`/en/about`) on a page prerendered under app/[locale]: the proxy rewrites
 * every URL to its locale, and the prerendered payload names the route it was built for.
 * Client components compare paths with this one.
 */
export function usePublicPathname(): string {
  return publicPathname(usePathname());
}
