"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";
import { useTranslations } from "next-intl";
import { cn } from "@/lib/utils/cn";
import { drawerLinks, isActiveLink } from "./drawer-links";

/** The drawer's list of links, shared by the docked panel and the modal sheet. */
export function DrawerNav({ onNavigate }: { onNavigate?: () => void }) {
  const t = useTranslations("ui.nav");
  const pathname = usePathname();
  return (
    <nav aria-label={t("label")}>
      <ul className="flex flex-col gap-1 p-3">
        {drawerLinks.map(({ href, key, icon: Icon }) => {
          const active = isActiveLink(pathname, href);
          return (
            <li key={href}>
              <Link
                href={href}
                onClick={onNavigate}
                aria-current={active ? "page" : undefined}
                className={cn(
                  "flex items-center gap-3 rounded-card px-3 py-2.5 text-sm font-medium hover:bg-surface-2",
                  active ? "bg-surface-2 text-primary-text" : "text-foreground",
                )}
              >
                <Icon className="size-5 shrink-0" aria-hidden />
                {t(key)}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
