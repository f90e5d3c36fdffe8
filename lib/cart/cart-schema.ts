import { z } from "zod";
import { textRule } from "@/lib/validation/text";
import { MAX_LINE_QUANTITY } from "./sellable-kinds";

/** The cart's forms: the product page's buy box and the cart's line controls. */
const uuidField = z.string().trim().uuid();
const quantity = z.coerce.number().int().min(1).max(MAX_LINE_QUANTITY);

/**
 * The buy box names the product and its option values in order (the selects), so that it
 * works without JavaScript; the server finds the variant. A product without options sends none.
 */
export const addToCartSchema = z.object({
  productId: uuidField,
  option: z
    .union([z.string().check(textRule()), z.array(z.string().check(textRule()))])
    .optional()
    .transform((value) => (value === undefined ? [] : Array.isArray(value) ? value : [value]))
    .pipe(z.array(z.string().trim().check(textRule()).min(1).max(120)).max(10)),
  quantity,
});
export type AddToCartInput = z.infer<typeof addToCartSchema>;

export const updateLineSchema = z.object({
  lineId: uuidField,
  quantity: z.coerce.number().int().min(0).max(MAX_LINE_QUANTITY),
});
export const removeLineSchema = z.object({ lineId: uuidField });
export const cartIdSchema = z.object({ cartId: uuidField });
