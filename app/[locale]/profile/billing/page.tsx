import type { Metadata } from "next";
import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { AuthPanel } from "@/components/auth/auth-panel";
import { BackLink } from "@/components/billing/back-link";
import { MethodsSummary } from "@/components/billing/methods-summary";
import { buttonVariants } from "@/components/ui/button";
import { requireBillingUser } from "@/lib/billing/consumer-page";
import { listSavedMethods } from "@/lib/billing/methods";
import { consumerBillingPaths } from "@/lib/billing/paths";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("billing");
  return { title: t("metaTitle"), robots: { index: false } };
}

/** The consumer's billing: saved cards in short (docs/billing.md). */
export default async function BillingPage() {
  const t = await getTranslations("billing");
  const owner = await requireBillingUser("/profile/billing");
  const methods = await listSavedMethods(owner);
  return (
    <AuthPanel title={t("title")} intro={t("intro")}>
      <BackLink href="/profile">{t("back")}</BackLink>
      <div className="flex flex-col gap-8">
        <section
          aria-labelledby="billing-cards"
          className="flex flex-col gap-3 rounded-card border border-border bg-surface p-4"
        >
          <h2 id="billing-cards" className="text-lg font-semibold">
            {t("methods.heading")}
          </h2>
          <MethodsSummary methods={methods} />
          <div className="flex flex-wrap gap-2">
            <Link
              href={consumerBillingPaths.list}
              className={buttonVariants({ variant: "outline" })}
            >
              {t("methods.manage")}
            </Link>
            <Link
              href={consumerBillingPaths.create}
              className={buttonVariants({ variant: "ghost" })}
            >
              {t("methods.add")}
            </Link>
          </div>
        </section>
        {/* Payments made (checkout's charges and receipts) are listed here by the checkout
            module, as a second section (issue 12 §2). */}
      </div>
    </AuthPanel>
  );
}
