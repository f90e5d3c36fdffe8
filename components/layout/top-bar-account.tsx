"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";
import { useTranslations } from "next-intl";
import { lazy, Suspense, useEffect, useState, type ReactNode } from "react";
import { Button, buttonVariants } from "@/components/ui/button";
import { cn } from "@/lib/utils/cn";
import { syncSessionAttribute } from "./session-cookie";

const loadMenu = () => import("./account-menu");
// The dropdown (Radix menu, the sign-out action) loads on first use and opens at once.
const AccountMenu = lazy(() => loadMenu().then((module) => ({ default: module.AccountMenu })));

/** Pages whose "Sign in" link should not come back to them after signing in. */
const NO_RETURN = ["/", "/login", "/register", "/forgot-password", "/callback"];

/** `/login`, with the page the visitor is on as the place to come back to. */
export function signInHref(pathname: string): string {
  if (NO_RETURN.includes(pathname) || pathname.startsWith("/account/")) return "/login";
  return `/login?redirect=${encodeURIComponent(pathname)}`;
}

export type AccountIcons = { signIn: ReactNode; account: ReactNode };

/** The account button as it shows before the menu's code is there (same look and name). */
function AccountButton({ icon, onActivate }: { icon: ReactNode; onActivate?: () => void }) {
  const t = useTranslations("ui.account");
  return (
    <Button
      variant="ghost"
      size="icon"
      aria-label={t("menu")}
      aria-haspopup="menu"
      aria-expanded={false}
      data-testid="account-menu"
      onClick={onActivate}
      onPointerEnter={() => void loadMenu()}
      onFocus={() => void loadMenu()}
    >
      {icon}
    </Button>
  );
}

/**
 * The top bar's session island: "Sign in" for a visitor, the account menu (profile, back
 * office, sign out) for a signed-in user. Both are in the HTML of every page, the same for
 * everyone; which one shows is decided in the browser from the session cookie's presence
 * (`data-session` on <html>, session-cookie.ts), before the first paint and again after each
 * navigation, when the tab comes back, and when the cookies change.
 */
export function TopBarAccount({ icons }: { icons: AccountIcons }) {
  const t = useTranslations("ui.account");
  const pathname = usePathname();
  const [menuUsed, setMenuUsed] = useState(false);

  useEffect(() => {
    syncSessionAttribute();
  }, [pathname]);

  useEffect(() => {
    const sync = () => void syncSessionAttribute();
    const onVisibility = () => document.visibilityState === "visible" && sync();
    window.addEventListener("focus", sync);
    window.addEventListener("pageshow", sync);
    document.addEventListener("visibilitychange", onVisibility);
    // Chromium tells when cookies change (auth-js removing a session, another tab).
    const store = (window as { cookieStore?: EventTarget }).cookieStore;
    store?.addEventListener("change", sync);
    return () => {
      window.removeEventListener("focus", sync);
      window.removeEventListener("pageshow", sync);
      document.removeEventListener("visibilitychange", onVisibility);
      store?.removeEventListener("change", sync);
    };
  }, []);

  return (
    <>
      {/* An icon below 600 px, where the bar has no room for words; icon and words above. */}
      <Link
        href={signInHref(pathname)}
        className={cn(
          buttonVariants({ variant: "outline", size: "icon" }),
          "in-data-[session=in]:hidden sm:ml-1 sm:w-auto sm:px-3",
        )}
        data-testid="sign-in-link"
      >
        {icons.signIn}
        <span className="sr-only sm:not-sr-only">{t("signIn")}</span>
      </Link>
      <span className="hidden in-data-[session=in]:contents">
        {menuUsed ? (
          <Suspense fallback={<AccountButton icon={icons.account} />}>
            <AccountMenu icon={icons.account} />
          </Suspense>
        ) : (
          <AccountButton icon={icons.account} onActivate={() => setMenuUsed(true)} />
        )}
      </span>
    </>
  );
}
