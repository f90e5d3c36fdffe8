"use client";

import Link from "next/link";
import { useTranslations } from "next-intl";
import { useEffect, useState, type ReactNode } from "react";
import { CART_CHANGED_EVENT, cartCountFromCookies } from "@/lib/cart/cart-cookie";
import { usePublicPathname } from "@/lib/i18n/use-public-pathname";
import { hasSessionCookie } from "./session-cookie";

/**
 * The top bar's cart: a link to /commerce/cart with the number of units in the shopper's
 * carts. The number is read from the cart's count cookie (lib/cart/cart-cookie.ts), never by
 * a request, and only while a session exists (a signed-out browser has no carts to count).
 * Server-rendered without the number; the browser adds it after hydration, after each
 * navigation and when the cart changes in this tab.
 */
export function CartLink({ icon }: { icon: ReactNode }) {
  const t = useTranslations("ui.cart");
  const pathname = usePublicPathname();
  const [count, setCount] = useState(0);
  useEffect(() => {
    const read = () =>
      setCount(hasSessionCookie(document.cookie) ? cartCountFromCookies(document.cookie) : 0);
    read();
    window.addEventListener(CART_CHANGED_EVENT, read);
    window.addEventListener("focus", read);
    return () => {
      window.removeEventListener(CART_CHANGED_EVENT, read);
      window.removeEventListener("focus", read);
    };
  }, [pathname]);
  return (
    <Link
      href="/commerce/cart"
      className="relative inline-flex size-10 items-center max-[419px]:size-[34px] justify-center rounded-card hover:bg-surface-2 [&_svg]:size-5"
      aria-label={count > 0 ? t("count", { count }) : t("label")}
      data-testid="cart-link"
    >
      {icon}
      {count > 0 ? (
        <span
          aria-hidden
          className="absolute top-0.5 right-0.5 flex h-4 min-w-4 items-center justify-center rounded-full bg-primary px-1 text-[10px] leading-none font-bold text-primary-foreground"
          data-testid="cart-count"
        >
          {count > 99 ? "99+" : count}
        </span>
      ) : null}
    </Link>
  );
}
