"use client";

import { useTranslations } from "next-intl";
import {
  type FormEvent,
  lazy,
  type ReactNode,
  startTransition,
  Suspense,
  useActionState,
  useEffect,
  useRef,
  useState,
} from "react";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { Textarea } from "@/components/ui/textarea";
import { contactFields, contactLimits, type ContactField } from "@/lib/contact/contact-fields";
import type { ContactInput } from "@/lib/contact/contact-schema";
import { sendContactMessage } from "./actions";
import { initialContactState, type ContactFormState } from "./form-state";
import type * as ValidatorModuleNs from "./validate-contact";
import type { ContactFieldMessages } from "./validate-contact";

type ValidatorModule = typeof ValidatorModuleNs;

const ContactSent = lazy(() => import("./contact-sent"));

const empty: ContactInput = { name: "", email: "", subject: "", message: "" };

type FieldMessages = ContactFieldMessages;

/** The validator module, fetched once on first use (typing or submit). */
let validator: Promise<ValidatorModule> | undefined;
const loadValidator = () => (validator ??= import("./validate-contact"));

function focusField(form: HTMLFormElement | null, field: ContactField) {
  form?.querySelector<HTMLElement>(`[name=${field}]`)?.focus();
}

/**
 * The contact form. With JavaScript it validates in the browser with the shared schema and
 * posts through the action without a reload; without JavaScript the same action handles a
 * plain form post and the page renders its answer (errors, values, success). Plain state
 * rather than react-hook-form: four fields, and the page stays within its JavaScript budget.
 * After a refused submit, each field is checked again as it changes.
 */
export function ContactForm({ successIcon }: { successIcon: ReactNode }) {
  const t = useTranslations("contact");
  const tv = useTranslations("validation");
  const [state, formAction, pending] = useActionState(sendContactMessage, initialContactState);
  const [dismissed, setDismissed] = useState<ContactFormState | null>(null);
  const alertRef = useRef<HTMLDivElement>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const values = "values" in state ? state.values : empty;
  // Browser-side messages of a submit tried since the last answer; otherwise the answer's.
  const [checked, setChecked] = useState<{ answer: ContactFormState; messages: FieldMessages }>();
  const browserMessages = checked?.answer === state ? checked.messages : null;
  const showSuccess = state.status === "sent" && dismissed !== state;

  useEffect(() => {
    if (state.status === "invalid") {
      const first = contactFields.find((field) => state.fieldErrors[field]);
      if (first) focusField(formRef.current, first);
    } else if (state.status === "rateLimited" || state.status === "failed") {
      alertRef.current?.focus();
    }
  }, [state]);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const messages = (await loadValidator()).validateContact(form, tv);
    setChecked({ answer: state, messages });
    const first = contactFields.find((field) => messages[field]);
    if (first) {
      focusField(form, first);
      return;
    }
    startTransition(() => formAction(new FormData(form)));
  };

  // Typing loads the validator (ready for the submit); after a refused submit it re-checks.
  const onChange = async (event: FormEvent<HTMLFormElement>) => {
    const form = event.currentTarget;
    const validator = await loadValidator();
    if (browserMessages)
      setChecked({ answer: state, messages: validator.validateContact(form, tv) });
  };

  if (showSuccess) {
    return (
      // The fallback is the same acknowledgement without its behaviour: a post without
      // JavaScript (or a slow chunk) gets it in the first HTML instead of a hidden section
      // that only a script would reveal.
      <Suspense
        fallback={
          <div className="flex flex-col items-start gap-4 rounded-card border border-border bg-surface p-6">
            {successIcon}
            <h2 className="text-xl font-semibold">{t("successTitle")}</h2>
            <p role="status" className="text-muted-foreground">
              {t("successBody", { name: state.name, email: state.email })}
            </p>
            {/* A full load on purpose: a fresh form, with or without JavaScript. */}
            {/* eslint-disable-next-line @next/next/no-html-link-for-pages */}
            <a href="/contact" className="text-primary-text underline underline-offset-4">
              {t("sendAnother")}
            </a>
          </div>
        }
      >
        <ContactSent
          name={state.name}
          email={state.email}
          icon={successIcon}
          onAnother={() => setDismissed(state)}
        />
      </Suspense>
    );
  }

  const messages = browserMessages ?? (state.status === "invalid" ? state.fieldErrors : {});

  const formAlert =
    state.status === "rateLimited"
      ? t("rateLimited", { minutes: Math.max(1, Math.ceil(state.retryAfterSeconds / 60)) })
      : state.status === "failed"
        ? t("failed")
        : null;

  return (
    <form
      ref={formRef}
      action={formAction}
      onSubmit={onSubmit}
      onChange={onChange}
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
        <FormField label={t("name")} errors={messages.name} required>
          <Input
            autoComplete="name"
            maxLength={contactLimits.name}
            defaultValue={values.name}
            name="name"
          />
        </FormField>
        <FormField label={t("email")} hint={t("emailHint")} errors={messages.email} required>
          <Input
            type="email"
            autoComplete="email"
            inputMode="email"
            maxLength={contactLimits.email}
            defaultValue={values.email}
            name="email"
          />
        </FormField>
      </div>
      <FormField label={t("subject")} errors={messages.subject} required>
        <Input maxLength={contactLimits.subject} defaultValue={values.subject} name="subject" />
      </FormField>
      <FormField
        label={t("message")}
        hint={t("messageHint", { max: contactLimits.message.max })}
        errors={messages.message}
        required
      >
        <Textarea
          rows={8}
          maxLength={contactLimits.message.max}
          defaultValue={values.message}
          name="message"
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
