import "server-only";
import { getFormatter, getTranslations } from "next-intl/server";
import type { SelectOption } from "@/components/ui/native-select";
import type { UserClaims } from "@/lib/db/context";
import { minorToAmount } from "@/lib/commerce/money";
import { offerListingOptions } from "@/lib/commerce/offers";

/** The offer form's product choices, each labelled with its price (server side). */
export async function offerProductOptions(
  claims: UserClaims,
  organisationId: string,
): Promise<SelectOption[]> {
  const [t, format, rows] = await Promise.all([
    getTranslations("offers.form"),
    getFormatter(),
    offerListingOptions(claims, organisationId),
  ]);
  return rows.map((row) => ({
    value: row.id,
    label:
      row.priceFromMinor === null
        ? t("productNoPrice", { title: row.title })
        : t("productPrice", {
            title: row.title,
            price: format.number(minorToAmount(row.priceFromMinor, row.currency), {
              style: "currency",
              currency: row.currency,
            }),
          }),
  }));
}
