import { getTranslations } from "next-intl/server";
import { Badge, type BadgeVariant } from "@/components/ui/badge";
import type { DiscountStatus } from "@/lib/selling-terms/list-params";

const statusVariant: Record<DiscountStatus, BadgeVariant> = {
  active: "primary",
  scheduled: "outline",
  exhausted: "neutral",
  ended: "neutral",
  inactive: "neutral",
};

/** A code's status: active, scheduled, used up, ended or deactivated. */
export async function DiscountStatusBadge({ status }: { status: DiscountStatus }) {
  const t = await getTranslations("sellingTerms.statuses");
  return <Badge variant={statusVariant[status]}>{t(status)}</Badge>;
}
