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
    if (cartCountFromCookies(document.cookie) === count) return;
    const secure = location.protocol === "https:" ? "; Secure" : "";
    document.cookie = `${CART_COUNT_COOKIE}=${count}; Path=/; Max-Age=${CART_COUNT_MAX_AGE}; SameSite=Lax${secure}`;
    window.dispatchEvent(new CustomEvent(CART_CHANGED_EVENT));
  }, [count]);
  return null;
}
