import { getTranslations } from "next-intl/server";
import { Badge, type BadgeVariant } from "@/components/ui/badge";
import type { OfferState } from "@/lib/commerce/list-params";

const stateVariant: Record<OfferState, BadgeVariant> = {
  running: "primary",
  scheduled: "outline",
  ended: "neutral",
};

/** An offer's state: running, scheduled or ended (by hand, by the clock or its usage limit). */
export async function OfferStateBadge({ state }: { state: OfferState }) {
  const t = await getTranslations("offers.states");
  return <Badge variant={stateVariant[state]}>{t(state)}</Badge>;
}
