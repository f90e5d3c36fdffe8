import type { $ZodType, output } from "zod/v4/core";
import { parseWithValidation, type FieldErrors } from "@/lib/validation/parse";

/** Helpers of the schema tests (tests/unit/schemas-*.test.ts). */

export const uuid = "0b7d9c1e-4a5f-4c7e-9f3a-2d1b6e8a9c10";

/** The parsed value, or the refusal's field errors (message keys, as the forms get them). */
export function parse<S extends $ZodType>(
  schema: S,
  input: unknown,
): { data?: output<S>; errors?: FieldErrors } {
  const result = parseWithValidation(schema, input);
  return result.success ? { data: result.data } : { errors: result.fieldErrors };
}

export const FORMAT = "validation:format";
export const REQUIRED = "validation:required";
export const EMAIL = "validation:email";
export const minLength = (n: number) => `validation:minLength:{"0":${n}}`;
