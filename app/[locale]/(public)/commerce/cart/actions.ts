"use server";

import { safeGetClaims } from "@/lib/auth/server/claims";
import { getCurrentClaims, getRequestAuthClient } from "@/lib/auth/server/session";
import type { ActionState } from "@/lib/backoffice/action-state";
import { failureState, formToObject } from "@/lib/backoffice/doors";
import { addToCart, holdCartAgain, updateCartLine, type CartWrite } from "@/lib/cart/cart";
import { rememberCartCount } from "@/lib/cart/count-cookie-server";
import {
  addToCartSchema,
  cartIdSchema,
  removeLineSchema,
  updateLineSchema,
} from "@/lib/cart/cart-schema";
import { claimGuestCartsFor } from "@/lib/cart/claim";
import type { UserClaims } from "@/lib/db/context";
import { AppError } from "@/lib/errors/app-error";
import { parseWithValidation } from "@/lib/validation/parse";
import { formArgument } from "@/lib/validation/form-argument";

/**
 * The cart's actions (server actions: Next checks the Origin, so they are CSRF-safe). Each
 * answers the shopper's unit count and writes it to the top bar's cookie.
 */
export type CartActionState = ActionState<CartWrite & { notHeld?: number }>;

/**
 * The caller, or a new guest: a visitor without a session gets an anonymous one (the auth
 * service's anonymous sign-in, rate limited per address there), whose cookies this response
 * sets, so the cart survives and can follow them into an account.
 */
async function shopper(): Promise<UserClaims> {
  const current = await getCurrentClaims();
  if (current) return current;
  const client = await getRequestAuthClient();
  const { data, error } = await client.auth.signInAnonymously();
  if (error || !data.session) {
    if (error?.status === 429) throw new AppError("rateLimited");
    throw new Error(`cart: anonymous sign-in failed (${error?.code ?? "no session"})`);
  }
  const { claims } = await safeGetClaims(client, data.session.access_token);
  if (!claims?.sub) throw new Error("cart: the new guest session has no claims");
  return claims as UserClaims;
}

async function settle(
  run: () => Promise<CartWrite & { notHeld?: number }>,
): Promise<CartActionState> {
  try {
    const data = await run();
    await rememberCartCount(data.itemCount);
    return { status: "done", data };
  } catch (error) {
    return failureState(error, "cart: action");
  }
}

export async function addToCartAction(
  _: CartActionState,
  formData: FormData,
): Promise<CartActionState> {
  const form = formArgument(formData);
  const parsed = parseWithValidation(addToCartSchema, formToObject(form));
  if (!parsed.success) return { status: "invalid", fieldErrors: parsed.fieldErrors };
  return settle(async () => addToCart(await shopper(), parsed.data));
}

async function signedIn(): Promise<UserClaims> {
  const claims = await getCurrentClaims();
  if (!claims) throw new AppError("notFound");
  return claims;
}

export async function updateCartLineAction(
  _: CartActionState,
  formData: FormData,
): Promise<CartActionState> {
  const form = formArgument(formData);
  const parsed = parseWithValidation(updateLineSchema, formToObject(form));
  if (!parsed.success) return { status: "invalid", fieldErrors: parsed.fieldErrors };
  return settle(async () => updateCartLine(await signedIn(), parsed.data));
}

export async function removeCartLineAction(
  _: CartActionState,
  formData: FormData,
): Promise<CartActionState> {
  const form = formArgument(formData);
  const parsed = parseWithValidation(removeLineSchema, formToObject(form));
  if (!parsed.success) return { status: "invalid", fieldErrors: parsed.fieldErrors };
  return settle(async () => updateCartLine(await signedIn(), { ...parsed.data, quantity: 0 }));
}

export async function holdCartAgainAction(
  _: CartActionState,
  formData: FormData,
): Promise<CartActionState> {
  const form = formArgument(formData);
  const parsed = parseWithValidation(cartIdSchema, formToObject(form));
  if (!parsed.success) return { status: "invalid", fieldErrors: parsed.fieldErrors };
  return settle(async () => holdCartAgain(await signedIn(), parsed.data));
}

/**
 * After a guest signs in or registers, the browser sends the guest session's access token it
 * held just before (components/auth/auth-provider.tsx): the token is verified like any
 * session, and the guest's carts move into the account. Answers the account's unit count, or
 * null when there was nothing to move.
 */
export async function claimGuestCartsAction(guestToken: unknown): Promise<number | null> {
  if (typeof guestToken !== "string" || guestToken.length > 8192) return null;
  try {
    const account = await getCurrentClaims();
    if (!account) return null;
    const { claims: guest } = await safeGetClaims(await getRequestAuthClient(), guestToken);
    const count = await claimGuestCartsFor(account, guest ? (guest as UserClaims) : null);
    if (count !== null) await rememberCartCount(count);
    return count;
  } catch (error) {
    failureState(error, "cart: claim guest carts");
    return null;
  }
}
