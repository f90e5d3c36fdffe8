import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { getLocale, getTranslations } from "next-intl/server";
import { formatMoney } from "@/lib/i18n/format";
import { answerSandboxChallenge } from "@/lib/payments/sandbox/challenge-actions";
import { getChallengeView } from "@/lib/payments/sandbox/challenge-view";

type Props = { params: Promise<{ intentId: string }> };

export const metadata: Metadata = { robots: { index: false, follow: false } };

/**
 * The sandbox provider's authentication step (docs/payments.md): what a bank's 3-D Secure
 * page is for a real card. Not in the spec's list of routes; exists only with the sandbox.
 */
export default async function SandboxChallengePage({ params }: Props) {
  const view = await getChallengeView((await params).intentId);
  if (!view) notFound();
  const [t, locale] = await Promise.all([getTranslations("paymentsSandbox"), getLocale()]);
  return (
    <div className="mx-auto flex min-h-dvh w-full max-w-md flex-col justify-center gap-6 px-4 py-12">
      <div className="flex flex-col gap-2">
        <p className="text-sm text-muted-foreground">{t("sandbox")}</p>
        <h1 className="text-2xl font-bold">{t("title")}</h1>
        <p>
          {view.amount
            ? t("paymentIntro", {
                amount: formatMoney(view.amount.minor, { currency: view.amount.currency, locale }),
              })
            : t("setupIntro")}
        </p>
      </div>
      {view.waiting ? (
        <form action={answerSandboxChallenge} className="flex flex-wrap gap-3">
          <input type="hidden" name="intentId" value={view.intentId} />
          <button type="submit" name="outcome" value="approve" className="btn btn-primary">
            {t("approve")}
          </button>
          <button type="submit" name="outcome" value="fail" className="btn btn-outline">
            {t("fail")}
          </button>
        </form>
      ) : (
        <p role="status">{view.approved ? t("doneApproved") : t("doneNotApproved")}</p>
      )}
    </div>
  );
}
