"use client";

import Link from "next/link";
import { type ReactNode } from "react";
import { Icon } from "@/components/ui/icon";
import type { IconName } from "@/lib/icons/icon-names";
import { cn } from "@/lib/utils/cn";
import { isActiveLink } from "./active-link";
import { usePublicPathname } from "@/lib/i18n/use-public-pathname";

/**
 * One link of the drawer: the client part is the current-page state (the pathname) and its
 * icon (from the sprite, by name); the label is rendered on the server and passed in.
 */
export function DrawerNavLink({
  href,
  icon,
  children,
}: {
  href: string;
  icon: IconName;
  children: ReactNode;
}) {
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
      <Icon name={icon} className="size-5" />
      {children}
    </Link>
  );
}
