"use client";

import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useCallback, useEffect } from "react";
import { FormAlert } from "@/components/auth/form-alert";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { NativeSelect } from "@/components/ui/native-select";
import { Input } from "@/components/ui/input";
import type { RegionOption } from "@/lib/i18n/regions";
import type {
  organisationLimits,
  RegisterOrganisationInput,
} from "@/lib/organisations/organisation-schema";
import { type BackofficeAction, useBackofficeForm } from "./use-backoffice-form";

export type RegisterOrganisationFormProps = {
  action: BackofficeAction<{ id: string }>;
  defaults: RegisterOrganisationInput;
  countries: readonly RegionOption[];
  timeZones: readonly RegionOption[];
  currencies: readonly RegionOption[];
  /** organisationLimits, from the page: the schema module (zod) is not in the first load. */
  limits: typeof organisationLimits;
};

/** Name, address (slug), contact email, country, time zone and currency of a new organisation. */
export function RegisterOrganisationForm({
  action,
  defaults,
  countries,
  timeZones,
  currencies,
  limits,
}: RegisterOrganisationFormProps) {
  const t = useTranslations("backoffice.register");
  const router = useRouter();
  const onDone = useCallback(
    (data: { id: string }) => router.push(`/backoffice/organisation/${data.id}/dashboard`),
    [router],
  );
  const { form, onSubmit, errorOf, formError, pending } = useBackofficeForm({
    schema: () =>
      import("@/lib/organisations/organisation-schema").then((m) => m.registerOrganisationSchema),
    action,
    defaultValues: defaults,
    onDone,
  });

  // The browser knows the user's time zone; offer it when the server could not.
  useEffect(() => {
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    if (form.getValues("timeZone") === "UTC" && timeZones.some((z) => z.value === zone)) {
      form.setValue("timeZone", zone);
    }
  }, [form, timeZones]);

  // The address follows the name until it is edited. `slugify` lives in the schema module,
  // fetched on the first keystroke (with zod, which the first submit needs anyway); the
  // answers arrive in order, the last keystroke's last.
  const name = form.register("name", {
    onChange: (event: { target: HTMLInputElement }) => {
      const { value, form: element } = event.target;
      // Edited, or in the person's hands right now: a field never changes under the cursor
      // (text typed into it would land after the new address).
      const edited = () =>
        form.getFieldState("slug").isDirty ||
        (element !== null && document.activeElement === element.elements.namedItem("slug"));
      if (edited()) return;
      // Asked again when the module answers: an address typed meanwhile stays.
      void import("@/lib/organisations/organisation-schema").then(({ slugify }) => {
        if (!edited()) form.setValue("slug", slugify(value));
      });
    },
  });
  const slug = form.register("slug");

  return (
    <form onSubmit={onSubmit} noValidate aria-busy={pending} className="flex flex-col gap-5">
      <p className="text-sm text-muted-foreground">{t("required")}</p>
      <FormAlert message={formError} />
      <FormField label={t("name")} errors={errorOf("name")} required>
        <Input autoComplete="organization" maxLength={limits.name.max} {...name} />
      </FormField>
      <FormField label={t("slug")} hint={t("slugHint")} errors={errorOf("slug")} required>
        <Input autoCapitalize="none" spellCheck={false} maxLength={limits.slug.max} {...slug} />
      </FormField>
      <FormField
        label={t("contactEmail")}
        hint={t("contactEmailHint")}
        errors={errorOf("contactEmail")}
        required
      >
        <Input type="email" autoComplete="email" {...form.register("contactEmail")} />
      </FormField>
      <div className="grid gap-5 md:grid-cols-3">
        <FormField label={t("country")} errors={errorOf("country")} required>
          <NativeSelect options={countries} autoComplete="country" {...form.register("country")} />
        </FormField>
        <FormField label={t("timeZone")} errors={errorOf("timeZone")} required>
          <NativeSelect options={timeZones} {...form.register("timeZone")} />
        </FormField>
        <FormField label={t("currency")} errors={errorOf("currency")} required>
          <NativeSelect options={currencies} {...form.register("currency")} />
        </FormField>
      </div>
      <div>
        <Button type="submit" size="lg" disabled={pending} className="w-full sm:w-auto">
          {pending ? t("submitting") : t("submit")}
        </Button>
      </div>
    </form>
  );
}
