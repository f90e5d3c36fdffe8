/**
 * The generic validation messages of spec §5, as keys of the "validation" namespace
 * (messages/<locale>/validation.json). A zod issue carries one of these keys and its
 * values, encoded in the message string, so that the same schema serves the
 * browser (react-hook-form + zodResolver) and the server action; each side translates
 * the encoded message with its own translator.
 */
export const validationKeys = ["required", "email", "maxLength", "minLength", "format"] as const;

export type ValidationKey = (typeof validationKeys)[number];

export type ValidationValues = Record<string, string | number>;

export type ValidationMessage = { key: ValidationKey; values?: ValidationValues };

const prefix = "validation:";

export function isValidationKey(value: unknown): value is ValidationKey {
  return typeof value === "string" && (validationKeys as readonly string[]).includes(value);
}

/** Encodes a key and its values as a zod issue message (a string, as form libraries expect). */
export function encodeValidationMessage(key: ValidationKey, values?: ValidationValues): string {
  return values ? `${prefix}${key}:${JSON.stringify(values)}` : `${prefix}${key}`;
}

/** Reads back an encoded message; null when the text was not produced by the encoder. */
export function decodeValidationMessage(message: string | undefined): ValidationMessage | null {
  if (!message?.startsWith(prefix)) return null;
  const rest = message.slice(prefix.length);
  const colon = rest.indexOf(":");
  const key = colon === -1 ? rest : rest.slice(0, colon);
  if (!isValidationKey(key)) return null;
  if (colon === -1) return { key };
  try {
    const values: unknown = JSON.parse(rest.slice(colon + 1));
    if (!values || typeof values !== "object" || Array.isArray(values)) return { key };
    const clean: ValidationValues = {};
    for (const [name, value] of Object.entries(values)) {
      if (typeof value === "string" || typeof value === "number") clean[name] = value;
    }
    return { key, values: clean };
  } catch {
    return { key };
  }
}

/** The translator shape both `useTranslations("validation")` and `getTranslations` satisfy. */
export type ValidationTranslator = (key: ValidationKey, values?: ValidationValues) => string;

/**
 * Turns an issue message into user text. Messages that did not come from the encoder are
 * never shown raw (they may be internal English): they read as the generic "Invalid format".
 */
export function translateValidationMessage(
  t: ValidationTranslator,
  message: string | undefined,
): string {
  const decoded = decodeValidationMessage(message);
  if (!decoded) return t("format");
  return decoded.values ? t(decoded.key, decoded.values) : t(decoded.key);
}
