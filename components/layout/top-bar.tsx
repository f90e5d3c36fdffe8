"use client";

import Link from "next/link";
import { useTranslations } from "next-intl";
import { lazy, Suspense, useState, type ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/utils/cn";
import { QuickAccessLauncher } from "@/components/quick-access/quick-access-launcher";
import { isCommercePath, visibleCommerceSections } from "./commerce-sections";
import { useOffersRunning } from "./use-commerce-sections";
import { isActiveLink } from "./active-link";
import { LocaleSwitch } from "./locale-switch";
import { drawerId } from "./navigation-drawer";
import { ThemeSwitch } from "./theme-switch";
import { AccountSlot } from "./account-slot";
import { CartLink } from "./cart-link";
import { topBarIcons as icons } from "./top-bar-icons";
import { useDrawer } from "./use-drawer";
import { usePublicPathname } from "@/lib/i18n/use-public-pathname";

const loadSearch = () => import("./top-bar-search");
// The search row loads when the search button is first pointed at, focused or pressed.
const TopBarSearch = lazy(() => loadSearch().then((module) => ({ default: module.TopBarSearch })));

/** Which top bar: the marketplace's, or the back office's (no search, no Quick Access). */
export type TopBarVariant = "marketplace" | "backoffice";

/**
 * The top bar (spec §4): 48 px below 600 px wide, 64 px from 600 up; 96 / 104 px when a
 * second row shows (the search row while it is open, or the commerce sections on /commerce).
 * The back office's has a link back to the marketplace instead of search and Quick Access.
 * Both end with the session controls: "Sign in" or the account menu (account-slot.tsx).
 */
export function TopBar({
  account,
  variant = "marketplace",
}: {
  /** The server's static session controls (top-bar-account-static.tsx). */
  account: ReactNode;
  variant?: TopBarVariant;
}) {
  const t = useTranslations("ui");
  const pathname = usePublicPathname();
  const drawer = useDrawer();
  const [searching, setSearching] = useState(false);
  const backoffice = variant === "backoffice";
  const commerce = !backoffice && isCommercePath(pathname);
  const tall = searching || commerce;
  const offersRunning = useOffersRunning(commerce);
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
          {icons.menu}
        </Button>
        <Link
          href="/"
          className="min-w-0 truncate rounded-card px-1 text-base font-bold text-primary-text sm:text-lg"
        >
          {t("brand")}
        </Link>
        {/* Below 420 px the icons are 34 px with no gaps, so that seven of them and the brand
            fit a 360 px screen. */}
        <div className="ml-auto flex items-center gap-0.5 max-[419px]:gap-0 sm:gap-1 max-[419px]:[&_.btn-icon]:size-[34px]">
          {backoffice ? (
            // An icon below 600 px (the bar has no room for words there), icon and words above.
            <Link
              href="/"
              className="inline-flex size-10 items-center justify-center gap-2 rounded-card text-sm font-medium whitespace-nowrap hover:bg-surface-2 sm:mr-1 sm:w-auto sm:px-3 [&_svg]:size-4"
              data-testid="marketplace-link"
            >
              {icons.marketplace}
              <span className="sr-only sm:not-sr-only">{t("marketplace")}</span>
            </Link>
          ) : (
            <>
              <Button
                variant="ghost"
                size="icon"
                aria-label={t(searching ? "search.close" : "search.open")}
                aria-expanded={searching}
                data-testid="search-toggle"
                onClick={() => setSearching((value) => !value)}
                onPointerEnter={() => void loadSearch()}
                onFocus={() => void loadSearch()}
              >
                {searching ? icons.close : icons.search}
              </Button>
              <QuickAccessLauncher icon={icons.launcher} />
              <CartLink icon={icons.cart} />
            </>
          )}
          <ThemeSwitch lightIcon={icons.light} darkIcon={icons.dark} />
          <LocaleSwitch icon={icons.locale} />
          <AccountSlot
            fallback={account}
            icons={{ signIn: icons.signIn, account: icons.account }}
          />
        </div>
      </div>
      {tall ? (
        <div className="flex h-12 shrink-0 items-center px-2 sm:h-10 sm:px-4">
          {searching ? (
            <Suspense fallback={null}>
              <TopBarSearch onClose={() => setSearching(false)} />
            </Suspense>
          ) : (
            <nav aria-label={t("commerce.label")} className="w-full overflow-x-auto">
              <ul className="flex items-center gap-1">
                {visibleCommerceSections(offersRunning, pathname).map((section) => {
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
