import { safeParse, type $ZodType, type output } from "zod/v4/core";
import { validationErrorMap } from "./error-map";

/** Field name → the encoded messages of that field, first issue first. */
export type FieldErrors = Record<string, string[]>;

export type ValidationResult<T> =
  { success: true; data: T } | { success: false; fieldErrors: FieldErrors };

/** Parses with the spec §5 error map and groups the issues by top-level field. */
export function parseWithValidation<S extends $ZodType>(
  schema: S,
  input: unknown,
): ValidationResult<output<S>> {
  // zod's core parse: works for schemas of both `zod` and `zod/mini`.
  const result = safeParse(schema, input, { error: validationErrorMap });
  if (result.success) return { success: true, data: result.data };
  const fieldErrors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path.length ? String(issue.path[0]) : "_form";
    (fieldErrors[field] ??= []).push(issue.message);
  }
  return { success: false, fieldErrors };
}
