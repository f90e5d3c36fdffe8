"use client";

import { useTranslations } from "next-intl";
import { useCallback } from "react";
import { FormAlert } from "@/components/auth/form-alert";
import {
  type BackofficeAction,
  useBackofficeForm,
} from "@/components/backoffice/use-backoffice-form";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { Textarea } from "@/components/ui/textarea";
import type { faqLimits } from "@/lib/organisations/faq-schema";

type FaqFormProps = {
  organisationId: string;
  /** faqLimits, from the page: the schema module (zod) loads on first submit only. */
  limits: typeof faqLimits;
  onDone: () => void;
  onCancel: () => void;
} & (
  | { mode: "create"; action: BackofficeAction<{ id: string }> }
  | {
      mode: "edit";
      action: BackofficeAction<{ id: string }>;
      faq: { id: string; question: string; answer: string; version: number };
    }
);

/** Adds a question, or edits one (the dialog's body); the same schema checks both sides. */
export function FaqForm(props: FaqFormProps) {
  const t = useTranslations("orgSettings.faq");
  const { onDone } = props;
  const done = useCallback(() => onDone(), [onDone]);
  const { form, onSubmit, errorOf, formError, pending } = useBackofficeForm({
    schema: () =>
      import("@/lib/organisations/faq-schema").then(({ createFaqSchema, updateFaqSchema }) =>
        props.mode === "edit"
          ? updateFaqSchema
          : createFaqSchema.extend({
              faqId: updateFaqSchema.shape.faqId.optional(),
              version: updateFaqSchema.shape.version.optional(),
            }),
      ),
    action: props.action,
    defaultValues:
      props.mode === "edit"
        ? {
            faqId: props.faq.id,
            version: props.faq.version,
            question: props.faq.question,
            answer: props.faq.answer,
          }
        : { question: "", answer: "" },
    onDone: done,
  });
  return (
    <form onSubmit={onSubmit} noValidate aria-busy={pending} className="flex flex-col gap-4">
      <input type="hidden" name="organisationId" value={props.organisationId} />
      {props.mode === "edit" ? (
        <>
          <input type="hidden" {...form.register("faqId")} />
          <input type="hidden" {...form.register("version")} />
        </>
      ) : null}
      <FormAlert message={formError} />
      <FormField label={t("question")} errors={errorOf("question")} required>
        <Input maxLength={props.limits.question} {...form.register("question")} />
      </FormField>
      <FormField label={t("answer")} errors={errorOf("answer")} required>
        <Textarea rows={6} maxLength={props.limits.answer} {...form.register("answer")} />
      </FormField>
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="outline" onClick={props.onCancel}>
          {t("cancel")}
        </Button>
        <Button type="submit" disabled={pending}>
          {pending ? t("saving") : t("save")}
        </Button>
      </div>
    </form>
  );
}
