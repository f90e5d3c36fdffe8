"use client";

import { useLocale, useTranslations } from "next-intl";
import { startTransition, useActionState, useEffect, useMemo, useRef } from "react";
import {
  type DefaultValues,
  type FieldValues,
  type Path,
  useForm,
  type UseFormReturn,
} from "react-hook-form";
import type { ActionState } from "@/lib/backoffice/action-state";
import { loadActionErrorMessages } from "./action-error-messages";
import { lazyValidationResolver, type SchemaLoader } from "@/lib/validation/lazy-resolver";
import { translateValidationMessage } from "@/lib/validation/messages";

export type BackofficeAction<R> = (
  state: ActionState<R>,
  formData: FormData,
) => Promise<ActionState<R>>;

export interface BackofficeFormOptions<Input extends FieldValues, Output, R> {
  schema: SchemaLoader<Input, Output>;
  action: BackofficeAction<R>;
  defaultValues: DefaultValues<Input>;
  /** Runs once per successful answer (toast, navigate, refresh, reset). */
  onDone?: (data: R, form: UseFormReturn<Input, unknown, Output>) => void;
}

export interface BackofficeForm<Input extends FieldValues, Output, R> {
  form: UseFormReturn<Input, unknown, Output>;
  state: ActionState<R>;
  pending: boolean;
  /** Pass to <form onSubmit>: validates in the browser, then posts the form's FormData. */
  onSubmit: (event?: React.BaseSyntheticEvent) => Promise<void>;
  /** The first error of a field, translated (validation messages or a backoffice error). */
  errorOf: (field: Path<Input>) => string | undefined;
  /** A form-level message (an error without a field, or an unexpected failure), or null. */
  formError: string | null;
}

/**
 * One form pattern for the whole back office: the shared zod schema validates in the
 * browser (react-hook-form) and again in the server action; the action's answer maps back
 * to fields (spec §5 messages, or a `backoffice.errors` key on a named field), an
 * unexpected failure shows a generic message with its request id.
 */
export function useBackofficeForm<Input extends FieldValues, Output, R>({
  schema,
  action,
  defaultValues,
  onDone,
}: BackofficeFormOptions<Input, Output, R>): BackofficeForm<Input, Output, R> {
  const tv = useTranslations("validation");
  const t = useTranslations("backoffice.errors");
  const [state, formAction, pending] = useActionState<ActionState<R>, FormData>(action, {
    status: "idle",
  });
  // The loader is read once: a form's schema does not change while it is shown.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const resolver = useMemo(() => lazyValidationResolver(schema), []);
  const form = useForm<Input, unknown, Output>({
    resolver,
    defaultValues,
  });
  const handled = useRef<ActionState<R> | null>(null);

  useEffect(() => {
    if (handled.current === state) return;
    handled.current = state;
    if (state.status === "invalid") {
      for (const [field, messages] of Object.entries(state.fieldErrors)) {
        const message = messages[0];
        if (message) form.setError(field as Path<Input>, { type: "server", message });
      }
    } else if (state.status === "error" && state.field) {
      form.setError(state.field as Path<Input>, { type: "app", message: state.code });
    } else if (state.status === "done") {
      onDone?.(state.data, form);
    }
  }, [state, form, onDone]);

  const locale = useLocale();
  const onSubmit = form.handleSubmit(async (_values, event) => {
    const element = event?.target;
    if (!(element instanceof HTMLFormElement)) return;
    const data = new FormData(element);
    // The error texts come in their own chunk (action-error-messages.tsx), asked for when the
    // screen mounted: wait for it, so an answer never finds them missing.
    await loadActionErrorMessages(locale).catch(() => undefined);
    startTransition(() => formAction(data));
  });

  const errorOf = (field: Path<Input>): string | undefined => {
    const error = form.formState.errors[field];
    const message = typeof error?.message === "string" ? error.message : undefined;
    if (!message) return undefined;
    if (error?.type === "app") return t(message as "failed");
    return translateValidationMessage(tv, message);
  };

  let formError: string | null = null;
  if (state.status === "error" && !state.field) {
    formError = t(state.code as "failed");
  } else if (state.status === "failed") {
    formError = t("failed", { requestId: state.requestId });
  }

  return { form, state, pending, onSubmit, errorOf, formError };
}
