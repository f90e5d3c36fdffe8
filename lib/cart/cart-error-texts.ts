import "server-only";
import { getTranslations } from "next-intl/server";
import type { AppErrorCode } from "@/lib/errors/app-error";

/** The error codes the cart's actions answer. */
const cartErrorCodes = [
  "notFound",
  "outOfStock",
  "notEnoughStock",
  "cartCurrency",
  "quantityLimit",
  "unavailable",
  "limitReached",
  "rateLimited",
] as const satisfies readonly AppErrorCode[];

/**
 * The texts of the cart's answers, handed to its forms by the page (no catalogue in the
 * browser): every code above, plus `failed` and `invalid`.
 */
export async function cartErrorTexts(): Promise<Record<string, string>> {
  return actionErrorTexts(cartErrorCodes);
}

/** The texts of these codes for a shopper's form, plus `failed` and `invalid`. */
export async function actionErrorTexts(
  codes: readonly AppErrorCode[],
): Promise<Record<string, string>> {
  const [errors, buy] = await Promise.all([
    getTranslations("backoffice.errors"),
    getTranslations("storefront.product.buy"),
  ]);
  return {
    ...Object.fromEntries(codes.map((code) => [code, errors(code)])),
    failed: buy("failed"),
    invalid: buy("invalid"),
  };
}
