import { z } from "zod";
import { moduleNames, moduleTiers } from "@/lib/modules/catalogue";

/** The sandbox's card form (a test card; docs/payments.md) and the card list's forms. */
export const cardFormSchema = z.object({
  token: z.uuid(),
  number: z
    .string()
    .transform((value) => value.replace(/[\s-]/g, ""))
    .pipe(z.string().regex(/^\d{12,19}$/)),
  expMonth: z.coerce.number().int().min(1).max(12),
  expYear: z.coerce.number().int().min(2000).max(2100),
  cvc: z.string().regex(/^\d{3,4}$/),
});

export const methodFormSchema = z.object({ methodId: z.uuid() });

/** The purchase a card form returns to (both or neither). */
export const purchaseReturnSchema = z
  .object({ module: z.enum(moduleNames), tier: z.enum(moduleTiers) })
  .nullable()
  .catch(null);

/** Failure codes a page may show (`?error=`): anything else reads as `failed`. */
export const billingErrorCodes = [
  "card_declined",
  "insufficient_funds",
  "expired_card",
  "incorrect_number",
  "invalid_expiry",
  "invalid_cvc",
  "authentication_required",
  "setup_intent_authentication_failure",
  "payment_intent_authentication_failure",
  "unfinished",
  "processing",
  "no_payment_method",
  "notFound",
  "tierAlreadyActive",
  "rateLimited",
  "invalid",
  "failed",
] as const;
export type BillingErrorCode = (typeof billingErrorCodes)[number];

export const billingNotices = ["added", "removed", "defaulted", "purchased"] as const;
export type BillingNotice = (typeof billingNotices)[number];

export function errorCodeOf(code: string | null | undefined): BillingErrorCode {
  return (billingErrorCodes as readonly string[]).includes(code ?? "")
    ? (code as BillingErrorCode)
    : "failed";
}
