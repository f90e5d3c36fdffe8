import "server-only";
import { getTranslations } from "next-intl/server";
import { productCategories, taxClasses } from "./catalogue-types";

/** The product form's category and tax class choices, labelled in the request's language. */
export async function productFormOptions() {
  const [tc, tt] = await Promise.all([
    getTranslations("commerce.categories"),
    getTranslations("commerce.taxClasses"),
  ]);
  return {
    categories: productCategories.map((value) => ({ value, label: tc(value) })),
    taxClasses: taxClasses.map((value) => ({ value, label: tt(value) })),
  };
}
