"use client";

import { useTranslations } from "next-intl";
import type { FieldValues, Path, UseFormReturn } from "react-hook-form";

/**
 * A field's first error for the selling-terms forms: a schema's `backoffice:<code>` message
 * reads from the back office's error catalogue, anything else as useBackofficeForm's errorOf.
 */
export function useFieldMessage<Input extends FieldValues>(
  form: UseFormReturn<Input, unknown, unknown>,
  errorOf: (field: Path<Input>) => string | undefined,
): (field: Path<Input>) => string | undefined {
  const te = useTranslations("backoffice.errors");
  return (field) => {
    const message = (form.formState.errors as Record<string, { message?: unknown } | undefined>)[
      field
    ]?.message;
    if (typeof message === "string" && message.startsWith("backoffice:")) {
      return te(message.slice("backoffice:".length) as "failed");
    }
    return errorOf(field);
  };
}
