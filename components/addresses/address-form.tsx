"use client";

import { useTranslations } from "next-intl";
import { startTransition, useActionState, useEffect, useMemo, useRef } from "react";
import { useForm, useWatch } from "react-hook-form";
import type { $ZodType } from "zod/v4/core";
import { FormAlert } from "@/components/auth/form-alert";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { NativeSelect } from "@/components/ui/native-select";
import { countryFields } from "@/lib/addresses/address-rules";
import type { AddressInput, addressLimits, AddressValues } from "@/lib/addresses/address-schema";
import { type AddressFormState, initialAddressFormState } from "@/lib/addresses/form-state";
import { lazyValidationResolver } from "@/lib/validation/lazy-resolver";
import { translateValidationMessage } from "@/lib/validation/messages";

type AddressAction = (state: AddressFormState, formData: FormData) => Promise<AddressFormState>;

/** The form's values as strings (what the fields hold); isDefault a checkbox. */
export type AddressFormDefaults = {
  [K in Exclude<keyof AddressInput, "isDefault">]: string;
} & { isDefault: boolean };

type FormInput = AddressFormDefaults & { addressId?: string; version?: string };
type Field = Exclude<keyof FormInput, "addressId" | "version" | "isDefault">;

const FIELDS: readonly Field[] = [
  "country",
  "label",
  "recipientName",
  "phone",
  "line1",
  "line2",
  "city",
  "region",
  "postalCode",
];

/**
 * Adds or edits an address. The country comes first: the region's and the postal code's
 * labels, required marks, example and the region's choices follow it (address-rules.ts). The
 * browser checks with the shared schema (loaded on first submit), the server action again;
 * without JavaScript the form posts to the action and the page shows its answer.
 */
export function AddressForm({
  mode,
  action,
  defaults,
  countries,
  limits,
  address,
  alreadyDefault = false,
}: {
  mode: "create" | "update";
  action: AddressAction;
  defaults: AddressFormDefaults;
  /** Every ISO country, named and sorted in the page's locale. */
  countries: readonly { code: string; name: string }[];
  limits: typeof addressLimits;
  /** The address being edited. */
  address?: { id: string; version: number };
  alreadyDefault?: boolean;
}) {
  const t = useTranslations("addresses");
  const tv = useTranslations("validation");
  const [state, formAction, pending] = useActionState(action, initialAddressFormState);
  const handled = useRef<AddressFormState>(initialAddressFormState);
  // A form posted without JavaScript comes back with what was typed.
  const echoed = state.status === "idle" ? null : state.values;
  const resolver = useMemo(
    () =>
      lazyValidationResolver<FormInput, AddressValues>(() =>
        import("@/lib/addresses/address-schema").then(
          // The form's fields are all strings; the schema takes those (and more) as input.
          (m) =>
            (mode === "update" ? m.updateAddressSchema : m.addressSchema) as unknown as $ZodType<
              AddressValues,
              FormInput
            >,
        ),
      ),
    [mode],
  );
  const initial: FormInput = {
    ...defaults,
    ...(echoed ?? {}),
    isDefault: echoed ? echoed.isDefault === "on" : defaults.isDefault,
    addressId: address?.id,
    version: address ? String(address.version) : undefined,
  };
  const form = useForm<FormInput, unknown, AddressValues>({ resolver, defaultValues: initial });
  // register() sets the values in the browser only: the server's HTML carries them as
  // default values too, for a form shown (and posted) without JavaScript.
  const field = (name: Field | "addressId" | "version") => ({
    defaultValue: initial[name] ?? "",
    ...form.register(name),
  });
  const country = useWatch({ control: form.control, name: "country" });
  const fields = countryFields(country);
  const regionOptions = fields.regions;

  // A country with a region list and one without do not share values.
  const previousCountry = useRef(country);
  useEffect(() => {
    if (previousCountry.current === country) return;
    const before = countryFields(previousCountry.current).regions;
    previousCountry.current = country;
    if (before || regionOptions) form.setValue("region", "");
  }, [country, regionOptions, form]);

  useEffect(() => {
    if (handled.current === state) return;
    handled.current = state;
    if (state.status === "invalid") {
      for (const field of FIELDS) {
        const message = state.fieldErrors[field]?.[0];
        if (message) form.setError(field, { type: "server", message });
      }
    }
  }, [state, form]);

  const onSubmit = form.handleSubmit((_values, event) => {
    const element = event?.target;
    if (!(element instanceof HTMLFormElement)) return;
    startTransition(() => formAction(new FormData(element)));
  });

  const errorOf = (field: Field): string | undefined => {
    const client = form.formState.errors[field]?.message;
    // A form posted without JavaScript has no browser submit: the action's answer is all
    // there is. Once the browser submits, its errors (the server's copied in) take over.
    const server =
      form.formState.submitCount === 0 && state.status === "invalid"
        ? state.fieldErrors[field]?.[0]
        : undefined;
    const message = client ?? server;
    return message ? translateValidationMessage(tv, message) : undefined;
  };

  let formError: string | null = null;
  if (state.status === "error") formError = t(`errors.${state.code}`);
  else if (state.status === "failed") formError = t("errors.failed");
  // A refusal of no field shown (a tampered id or version) still says something.
  else if (state.status === "invalid" && !FIELDS.some((f) => state.fieldErrors[f]?.length)) {
    formError = t("errors.failed");
  }

  const regionLabel = t(`labels.region.${fields.regionLabel}`);
  const postalLabel = t(`labels.postal.${fields.postalLabel}`);

  return (
    <form
      action={formAction}
      onSubmit={onSubmit}
      noValidate
      aria-busy={pending}
      className="flex flex-col gap-5"
    >
      <p className="text-sm text-muted-foreground">{t("form.required")}</p>
      <FormAlert message={formError} />
      {address ? (
        <>
          <input type="hidden" {...field("addressId")} />
          <input type="hidden" {...field("version")} />
        </>
      ) : null}
      <FormField label={t("form.country")} errors={errorOf("country")} required>
        <NativeSelect
          autoComplete="country"
          options={countries.map((c) => ({ value: c.code, label: c.name }))}
          {...field("country")}
        />
      </FormField>
      <FormField label={t("form.label")} hint={t("form.labelHint")} errors={errorOf("label")}>
        <Input maxLength={limits.label} autoComplete="off" {...field("label")} />
      </FormField>
      <FormField label={t("form.recipientName")} errors={errorOf("recipientName")} required>
        <Input maxLength={limits.recipientName} autoComplete="name" {...field("recipientName")} />
      </FormField>
      <FormField
        label={t("form.line1")}
        hint={t("form.line1Hint")}
        errors={errorOf("line1")}
        required
      >
        <Input maxLength={limits.line} autoComplete="address-line1" {...field("line1")} />
      </FormField>
      <FormField label={t("form.line2")} hint={t("form.line2Hint")} errors={errorOf("line2")}>
        <Input maxLength={limits.line} autoComplete="address-line2" {...field("line2")} />
      </FormField>
      <FormField label={t("form.city")} errors={errorOf("city")} required>
        <Input maxLength={limits.city} autoComplete="address-level2" {...field("city")} />
      </FormField>
      <FormField label={regionLabel} errors={errorOf("region")} required={fields.regionRequired}>
        {regionOptions ? (
          <NativeSelect
            autoComplete="address-level1"
            options={[
              { value: "", label: t("form.regionChoose") },
              ...regionOptions.map((r) => ({ value: r.code, label: r.name })),
            ]}
            {...field("region")}
          />
        ) : (
          <Input maxLength={limits.region} autoComplete="address-level1" {...field("region")} />
        )}
      </FormField>
      <FormField
        label={postalLabel}
        hint={
          fields.postalExample ? t("form.example", { example: fields.postalExample }) : undefined
        }
        errors={errorOf("postalCode")}
        required={fields.postalRequired}
      >
        <Input
          maxLength={limits.postalCode}
          autoComplete="postal-code"
          autoCapitalize="characters"
          spellCheck={false}
          {...field("postalCode")}
        />
      </FormField>
      <FormField label={t("form.phone")} hint={t("form.phoneHint")} errors={errorOf("phone")}>
        <Input type="tel" maxLength={limits.phone} autoComplete="tel" {...field("phone")} />
      </FormField>
      {alreadyDefault ? (
        <p className="text-sm text-muted-foreground">{t("form.isDefaultAlready")}</p>
      ) : (
        <label className="flex items-start gap-3 text-sm">
          <input
            type="checkbox"
            className="mt-0.5 size-5 shrink-0 accent-primary"
            defaultChecked={initial.isDefault}
            {...form.register("isDefault")}
          />
          <span>{t("form.isDefault")}</span>
        </label>
      )}
      <div>
        <Button type="submit" size="lg" disabled={pending} className="w-full sm:w-auto">
          {pending ? t(`${mode}.submitting`) : t(`${mode}.submit`)}
        </Button>
      </div>
    </form>
  );
}
