import { describe, expect, it } from "vitest";
import { z } from "zod";
import en from "@/messages/en/validation.json";
import es from "@/messages/es/validation.json";
import {
  decodeValidationMessage,
  encodeValidationMessage,
  translateValidationMessage,
  type ValidationKey,
  type ValidationValues,
} from "@/lib/validation/messages";
import { parseWithValidation } from "@/lib/validation/parse";

/** A tiny translator over a catalogue, formatting {name} placeholders like ICU does. */
function translator(catalogue: Record<ValidationKey, string>) {
  return (key: ValidationKey, values?: ValidationValues) =>
    catalogue[key].replace(/\{(\w+)\}/g, (_, name: string) => String(values?.[name] ?? ""));
}

const schema = z.object({
  name: z.string().trim().min(1).max(10),
  email: z.string().trim().min(1).max(254).pipe(z.email()),
  code: z.string().regex(/^[A-Z]{3}$/),
  bio: z.string().trim().min(5).max(20),
});

const valid = { name: "Ana", email: "ana@example.com", code: "ABC", bio: "Hello there" };

describe("spec §5 catalogue", () => {
  it("has the exact English texts", () => {
    expect(en).toEqual({
      required: "This field is required",
      email: "Please enter a valid email",
      maxLength: "You must enter a maximum of {0} characters",
      minLength: "You must enter a minimum of {0} characters",
      format: "Invalid format",
    });
  });
  it("has a Spanish text for every key, with the same placeholders", () => {
    expect(Object.keys(es).sort()).toEqual(Object.keys(en).sort());
    for (const key of Object.keys(en) as ValidationKey[]) {
      expect(es[key]).not.toBe("");
      expect(es[key].includes("{0}")).toBe(en[key].includes("{0}"));
    }
  });
});

describe("encoding", () => {
  it("round-trips keys and values", () => {
    expect(decodeValidationMessage(encodeValidationMessage("required"))).toEqual({
      key: "required",
    });
    expect(decodeValidationMessage(encodeValidationMessage("maxLength", { 0: 5 }))).toEqual({
      key: "maxLength",
      values: { 0: 5 },
    });
  });
  it("rejects foreign text and unknown keys", () => {
    expect(decodeValidationMessage("Too small")).toBeNull();
    expect(decodeValidationMessage("validation:nope")).toBeNull();
    expect(decodeValidationMessage(undefined)).toBeNull();
  });
  it("never shows a raw message", () => {
    expect(translateValidationMessage(translator(en), "Expected string")).toBe("Invalid format");
  });
});

describe("parseWithValidation", () => {
  const t = translator(en);
  const first = (input: unknown, field: string) => {
    const result = parseWithValidation(schema, input);
    if (result.success) throw new Error("expected failure");
    return translateValidationMessage(t, result.fieldErrors[field]?.[0]);
  };

  it("accepts valid input and returns the parsed data", () => {
    const result = parseWithValidation(schema, { ...valid, name: "  Ana  " });
    expect(result).toEqual({ success: true, data: { ...valid, name: "Ana" } });
  });
  it("says required for missing, empty and blank values", () => {
    expect(first({ ...valid, name: undefined }, "name")).toBe("This field is required");
    expect(first({ ...valid, name: "" }, "name")).toBe("This field is required");
    expect(first({ ...valid, name: "   " }, "name")).toBe("This field is required");
    expect(first({ ...valid, email: "" }, "email")).toBe("This field is required");
  });
  it("says maximum and minimum with the limit", () => {
    expect(first({ ...valid, name: "x".repeat(11) }, "name")).toBe(
      "You must enter a maximum of 10 characters",
    );
    expect(first({ ...valid, bio: "abc" }, "bio")).toBe("You must enter a minimum of 5 characters");
  });
  it("says valid email and invalid format", () => {
    expect(first({ ...valid, email: "not-an-email" }, "email")).toBe("Please enter a valid email");
    expect(first({ ...valid, code: "abc" }, "code")).toBe("Invalid format");
    expect(first({ ...valid, name: 42 }, "name")).toBe("Invalid format");
  });
  it("translates to Spanish with the same keys", () => {
    const result = parseWithValidation(schema, { ...valid, name: "x".repeat(11) });
    if (result.success) throw new Error("expected failure");
    expect(translateValidationMessage(translator(es), result.fieldErrors.name?.[0])).toBe(
      "Debes introducir un máximo de 10 caracteres",
    );
  });
});
