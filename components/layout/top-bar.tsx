"use client";

import { Menu, Search, X } from "lucide-react";
import Link from "next/link";
import { usePathname } from "next/navigation";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/utils/cn";
import { QuickAccessLauncher } from "@/components/quick-access/quick-access-launcher";
import { commerceSections, isCommercePath } from "./commerce-sections";
import { isActiveLink } from "./drawer-links";
import { LocaleSwitch } from "./locale-switch";
import { drawerId } from "./navigation-drawer";
import { ThemeSwitch } from "./theme-switch";
import { TopBarSearch } from "./top-bar-search";
import { useDrawer } from "./use-drawer";

/**
 * The top bar (spec §4): 48 px below 600 px wide, 64 px from 600 up; 96 / 104 px when a
 * second row shows (the search row while it is open, or the commerce sections on /commerce).
 */
export function TopBar() {
  const t = useTranslations("ui");
  const pathname = usePathname();
  const drawer = useDrawer();
  const [searching, setSearching] = useState(false);
  const commerce = isCommercePath(pathname);
  const tall = searching || commerce;
  return (
    <header
      data-testid="top-bar"
      data-tall={tall || undefined}
      className={cn(
        "sticky top-0 z-40 flex flex-col border-b border-border bg-background/95 backdrop-blur",
        tall ? "h-24 sm:h-[104px]" : "h-12 sm:h-16",
      )}
    >
      <div className="flex h-12 shrink-0 items-center gap-1 px-2 sm:h-16 sm:gap-2 sm:px-4">
        <Button
          variant="ghost"
          size="icon"
          aria-label={t("nav.toggle")}
          aria-expanded={drawer.open}
          aria-controls={drawerId}
          data-testid="drawer-button"
          onClick={drawer.toggle}
        >
          <Menu aria-hidden />
        </Button>
        <Link
          href="/"
          className="min-w-0 truncate rounded-card px-1 text-base font-bold text-primary-text sm:text-lg"
        >
          {t("brand")}
        </Link>
        <div className="ml-auto flex items-center gap-0.5 sm:gap-1">
          <Button
            variant="ghost"
            size="icon"
            aria-label={t(searching ? "search.close" : "search.open")}
            aria-expanded={searching}
            data-testid="search-toggle"
            onClick={() => setSearching((value) => !value)}
          >
            {searching ? <X aria-hidden /> : <Search aria-hidden />}
          </Button>
          <QuickAccessLauncher />
          <ThemeSwitch />
          <LocaleSwitch />
        </div>
      </div>
      {tall ? (
        <div className="flex h-12 shrink-0 items-center px-2 sm:h-10 sm:px-4">
          {searching ? (
            <TopBarSearch onClose={() => setSearching(false)} />
          ) : (
            <nav aria-label={t("commerce.label")} className="w-full overflow-x-auto">
              <ul className="flex items-center gap-1">
                {commerceSections.map((section) => {
                  const active = isActiveLink(pathname, section.href);
                  return (
                    <li key={section.href}>
                      <Link
                        href={section.href}
                        aria-current={active ? "page" : undefined}
                        className={cn(
                          "block rounded-card px-3 py-1.5 text-sm whitespace-nowrap hover:bg-surface-2",
                          active ? "bg-surface-2 font-semibold text-primary-text" : "",
                        )}
                      >
                        {t(`commerce.${section.key}`)}
                      </Link>
                    </li>
                  );
                })}
              </ul>
            </nav>
          )}
        </div>
      ) : null}
    </header>
  );
}
