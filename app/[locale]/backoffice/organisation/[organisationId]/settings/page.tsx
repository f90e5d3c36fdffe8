import type { Metadata } from "next";
import { notFound, redirect } from "next/navigation";
import { getLocale, getTranslations } from "next-intl/server";
import { PageHeader } from "@/components/backoffice/page-header";
import { LogoField } from "@/components/backoffice/settings/logo-field";
import { ProfileForm } from "@/components/backoffice/settings/profile-form";
import { SettingsLinks } from "@/components/backoffice/settings/settings-links";
import { gateMember, gatePage } from "@/lib/backoffice/doors";
import { firstSettingsPage, organisationPath } from "@/lib/backoffice/navigation";
import { countryOptions, currencyOptions, timeZoneOptions } from "@/lib/i18n/regions";
import { getOrganisationProfile, organisationLogoUrl } from "@/lib/organisations/settings";
import { updateOrganisationProfileAction } from "./actions";
import { ScreenMessages } from "@/components/backoffice/screen-messages-provider";
import { organisationLimits } from "@/lib/organisations/organisation-schema";

type Params = { params: Promise<{ organisationId: string }> };

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("orgSettings.index");
  return { title: t("metaTitle") };
}

/**
 * The organisation profile (read-only without settings.organisation.write) and the other
 * settings. A member who may open some settings page but not the profile (a custom role that
 * reads the audit trail, say) is sent to the first such page: the menu's Settings entry
 * shows to them (lib/backoffice/navigation.ts).
 */
export default async function SettingsPage({ params }: Params) {
  const { organisationId } = await params;
  const { access: member } = await gateMember(organisationId);
  if (!member.can("settings.organisation.read")) {
    const first = firstSettingsPage(member);
    if (first) redirect(organisationPath(organisationId, first));
  }
  const { access } = await gatePage(organisationId, "settings.organisation.read");
  const profile = await getOrganisationProfile(access.claims, access.organisation.id);
  if (!profile) notFound();
  const [t, locale] = await Promise.all([getTranslations("orgSettings.index"), getLocale()]);
  const logoUrl = organisationLogoUrl(profile.logoFileId);
  const canWrite = access.can("settings.organisation.write");
  const canChangeLogo =
    canWrite && access.can("storage.file.write") && access.can("storage.file.delete");
  return (
    <ScreenMessages scope="organisationProfile">
      <PageHeader title={t("title")} description={t("intro")} />
      <div className="grid gap-6 xl:grid-cols-[minmax(0,1fr)_20rem]">
        <div className="flex min-w-0 flex-col gap-6">
          {canWrite ? null : (
            <p className="rounded-card border border-border p-3 text-sm">{t("readOnly")}</p>
          )}
          <LogoField
            organisationId={profile.id}
            organisationName={profile.name}
            logoUrl={logoUrl}
            canChange={canChangeLogo}
          />
          <ProfileForm
            action={updateOrganisationProfileAction}
            profile={profile}
            readOnly={!canWrite}
            limits={organisationLimits}
            countries={countryOptions(locale)}
            timeZones={timeZoneOptions()}
            currencies={currencyOptions(locale)}
          />
        </div>
        <SettingsLinks access={access} />
      </div>
    </ScreenMessages>
  );
}
