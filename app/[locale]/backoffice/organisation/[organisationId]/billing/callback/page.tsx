import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { gatePage } from "@/lib/backoffice/doors";
import { setupReturnTarget } from "@/lib/billing/callback";
import { purchaseReturnSchema } from "@/lib/billing/card-schema";
import { organisationBillingPaths } from "@/lib/billing/paths";

export const metadata: Metadata = { robots: { index: false, follow: false } };

type Props = {
  params: Promise<{ organisationId: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

/**
 * The return from a card's authentication step for the organisation (billing.account.write):
 * mirrors the card if its setup succeeded (idempotent with the webhook), then the card list,
 * or the purchase it was added for, or the form again with the reason.
 */
export default async function OrganisationBillingCallbackPage({ params, searchParams }: Props) {
  const { organisationId } = await params;
  const { access } = await gatePage(organisationId, "billing.account.write");
  const id = access.organisation.id;
  const query = await searchParams;
  const back = purchaseReturnSchema.parse({ module: query.module, tier: query.tier });
  redirect(
    await setupReturnTarget(
      { kind: "organisation", organisationId: id },
      organisationBillingPaths(id),
      back,
      query.setup_intent,
    ),
  );
}
