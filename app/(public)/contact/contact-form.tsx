"use client";

import { CheckCircle2 } from "lucide-react";
import Link from "next/link";
import { useTranslations } from "next-intl";
import { startTransition, useActionState, useEffect, useRef, useState } from "react";
import { useForm } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { Textarea } from "@/components/ui/textarea";
import {
  contactFields,
  contactLimits,
  contactSchema,
  type ContactField,
  type ContactInput,
  type ContactValues,
} from "@/lib/contact/contact-schema";
import { translateValidationMessage } from "@/lib/validation/messages";
import { validationResolver } from "@/lib/validation/resolver";
import { sendContactMessage } from "./actions";
import { initialContactState, type ContactFormState } from "./form-state";

const empty: ContactInput = { name: "", email: "", subject: "", message: "" };

/**
 * The contact form. With JavaScript it validates in the browser with the shared schema and
 * posts through the action without a reload; without JavaScript the same action handles a
 * plain form post and the page renders its answer (errors, values, success).
 */
export function ContactForm() {
  const t = useTranslations("contact");
  const tv = useTranslations("validation");
  const [state, formAction, pending] = useActionState(sendContactMessage, initialContactState);
  const [dismissed, setDismissed] = useState<ContactFormState | null>(null);
  const successRef = useRef<HTMLHeadingElement>(null);
  const alertRef = useRef<HTMLDivElement>(null);
  const values = "values" in state ? state.values : empty;
  const form = useForm<ContactInput, unknown, ContactValues>({
    resolver: validationResolver(contactSchema),
    defaultValues: values,
  });
  const { errors } = form.formState;
  const showSuccess = state.status === "sent" && dismissed !== state;

  useEffect(() => {
    if (state.status === "invalid") {
      for (const field of contactFields) {
        const message = state.fieldErrors[field];
        if (message) form.setError(field, { type: "server", message });
      }
    } else if (state.status === "sent") {
      form.reset(empty);
      successRef.current?.focus();
    } else if (state.status === "rateLimited" || state.status === "failed") {
      alertRef.current?.focus();
    }
  }, [state, form]);

  const onSubmit = form.handleSubmit((_values, event) => {
    const element = event?.target;
    if (!(element instanceof HTMLFormElement)) return;
    startTransition(() => formAction(new FormData(element)));
  });

  if (showSuccess) {
    return (
      <div className="flex flex-col items-start gap-4 rounded-card border border-border bg-surface p-6">
        <CheckCircle2 aria-hidden className="size-8 text-primary-text" />
        <h2 ref={successRef} tabIndex={-1} className="text-xl font-semibold focus:outline-none">
          {t("successTitle")}
        </h2>
        <p role="status" className="text-muted-foreground">
          {t("successBody", { name: state.name, email: state.email })}
        </p>
        <Button asChild variant="outline">
          <Link
            href="/contact"
            onClick={(event) => {
              event.preventDefault();
              setDismissed(state);
            }}
          >
            {t("sendAnother")}
          </Link>
        </Button>
      </div>
    );
  }

  const errorOf = (field: ContactField): string | undefined => {
    const fromForm = errors[field]?.message;
    const fromServer =
      state.status === "invalid" && !form.formState.isSubmitted
        ? state.fieldErrors[field]
        : undefined;
    const message = fromForm ?? fromServer;
    return message ? translateValidationMessage(tv, message) : undefined;
  };

  const formAlert =
    state.status === "rateLimited"
      ? t("rateLimited", { minutes: Math.max(1, Math.ceil(state.retryAfterSeconds / 60)) })
      : state.status === "failed"
        ? t("failed")
        : null;

  return (
    <form
      action={formAction}
      onSubmit={onSubmit}
      noValidate
      aria-busy={pending}
      className="flex flex-col gap-5"
    >
      <p className="text-sm text-muted-foreground">{t("required")}</p>
      {formAlert ? (
        <div
          ref={alertRef}
          tabIndex={-1}
          role="alert"
          className="rounded-card border border-danger p-3 text-sm text-danger focus:outline-none"
        >
          {formAlert}
        </div>
      ) : null}
      <div className="grid gap-5 md:grid-cols-2">
        <FormField label={t("name")} errors={errorOf("name")} required>
          <Input
            autoComplete="name"
            maxLength={contactLimits.name}
            defaultValue={values.name}
            {...form.register("name")}
          />
        </FormField>
        <FormField label={t("email")} hint={t("emailHint")} errors={errorOf("email")} required>
          <Input
            type="email"
            autoComplete="email"
            inputMode="email"
            maxLength={contactLimits.email}
            defaultValue={values.email}
            {...form.register("email")}
          />
        </FormField>
      </div>
      <FormField label={t("subject")} errors={errorOf("subject")} required>
        <Input
          maxLength={contactLimits.subject}
          defaultValue={values.subject}
          {...form.register("subject")}
        />
      </FormField>
      <FormField
        label={t("message")}
        hint={t("messageHint", { max: contactLimits.message.max })}
        errors={errorOf("message")}
        required
      >
        <Textarea
          rows={8}
          maxLength={contactLimits.message.max}
          defaultValue={values.message}
          {...form.register("message")}
        />
      </FormField>
      <div>
        <Button type="submit" size="lg" disabled={pending} className="w-full sm:w-auto">
          {pending ? t("sending") : t("submit")}
        </Button>
      </div>
    </form>
  );
}
