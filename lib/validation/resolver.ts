import { zodResolver } from "@hookform/resolvers/zod";
import { type FieldValues, type Resolver } from "react-hook-form";
import type { $ZodType } from "zod/v4/core";
import { validationErrorMap } from "./error-map";

/**
 * The react-hook-form resolver for a shared schema, with the spec §5 error map: field
 * errors carry encoded messages that the form translates with `translateValidationMessage`.
 * Only the first error per field is kept (react-hook-form's default criteria mode).
 */
export function validationResolver<Input extends FieldValues, Output>(
  schema: $ZodType<Output, Input>,
): Resolver<Input, unknown, Output> {
  return zodResolver(schema, { error: validationErrorMap });
}
