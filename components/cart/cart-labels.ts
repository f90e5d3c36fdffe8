import "server-only";
import { getTranslations } from "next-intl/server";
import { cartErrorTexts } from "@/lib/cart/cart-error-texts";
import type { CartHoldLabels } from "./cart-hold";

/** The cart hold's texts; `until` is the hold's end, already formatted for the reader. */
export async function cartHoldLabels(until: string): Promise<CartHoldLabels> {
  const [t, errors] = await Promise.all([getTranslations("cart"), cartErrorTexts()]);
  return {
    heldFor: t("heldFor", { time: "{time}" }),
    heldUntil: t("heldUntil", { time: until }),
    holdEnded: t("holdEnded"),
    holdAgain: t("holdAgain"),
    holdingAgain: t("holdingAgain"),
    heldAgain: t("heldAgain"),
    notHeld: t("notHeld"),
    errors,
  };
}
