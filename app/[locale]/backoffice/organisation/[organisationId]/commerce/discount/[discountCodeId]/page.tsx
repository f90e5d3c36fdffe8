import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { ModuleOff } from "@/components/backoffice/module-off";
import { PageHeader } from "@/components/backoffice/page-header";
import { ScreenMessages } from "@/components/backoffice/screen-messages-provider";
import { DiscountForm } from "@/components/backoffice/selling-terms/discount-form";
import { DiscountStatusBadge } from "@/components/backoffice/selling-terms/discount-status-badge";
import { buttonVariants } from "@/components/ui/button";
import { gatePage } from "@/lib/backoffice/doors";
import { organisationPath } from "@/lib/backoffice/navigation";
import { currencyDigits, fromMinorUnits } from "@/lib/commerce/money";
import { instantToLocalTime } from "@/lib/commerce/offer-schema";
import { getDiscountCode } from "@/lib/selling-terms/backoffice-reads";
import { discountLimits } from "@/lib/selling-terms/discount-schema";
import { basisPointsToPercent } from "@/lib/selling-terms/settings-schema";
import { setDiscountActiveAction, updateDiscountAction } from "../actions";

type Params = { params: Promise<{ organisationId: string; discountCodeId: string }> };

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("sellingTerms.discountEdit");
  return { title: t("metaTitle") };
}

/** One code: edit (version check), deactivate or reactivate with commerce.discount.write. */
export default async function DiscountPage({ params }: Params) {
  const { organisationId, discountCodeId } = await params;
  const gate = await gatePage(organisationId, "commerce.product.read", "commerce");
  if (gate.moduleOff) return <ModuleOff organisationId={organisationId} module="commerce" />;
  const { access } = gate;
  const { id, timeZone } = access.organisation;
  const code = await getDiscountCode(access.claims, id, discountCodeId);
  if (!code) notFound();
  const [t, tf] = await Promise.all([
    getTranslations("sellingTerms.discountEdit"),
    getTranslations("sellingTerms.discountForm"),
  ]);
  const listPath = organisationPath(id, "/commerce/discount");
  const digits = currencyDigits(code.currency);
  const local = (date: Date | null) => (date ? instantToLocalTime(date, timeZone) : "");
  const whole = (n: number | null) => (n === null ? "" : String(n));
  return (
    <ScreenMessages scope="discounts">
      <PageHeader
        title={code.code}
        description={t("intro", { currency: code.currency, timeZone })}
        actions={
          <>
            <DiscountStatusBadge status={code.status} />
            <Link href={listPath} className={buttonVariants({ variant: "outline" })}>
              {tf("allCodes")}
            </Link>
          </>
        }
      />
      <DiscountForm
        organisationId={id}
        currency={code.currency}
        code={{
          id: code.id,
          version: code.version,
          active: code.active,
          usedCount: code.usedCount,
          code: code.code,
          kind: code.kind,
          value:
            code.kind === "percent"
              ? basisPointsToPercent(code.basisPoints ?? 0)
              : fromMinorUnits(code.amountMinor ?? 0, digits),
          minSubtotal:
            code.minSubtotalMinor === null ? "" : fromMinorUnits(code.minSubtotalMinor, digits),
          startsAt: local(code.startsAt),
          endsAt: local(code.endsAt),
          usageLimit: whole(code.usageLimit),
          perCustomerLimit: whole(code.perCustomerLimit),
        }}
        limits={discountLimits}
        action={updateDiscountAction}
        activeAction={setDiscountActiveAction}
        readOnly={!access.can("commerce.discount.write")}
        listPath={listPath}
      />
    </ScreenMessages>
  );
}
