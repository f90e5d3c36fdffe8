"use client";

import { useTranslations } from "next-intl";
import { lazy, Suspense, useEffect, useState, type ReactNode } from "react";
import { AccountButton, SignedInOnly, SignInLink } from "./account-controls";
import { syncSessionAttribute } from "./session-cookie";
import { usePublicPathname } from "@/lib/i18n/use-public-pathname";

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

/**
 * The top bar's session island: "Sign in" for a visitor, the account menu (profile, back
 * office, sign out) for a signed-in user. The server renders both for everyone
 * (top-bar-account-static.tsx); which one shows is decided in the browser from the session
 * cookie's presence (`data-session` on <html>, session-cookie.ts), before the first paint and
 * again after each navigation, when the tab comes back, and when the cookies change. Loaded
 * after hydration by AccountSlot; "Sign in" then keeps the page to come back to.
 */
export function TopBarAccount({ icons }: { icons: AccountIcons }) {
  const t = useTranslations("ui.account");
  const pathname = usePublicPathname();
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

  const account = (onActivate?: () => void) => (
    <AccountButton
      icon={icons.account}
      label={t("menu")}
      onClick={onActivate}
      onPointerEnter={() => void loadMenu()}
      onFocus={() => void loadMenu()}
    />
  );
  return (
    <>
      <SignInLink href={signInHref(pathname)} icon={icons.signIn} label={t("signIn")} />
      <SignedInOnly>
        {menuUsed ? (
          <Suspense fallback={account()}>
            <AccountMenu icon={icons.account} />
          </Suspense>
        ) : (
          account(() => setMenuUsed(true))
        )}
      </SignedInOnly>
    </>
  );
}
