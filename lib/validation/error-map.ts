import { type $ZodRawIssue } from "zod/v4/core";
import { encodeValidationMessage } from "./messages";

type Issue = $ZodRawIssue;

function isEmpty(input: unknown): boolean {
  return (
    input === undefined || input === null || (typeof input === "string" && input.trim() === "")
  );
}

/**
 * A zod 4 error map that turns every issue into one of the spec §5 messages:
 * - a missing or empty value, or a string shorter than 1 → "required";
 * - a string too short / too long → "minLength" / "maxLength" with {0} = the limit;
 * - an invalid email → "email"; anything else → "format".
 * Pass it as the parse option `{ error: validationErrorMap }` (server) or as the
 * zodResolver schema option (browser); `parseWithValidation` and `validationResolver` do.
 */
export function validationErrorMap(issue: Issue): string {
  switch (issue.code) {
    case "invalid_type":
      return isEmpty(issue.input)
        ? encodeValidationMessage("required")
        : encodeValidationMessage("format");
    case "too_small":
      if (issue.origin === "string") {
        const minimum = Number(issue.minimum);
        if (minimum <= 1 || isEmpty(issue.input)) return encodeValidationMessage("required");
        return encodeValidationMessage("minLength", { 0: minimum });
      }
      return encodeValidationMessage(isEmpty(issue.input) ? "required" : "format");
    case "too_big":
      if (issue.origin === "string") {
        return encodeValidationMessage("maxLength", { 0: Number(issue.maximum) });
      }
      return encodeValidationMessage("format");
    case "invalid_format":
      if (isEmpty(issue.input)) return encodeValidationMessage("required");
      return encodeValidationMessage(issue.format === "email" ? "email" : "format");
    default:
      return encodeValidationMessage("format");
  }
}
