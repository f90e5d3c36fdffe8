import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { setupReturnTarget } from "@/lib/billing/callback";
import { requireBillingUser } from "@/lib/billing/consumer-page";
import { consumerBillingPaths } from "@/lib/billing/paths";

export const metadata: Metadata = { robots: { index: false, follow: false } };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

/**
 * The return from a card's authentication step (or Stripe.js's return_url): the setup is
 * read at the provider, its card mirrored if it succeeded (idempotent with the webhook), and
 * the consumer sent on to the list or back to the form with the reason.
 */
export default async function PaymentMethodCallbackPage({ searchParams }: Props) {
  const owner = await requireBillingUser(consumerBillingPaths.list);
  redirect(
    await setupReturnTarget(owner, consumerBillingPaths, null, (await searchParams).setup_intent),
  );
}
