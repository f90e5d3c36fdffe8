import { z } from "zod";
import { textRule } from "@/lib/validation/text";

/**
 * The checkout form (one cart): contact, delivery choice, address, discount code, and the
 * total the buyer was shown, so that a price that moved in between is shown again instead of
 * being charged silently.
 */
const uuidField = z.string().trim().uuid();
const optionalText = (max: number) =>
  z
    .string()
    .check(textRule())
    .trim()
    .max(max)
    .optional()
    .transform((value) => (value ? value : null));

export const checkoutSchema = z
  .object({
    cartId: uuidField,
    name: z.string().check(textRule()).trim().min(1).max(120),
    email: z.string().check(textRule()).trim().toLowerCase().pipe(z.email().max(254)),
    phone: optionalText(40),
    /** `pickup` or a delivery rate's id. */
    delivery: z.union([z.literal("pickup"), uuidField]),
    addressId: z
      .union([uuidField, z.literal("")])
      .optional()
      .transform((value) => (value ? value : null)),
    discountCode: optionalText(40).transform((value) => value?.toUpperCase() ?? null),
    expectedTotalMinor: z.coerce.number().int().min(0).max(99_999_999_999),
  })
  .refine((value) => value.delivery === "pickup" || value.addressId !== null, {
    path: ["addressId"],
    message: "required",
  });
export type CheckoutInput = z.infer<typeof checkoutSchema>;

export const orderIdSchema = z.object({ orderId: uuidField });
