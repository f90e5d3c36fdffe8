"use client";

import { useEffect } from "react";
import {
  CART_CHANGED_EVENT,
  CART_COUNT_COOKIE,
  CART_COUNT_MAX_AGE,
  cartCountFromCookies,
} from "@/lib/cart/cart-cookie";

/**
 * Keeps the top bar's count cookie true to what the cart page just read (another device or
 * an expired session may have changed it). Renders nothing.
 */
export function CartCountSync({ count }: { count: number }) {
  useEffect(() => {
    if (cartCountFromCookies(document.cookie) !== count) {
      const secure = location.protocol === "https:" ? "; Secure" : "";
      document.cookie = `${CART_COUNT_COOKIE}=${count}; Path=/; Max-Age=${CART_COUNT_MAX_AGE}; SameSite=Lax${secure}`;
    }
    // Also when the cookie is already right: an action set it, and the form that sent it may
    // be gone with the line it removed before it could tell the top bar.
    window.dispatchEvent(new CustomEvent(CART_CHANGED_EVENT));
  }, [count]);
  return null;
}
