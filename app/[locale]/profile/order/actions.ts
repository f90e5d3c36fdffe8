"use server";

import { redirect } from "next/navigation";
import { z } from "zod";
import { getCurrentClaims } from "@/lib/auth/server/session";
import { isAppError } from "@/lib/errors/app-error";
import { cancelMyOrder, requestMyRefund } from "@/lib/orders/buyer";
import { textRule } from "@/lib/validation/text";
import { formArgument } from "@/lib/validation/form-argument";

/**
 * The buyer's order actions (server actions, CSRF-safe). Each answers with a redirect to the
 * order's page and a notice (`?done=` or `?error=`), so the forms work without JavaScript.
 */
const orderId = z.string().trim().uuid();
const refundSchema = z.object({
  orderId,
  reason: z
    .string()
    .check(textRule({ multiline: true }))
    .trim()
    .min(1)
    .max(500),
});

async function settle(id: string, done: string, run: () => Promise<void>): Promise<never> {
  const path = `/profile/order/${id}`;
  try {
    await run();
  } catch (error) {
    if (isAppError(error)) redirect(`${path}?error=${error.code}`);
    console.error("orders: buyer action failed", error);
    redirect(`${path}?error=failed`);
  }
  redirect(`${path}?done=${done}`);
}

export async function cancelMyOrderAction(formData: FormData): Promise<void> {
  const form = formArgument(formData);
  const claims = await getCurrentClaims();
  const id = orderId.safeParse(form.get("orderId"));
  if (!claims || !id.success) redirect("/profile/order");
  await settle(id.data, "cancelled", () => cancelMyOrder(claims, id.data));
}

export async function askRefundAction(formData: FormData): Promise<void> {
  const form = formArgument(formData);
  const claims = await getCurrentClaims();
  const parsed = refundSchema.safeParse({
    orderId: form.get("orderId"),
    reason: form.get("reason"),
  });
  if (!claims) redirect("/profile/order");
  if (!parsed.success) {
    const id = orderId.safeParse(form.get("orderId"));
    redirect(id.success ? `/profile/order/${id.data}?error=invalid` : "/profile/order");
  }
  await settle(parsed.data.orderId, "asked", () =>
    requestMyRefund(claims, parsed.data.orderId, parsed.data.reason),
  );
}
