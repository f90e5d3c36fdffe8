import { getTranslations } from "next-intl/server";
import type { SavedMethodView } from "@/lib/billing/methods";
import { brandName } from "./method-list";

/** "2 saved cards; Visa ending in 4242 is the default." (or that there is none yet). */
export async function MethodsSummary({ methods }: { methods: readonly SavedMethodView[] }) {
  const t = await getTranslations("billing.methods");
  const preferred = methods.find((method) => method.isDefault) ?? methods[0];
  return (
    <p>
      {preferred
        ? t("summary", {
            count: methods.length,
            card: t("card", { brand: brandName(preferred.brand), last4: preferred.last4 }),
          })
        : t("summaryNone")}
    </p>
  );
}
