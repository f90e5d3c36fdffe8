"use server";

import { redirect } from "next/navigation";
import { z } from "zod";
import { getCurrentClaims } from "@/lib/auth/server/session";
import type { ActionState } from "@/lib/backoffice/action-state";
import { cartItemCount } from "@/lib/cart/cart";
import { rememberCartCount } from "@/lib/cart/count-cookie-server";
import { failureState, formToObject } from "@/lib/backoffice/doors";
import { checkoutSchema, orderIdSchema } from "@/lib/orders/checkout-schema";
import { paySandboxOrder } from "@/lib/orders/pay";
import { placeOrder } from "@/lib/orders/place";
import { parseWithValidation } from "@/lib/validation/parse";
import { formArgument } from "@/lib/validation/form-argument";

/**
 * Checkout's actions (server actions: Next checks the Origin, so they are CSRF-safe). Each
 * redirects on success, so the forms work without JavaScript.
 */
export type CheckoutState = ActionState<null>;

/** Places the order of one cart and goes to its payment page. */
export async function placeOrderAction(
  _: CheckoutState,
  formData: FormData,
): Promise<CheckoutState> {
  const form = formArgument(formData);
  const claims = await getCurrentClaims();
  if (!claims) return { status: "error", code: "accountRequired" };
  const parsed = parseWithValidation(checkoutSchema, formToObject(form));
  if (!parsed.success) return { status: "invalid", fieldErrors: parsed.fieldErrors };
  let orderId: string;
  try {
    ({ orderId } = await placeOrder(claims, parsed.data));
    // The cart became the order: the top bar's count drops by its units.
    await rememberCartCount(await cartItemCount(claims));
  } catch (error) {
    return failureState(error, "checkout: place order");
  }
  redirect(`/commerce/checkout/${orderId}`);
}

const repriceSchema = z.object({
  cartId: z.string().trim().uuid(),
  delivery: z.union([z.literal("pickup"), z.string().trim().uuid()]).optional(),
  addressId: z.union([z.string().trim().uuid(), z.literal("")]).optional(),
  discountCode: z
    .string()
    .trim()
    .max(40)
    .regex(/^[\w-]*$/)
    .optional(),
});

/**
 * "Update total": the checkout page again with the chosen delivery, address and code (only
 * those: contact details never go into a URL).
 */
export async function repriceCheckoutAction(formData: FormData): Promise<void> {
  const form = formArgument(formData);
  const parsed = repriceSchema.safeParse(formToObject(form));
  if (!parsed.success) redirect("/commerce/cart");
  const { cartId, delivery, addressId, discountCode } = parsed.data;
  const query = new URLSearchParams();
  if (delivery) query.set("delivery", delivery);
  if (addressId) query.set("address", addressId);
  if (discountCode) query.set("code", discountCode.toUpperCase());
  redirect(`/commerce/cart/${cartId}/checkout?${query.toString()}`);
}

export type PayState = ActionState<null> | { status: "declined"; code: string };

const cardSchema = z.object({
  orderId: orderIdSchema.shape.orderId,
  number: z
    .string()
    .transform((value) => value.replace(/[\s-]/g, ""))
    .pipe(z.string().regex(/^\d{12,19}$/)),
  expiry: z
    .string()
    .trim()
    .regex(/^(0[1-9]|1[0-2])\s*\/\s*(\d{2}|\d{4})$/),
  cvc: z
    .string()
    .trim()
    .regex(/^\d{3,4}$/),
});

/** Pays with the sandbox's card form; an authentication step goes to its challenge page. */
export async function paySandboxAction(_: PayState, formData: FormData): Promise<PayState> {
  const form = formArgument(formData);
  const claims = await getCurrentClaims();
  if (!claims) return { status: "error", code: "notFound" };
  const parsed = parseWithValidation(cardSchema, formToObject(form));
  if (!parsed.success) return { status: "invalid", fieldErrors: parsed.fieldErrors };
  const [month = "", year = ""] = parsed.data.expiry.split("/").map((part) => part.trim());
  const card = {
    number: parsed.data.number,
    expMonth: Number(month),
    expYear: year.length === 2 ? 2000 + Number(year) : Number(year),
    cvc: parsed.data.cvc,
  };
  let target: string;
  try {
    const result = await paySandboxOrder(claims, parsed.data.orderId, card);
    if (result.outcome === "failed") return { status: "declined", code: result.code };
    target =
      result.outcome === "action" ? result.url : `/profile/order/${parsed.data.orderId}?paid=1`;
  } catch (error) {
    return failureState(error, "checkout: pay");
  }
  redirect(target);
}
