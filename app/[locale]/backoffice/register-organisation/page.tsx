import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { getLocale, getTranslations } from "next-intl/server";
import { PageHeader } from "@/components/backoffice/page-header";
import { RegisterOrganisationForm } from "@/components/backoffice/register-organisation-form";
import { withRedirect } from "@/lib/auth/guard/redirect-target";
import { getCurrentClaims } from "@/lib/auth/server/session";
import { countryOptions, currencyOptions, timeZoneOptions } from "@/lib/i18n/regions";
import { registerOrganisationAction } from "./actions";
import { ScreenMessages } from "@/components/backoffice/screen-messages-provider";
import { organisationLimits } from "@/lib/organisations/organisation-schema";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("backoffice.register");
  return { title: t("metaTitle") };
}

export default async function RegisterOrganisationPage() {
  const path = "/backoffice/register-organisation";
  const claims = await getCurrentClaims();
  if (!claims) redirect(withRedirect("/login", path));
  const [t, locale] = await Promise.all([getTranslations("backoffice.register"), getLocale()]);
  const email = typeof claims.email === "string" ? claims.email : "";
  return (
    <ScreenMessages scope="register">
      <div className="mx-auto w-full max-w-3xl px-4 py-6 md:px-6">
        <PageHeader title={t("title")} description={t("intro")} />
        <div className="rounded-card border border-border bg-surface p-4 sm:p-6">
          <RegisterOrganisationForm
            action={registerOrganisationAction}
            defaults={{
              name: "",
              slug: "",
              contactEmail: email,
              country: locale === "es" ? "ES" : "US",
              timeZone: "UTC",
              currency: locale === "es" ? "EUR" : "USD",
            }}
            countries={countryOptions(locale)}
            timeZones={timeZoneOptions()}
            currencies={currencyOptions(locale)}
            limits={organisationLimits}
          />
        </div>
      </div>
    </ScreenMessages>
  );
}
