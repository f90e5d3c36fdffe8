import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { ModuleOff } from "@/components/backoffice/module-off";
import { PageHeader } from "@/components/backoffice/page-header";
import { ScreenMessages } from "@/components/backoffice/screen-messages-provider";
import { DeliveryRateForm } from "@/components/backoffice/selling-terms/delivery-rate-form";
import { TermsForm } from "@/components/backoffice/selling-terms/terms-form";
import { Badge } from "@/components/ui/badge";
import { buttonVariants } from "@/components/ui/button";
import { gatePage } from "@/lib/backoffice/doors";
import { organisationPath } from "@/lib/backoffice/navigation";
import { taxClasses, type TaxClass } from "@/lib/commerce/catalogue-types";
import { currencyDigits, fromMinorUnits } from "@/lib/commerce/money";
import { readSettingsScreen } from "@/lib/selling-terms/backoffice-reads";
import { basisPointsToPercent, sellingTermsLimits } from "@/lib/selling-terms/settings-schema";
import {
  createDeliveryRateAction,
  updateDeliveryRateAction,
  updateSellingTermsAction,
} from "./actions";

type Params = { params: Promise<{ organisationId: string }> };

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("sellingTerms.settings");
  return { title: t("metaTitle") };
}

/**
 * The organisation's selling terms (read with commerce.product.read, written with
 * commerce.settings.write): prices and tax, pickup, a rate per tax class, and the delivery
 * rates, each rate its own small form.
 */
export default async function SellingTermsPage({ params }: Params) {
  const { organisationId } = await params;
  const gate = await gatePage(organisationId, "commerce.product.read", "commerce");
  if (gate.moduleOff) return <ModuleOff organisationId={organisationId} module="commerce" />;
  const { access } = gate;
  const { id, currency } = access.organisation;
  const [t, td, tc, to, screen] = await Promise.all([
    getTranslations("sellingTerms.settings"),
    getTranslations("sellingTerms.delivery"),
    getTranslations("commerce.taxClasses"),
    getTranslations("commerce.overview"),
    readSettingsScreen(access.claims, id),
  ]);
  if (!screen) notFound();
  const readOnly = !access.can("commerce.settings.write");
  const classes = taxClasses.map((value) => ({ value, label: tc(value) }));
  const rates = Object.fromEntries(
    taxClasses.flatMap((c) => [
      [`rate_${c}`, basisPointsToPercent(screen.taxRates[c].basisPoints)],
      [`label_${c}`, screen.taxRates[c].label],
    ]),
  ) as Record<`rate_${TaxClass}` | `label_${TaxClass}`, string>;
  const shared = {
    organisationId: id,
    taxClasses: classes,
    limits: sellingTermsLimits,
    readOnly,
  };
  return (
    <ScreenMessages scope="sellingTerms">
      <PageHeader
        title={t("title")}
        description={t("intro")}
        actions={
          <Link
            href={organisationPath(id, "/commerce/discount")}
            className={buttonVariants({ variant: "outline" })}
          >
            {to("discounts")}
          </Link>
        }
      />
      <div className="flex flex-col gap-10">
        <section aria-labelledby="terms-title" className="flex flex-col gap-3">
          <h2 id="terms-title" className="text-xl font-semibold">
            {t("termsTitle")}
          </h2>
          <TermsForm
            {...shared}
            defaults={{
              version: screen.version,
              pricesIncludeTax: screen.pricesIncludeTax,
              pickupEnabled: screen.pickupEnabled,
              pickupNote: screen.pickupNote,
              ...rates,
            }}
            action={updateSellingTermsAction}
          />
        </section>
        <section aria-labelledby="delivery-title" className="flex max-w-5xl flex-col gap-3">
          <h2 id="delivery-title" className="text-xl font-semibold">
            {td("title")}
          </h2>
          <p className="text-sm text-muted-foreground">{td("intro", { currency })}</p>
          {screen.deliveryRates.length === 0 ? (
            <p className="text-sm">{td("empty")}</p>
          ) : (
            <ul className="flex flex-col gap-4">
              {screen.deliveryRates.map((rate) => (
                <li
                  key={`${rate.id}-${rate.version}`}
                  className="rounded-card border border-border bg-surface p-4 sm:p-5"
                >
                  {rate.active ? null : (
                    <Badge variant="neutral" className="mb-2">
                      {td("inactive")}
                    </Badge>
                  )}
                  <DeliveryRateForm
                    {...shared}
                    currency={rate.currency}
                    rate={{
                      deliveryRateId: rate.id,
                      version: rate.version,
                      name: rate.name,
                      price: fromMinorUnits(rate.priceMinor, currencyDigits(rate.currency)),
                      taxClass: rate.taxClass,
                      sortOrder: String(rate.sortOrder),
                      active: rate.active,
                    }}
                    action={updateDeliveryRateAction}
                  />
                </li>
              ))}
            </ul>
          )}
          {readOnly ? null : (
            <div className="rounded-card border border-dashed border-border p-4 sm:p-5">
              <DeliveryRateForm {...shared} currency={currency} action={createDeliveryRateAction} />
            </div>
          )}
        </section>
      </div>
    </ScreenMessages>
  );
}
