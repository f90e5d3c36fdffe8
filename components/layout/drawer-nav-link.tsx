"use client";

import Link from "next/link";
import { type ReactNode } from "react";
import { cn } from "@/lib/utils/cn";
import { isActiveLink } from "./active-link";
import { usePublicPathname } from "@/lib/i18n/use-public-pathname";

/**
 * One link of the drawer: the client part is only the current-page state (the pathname);
 * its icon and label are rendered on the server and passed in.
 */
export function DrawerNavLink({ href, children }: { href: string; children: ReactNode }) {
  const active = isActiveLink(usePublicPathname(), href);
  return (
    <Link
      href={href}
      aria-current={active ? "page" : undefined}
      className={cn(
        "flex items-center gap-3 rounded-card px-3 py-2.5 text-sm font-medium hover:bg-surface-2",
        active ? "bg-surface-2 text-primary-text" : "text-foreground",
      )}
    >
      {children}
    </Link>
  );
}
