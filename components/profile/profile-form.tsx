"use client";

import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { startTransition, useActionState, useEffect, useRef } from "react";
import { useForm } from "react-hook-form";
import { useAuth } from "@/components/auth/auth-context";
import { lazyResolver } from "@/components/auth/lazy-resolver";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { fieldControlClass, Input } from "@/components/ui/input";
import { toast } from "@/components/ui/toast-store";
import { locales } from "@/lib/i18n/config";
import { profileFields, profileLimits } from "@/lib/profile/profile-fields";
import type { ProfileInput, ProfileValues } from "@/lib/profile/profile-schema";
import { cn } from "@/lib/utils/cn";
import { translateValidationMessage } from "@/lib/validation/messages";
import { initialProfileState, type ProfileFormState } from "./profile-form-state";

type ProfileAction = (state: ProfileFormState, formData: FormData) => Promise<ProfileFormState>;

export type ProfileFormProps = {
  mode: "create" | "update";
  action: ProfileAction;
  defaults: ProfileInput;
  /** Where the creation goes next (already sanitised by the page). */
  redirect?: string;
};

/** Display name, language and marketing consent: create or update the caller's profile. */
export function ProfileForm({ mode, action, defaults, redirect }: ProfileFormProps) {
  const t = useTranslations("profile");
  const tv = useTranslations("validation");
  const router = useRouter();
  const { reloadProfile } = useAuth();
  const [state, formAction, pending] = useActionState(action, initialProfileState);
  const alertRef = useRef<HTMLDivElement>(null);
  // The answer the effect below has acted on: it runs again whenever a dependency changes
  // (the catalogue after the refresh, the router), and one answer must give one toast.
  const handled = useRef<ProfileFormState>(initialProfileState);
  const form = useForm<ProfileInput, unknown, ProfileValues>({
    resolver: lazyResolver("profile"),
    defaultValues: defaults,
  });
  const { errors } = form.formState;

  useEffect(() => {
    if (handled.current === state) return;
    handled.current = state;
    if (state.status === "invalid") {
      for (const field of profileFields) {
        const message = state.fieldErrors[field]?.[0];
        if (message) form.setError(field, { type: "server", message });
      }
    } else if (state.status === "saved") {
      void reloadProfile();
      if (mode === "create") {
        router.replace(state.target);
      } else {
        toast({ title: t("update.saved"), variant: "success" });
      }
      router.refresh();
    } else if (state.status === "signedOut") {
      router.replace(
        `/login?redirect=${encodeURIComponent(mode === "create" ? "/profile/create" : "/profile/update")}`,
      );
    } else if (state.status === "failed") {
      alertRef.current?.focus();
    }
  }, [state, form, mode, router, reloadProfile, t]);

  const onSubmit = form.handleSubmit((_values, event) => {
    const element = event?.target;
    if (!(element instanceof HTMLFormElement)) return;
    startTransition(() => formAction(new FormData(element)));
  });

  const errorOf = (field: "displayName" | "locale") => {
    const message = errors[field]?.message;
    return message ? translateValidationMessage(tv, message) : undefined;
  };
  const prefix = mode === "create" ? "create" : "update";

  return (
    <form onSubmit={onSubmit} noValidate aria-busy={pending} className="flex flex-col gap-5">
      <p className="text-sm text-muted-foreground">{t("required")}</p>
      {state.status === "failed" || state.status === "signedOut" ? (
        <div
          ref={alertRef}
          tabIndex={-1}
          role="alert"
          className="rounded-card border border-danger p-3 text-sm text-danger focus:outline-none"
        >
          {state.status === "failed" ? t("errors.failed") : t("errors.notSignedIn")}
        </div>
      ) : null}
      {redirect ? <input type="hidden" name="redirect" value={redirect} /> : null}
      <FormField
        label={t("displayName")}
        hint={t("displayNameHint")}
        errors={errorOf("displayName")}
        required
      >
        <Input
          autoComplete="nickname"
          maxLength={profileLimits.displayName.max}
          {...form.register("displayName")}
        />
      </FormField>
      <FormField label={t("locale")} errors={errorOf("locale")} required>
        <select className={cn(fieldControlClass, "h-10")} {...form.register("locale")}>
          {locales.map((locale) => (
            <option key={locale} value={locale}>
              {t(`localeNames.${locale}`)}
            </option>
          ))}
        </select>
      </FormField>
      <label className="flex items-start gap-3 text-sm">
        <input
          type="checkbox"
          className="mt-0.5 size-5 shrink-0 accent-primary"
          {...form.register("marketingConsent")}
        />
        <span>{t("marketingConsent")}</span>
      </label>
      <div>
        <Button type="submit" size="lg" disabled={pending} className="w-full sm:w-auto">
          {pending ? t(`${prefix}.submitting`) : t(`${prefix}.submit`)}
        </Button>
      </div>
    </form>
  );
}
