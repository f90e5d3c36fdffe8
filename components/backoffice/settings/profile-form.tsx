"use client";

import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { type ReactNode, useCallback } from "react";
import type { UseFormReturn } from "react-hook-form";
import { FormAlert } from "@/components/auth/form-alert";
import {
  type BackofficeAction,
  useBackofficeForm,
} from "@/components/backoffice/use-backoffice-form";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { NativeSelect } from "@/components/ui/native-select";
import { fieldControlClass, Input } from "@/components/ui/input";
import { Textarea } from "@/components/ui/textarea";
import { toast } from "@/components/ui/toast-store";
import { locales } from "@/lib/i18n/config";
import type { RegionOption } from "@/lib/i18n/regions";
import type {
  organisationLimits,
  OrganisationProfileInput,
  OrganisationProfileValues,
} from "@/lib/organisations/organisation-schema";
import { cn } from "@/lib/utils/cn";

export interface ProfileFormProfile {
  id: string;
  name: string;
  description: string;
  phone: string | null;
  website: string | null;
  addressLine1: string | null;
  addressLine2: string | null;
  city: string | null;
  region: string | null;
  postalCode: string | null;
  country: string;
  timeZone: string;
  currency: string;
  locale: string;
  version: number;
}

const selectClass = cn(fieldControlClass, "h-10");

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="flex min-w-0 flex-col gap-4 rounded-card border border-border bg-surface p-4 sm:p-5">
      <legend className="px-1 text-lg font-semibold">{title}</legend>
      {children}
    </fieldset>
  );
}

/** The organisation profile; saving names the version it read (a later save wins nothing silently). */
export function ProfileForm({
  action,
  profile,
  readOnly,
  limits,
  countries,
  timeZones,
  currencies,
}: {
  action: BackofficeAction<{ version: number }>;
  profile: ProfileFormProfile;
  readOnly: boolean;
  /** organisationLimits, from the page: the schema module (zod) loads on first submit only. */
  limits: typeof organisationLimits;
  countries: readonly RegionOption[];
  timeZones: readonly RegionOption[];
  currencies: readonly RegionOption[];
}) {
  const t = useTranslations("orgSettings.profile");
  const router = useRouter();
  const onDone = useCallback(
    (
      data: { version: number },
      form: UseFormReturn<OrganisationProfileInput, unknown, OrganisationProfileValues>,
    ) => {
      form.setValue("version", data.version);
      toast({ title: t("saved"), variant: "success" });
      router.refresh();
    },
    [router, t],
  );
  const { form, onSubmit, errorOf, formError, pending } = useBackofficeForm({
    schema: () =>
      import("@/lib/organisations/organisation-schema").then((m) => m.organisationProfileSchema),
    action,
    defaultValues: {
      version: profile.version,
      name: profile.name,
      description: profile.description,
      phone: profile.phone ?? "",
      website: profile.website ?? "",
      addressLine1: profile.addressLine1 ?? "",
      addressLine2: profile.addressLine2 ?? "",
      city: profile.city ?? "",
      region: profile.region ?? "",
      postalCode: profile.postalCode ?? "",
      country: profile.country,
      timeZone: profile.timeZone,
      currency: profile.currency,
      locale: profile.locale as OrganisationProfileInput["locale"],
    },
    onDone,
  });
  const timeZoneList = timeZones.some((z) => z.value === profile.timeZone)
    ? timeZones
    : [{ value: profile.timeZone, label: profile.timeZone }, ...timeZones];

  return (
    <form onSubmit={onSubmit} noValidate aria-busy={pending} className="flex flex-col gap-5">
      <input type="hidden" name="organisationId" value={profile.id} />
      <input type="hidden" {...form.register("version")} />
      {readOnly ? null : <p className="text-sm text-muted-foreground">{t("required")}</p>}
      <FormAlert message={formError} />
      <fieldset disabled={readOnly} className="flex min-w-0 flex-col gap-5">
        <Section title={t("sectionProfile")}>
          <FormField label={t("name")} errors={errorOf("name")} required>
            <Input
              autoComplete="organization"
              maxLength={limits.name.max}
              {...form.register("name")}
            />
          </FormField>
          <FormField
            label={t("description")}
            hint={t("descriptionHint", { max: limits.description.max })}
            errors={errorOf("description")}
          >
            <Textarea
              rows={5}
              maxLength={limits.description.max}
              {...form.register("description")}
            />
          </FormField>
        </Section>
        <Section title={t("sectionContact")}>
          <div className="grid gap-4 md:grid-cols-2">
            <FormField label={t("phone")} errors={errorOf("phone")}>
              <Input type="tel" autoComplete="tel" maxLength={40} {...form.register("phone")} />
            </FormField>
            <FormField label={t("website")} hint={t("websiteHint")} errors={errorOf("website")}>
              <Input
                type="url"
                autoComplete="url"
                maxLength={limits.line.max}
                {...form.register("website")}
              />
            </FormField>
          </div>
        </Section>
        <Section title={t("sectionAddress")}>
          <FormField label={t("addressLine1")} errors={errorOf("addressLine1")}>
            <Input
              autoComplete="address-line1"
              maxLength={limits.line.max}
              {...form.register("addressLine1")}
            />
          </FormField>
          <FormField label={t("addressLine2")} errors={errorOf("addressLine2")}>
            <Input
              autoComplete="address-line2"
              maxLength={limits.line.max}
              {...form.register("addressLine2")}
            />
          </FormField>
          <div className="grid gap-4 md:grid-cols-3">
            <FormField label={t("city")} errors={errorOf("city")}>
              <Input autoComplete="address-level2" maxLength={100} {...form.register("city")} />
            </FormField>
            <FormField label={t("region")} errors={errorOf("region")}>
              <Input autoComplete="address-level1" maxLength={100} {...form.register("region")} />
            </FormField>
            <FormField label={t("postalCode")} errors={errorOf("postalCode")}>
              <Input autoComplete="postal-code" maxLength={20} {...form.register("postalCode")} />
            </FormField>
          </div>
          <FormField label={t("country")} errors={errorOf("country")} required>
            <NativeSelect
              options={countries}
              autoComplete="country"
              {...form.register("country")}
            />
          </FormField>
        </Section>
        <Section title={t("sectionRegion")}>
          <div className="grid gap-4 md:grid-cols-3">
            <FormField label={t("timeZone")} errors={errorOf("timeZone")} required>
              <NativeSelect options={timeZoneList} {...form.register("timeZone")} />
            </FormField>
            <FormField label={t("currency")} errors={errorOf("currency")} required>
              <NativeSelect options={currencies} {...form.register("currency")} />
            </FormField>
            <FormField label={t("locale")} errors={errorOf("locale")} required>
              <select className={selectClass} {...form.register("locale")}>
                {locales.map((locale) => (
                  <option key={locale} value={locale}>
                    {t(`localeNames.${locale}`)}
                  </option>
                ))}
              </select>
            </FormField>
          </div>
        </Section>
      </fieldset>
      {readOnly ? null : (
        <div>
          <Button type="submit" size="lg" disabled={pending} className="w-full sm:w-auto">
            {pending ? t("submitting") : t("submit")}
          </Button>
        </div>
      )}
    </form>
  );
}
