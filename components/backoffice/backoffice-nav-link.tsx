"use client";

import Link from "next/link";
import { type ReactNode } from "react";
import { isActiveLink } from "@/components/layout/active-link";
import { cn } from "@/lib/utils/cn";
import { usePublicPathname } from "@/lib/i18n/use-public-pathname";

/** A link of the back-office menu; only the current-page state is client-side. */
export function BackofficeNavLink({ href, children }: { href: string; children: ReactNode }) {
  const active = isActiveLink(usePublicPathname(), href);
  return (
    <Link
      href={href}
      aria-current={active ? "page" : undefined}
      className={cn(
        "flex min-h-10 shrink-0 items-center gap-2 rounded-card px-3 py-2 text-sm font-medium whitespace-nowrap hover:bg-surface-2",
        active ? "bg-surface-2 text-primary-text" : "text-foreground",
      )}
    >
      {children}
    </Link>
  );
}
