import { describe, expect, it } from "vitest";
import { z } from "zod";
import {
  authErrorKey,
  CREDENTIALS_REQUIRED,
  credentialLimits,
  credentialsSchema,
  identifierSchema,
} from "@/lib/auth/client/credentials-schema";
import {
  assertStrongPassword,
  MIN_PASSWORD_LENGTH,
  normalizeEmail,
  normalizePhone,
  nullableRecord,
  nullableString,
  parseBody,
  passwordWeaknesses,
} from "@/lib/auth/service/validation";
import { parseWithValidation } from "@/lib/validation/parse";

/**
 * The sign-in forms' schema (lib/auth/client/credentials-schema.ts) and the auth service's
 * input rules (lib/auth/service/validation.ts) at their edges, beside auth-credentials and
 * auth-validation tests. Written against the mutants StrykerJS made of them
 * (docs/testing.md, "Mutation testing").
 */
function identifierErrors(identifier: string): string[] | undefined {
  const result = parseWithValidation(identifierSchema, { identifier });
  return result.success ? undefined : result.fieldErrors.identifier;
}

describe("the sign-in forms' identifier", () => {
  it("a phone number: an optional +, a digit, then 5 to 22 digits, spaces or ( ) . -", () => {
    for (const ok of [
      "123456",
      "+123456",
      "1 (23) 4.5-6",
      `1${"0".repeat(22)}`,
      `+1${"2".repeat(22)}`,
    ]) {
      expect(identifierErrors(ok), ok).toBeUndefined();
    }
    for (const bad of [
      "12345",
      "+12345",
      `1${"0".repeat(23)}`,
      "++123456",
      "(12) 3456",
      " -123456",
      "x1234567",
      "1234567x",
      "123_4567",
      "12345678/9",
    ]) {
      expect(identifierErrors(bad), bad).toEqual(["validation:format"]);
    }
  });

  it("anything with an @ is an email, checked as one", () => {
    expect(identifierErrors("1234567@")).toEqual(["validation:email"]);
    expect(identifierErrors("ann@example.test")).toBeUndefined();
  });

  it("a phone keeps only its digits behind one +; an email is lower-cased", () => {
    expect(identifierSchema.parse({ identifier: " 0 (600) 11.22-33 " })).toEqual({
      phone: "+0600112233",
    });
    expect(identifierSchema.parse({ identifier: "+1 555 0100" })).toEqual({ phone: "+15550100" });
    expect(
      credentialsSchema.parse({ identifier: " ANN@Example.Test ", password: " Pw 1 " }),
    ).toEqual({ email: "ann@example.test", password: " Pw 1 " });
    expect(credentialsSchema.parse({ identifier: "+1 555 0100", password: "pw" })).toEqual({
      phone: "+15550100",
      password: "pw",
    });
  });

  it("a missing identifier or password is one message on the identifier, nothing more", () => {
    expect(CREDENTIALS_REQUIRED).toBe("auth:credentialsRequired");
    for (const input of [
      { identifier: "ann@example.test", password: "" },
      { identifier: "", password: "pw" },
      { identifier: "x", password: "" },
    ]) {
      expect(parseWithValidation(credentialsSchema, input)).toEqual({
        success: false,
        fieldErrors: { identifier: [CREDENTIALS_REQUIRED] },
      });
    }
    expect(parseWithValidation(credentialsSchema, { identifier: "x", password: "pw" })).toEqual({
      success: false,
      fieldErrors: { identifier: ["validation:format"] },
    });
    expect(credentialLimits).toEqual({ identifier: 254, password: 72 });
  });

  it("maps every service error code to its catalogue key", () => {
    const keys: Record<string, string> = {
      invalid_credentials: "invalidCredentials",
      email_not_confirmed: "notConfirmed",
      phone_not_confirmed: "notConfirmed",
      user_already_exists: "userExists",
      email_exists: "userExists",
      phone_exists: "userExists",
      weak_password: "weakPassword",
      same_password: "samePassword",
      over_request_rate_limit: "rateLimited",
      over_email_send_rate_limit: "rateLimited",
      over_sms_send_rate_limit: "rateLimited",
      signup_disabled: "signupDisabled",
      email_provider_disabled: "signupDisabled",
      phone_provider_disabled: "signupDisabled",
      anonymous_provider_disabled: "anonymousDisabled",
      unexpected_failure: "failed",
      "": "failed",
    };
    for (const [code, key] of Object.entries(keys)) expect(authErrorKey(code), code).toBe(key);
    expect(authErrorKey(undefined)).toBe("failed");
  });
});

describe("the auth service's input rules", () => {
  it("an email of up to 255 characters", () => {
    const at = (n: number) => `${"a".repeat(64)}@${"b".repeat(n - 64 - 1 - ".test".length)}.test`;
    expect(normalizeEmail(at(255))).toHaveLength(255);
    expect(() => normalizeEmail(at(256))).toThrow(
      expect.objectContaining({ status: 400, code: "validation_failed" }),
    );
  });

  it("a phone: E.164 digits (7 to 15, no leading 0) once separators and + are gone", () => {
    expect(normalizePhone(" +1 (555) 010.99-99 ")).toBe("15550109999");
    expect(normalizePhone("1234567")).toBe("1234567");
    expect(normalizePhone(`9${"1".repeat(14)}`)).toBe(`9${"1".repeat(14)}`);
    for (const bad of [
      "123456",
      `9${"1".repeat(15)}`,
      "0123456789",
      "++15550100",
      "1555x0100",
      "1555 0100+",
    ]) {
      expect(() => normalizePhone(bad), bad).toThrow(
        expect.objectContaining({
          status: 400,
          code: "validation_failed",
          message: "Invalid phone number format (E.164 required)",
        }),
      );
    }
  });

  it("password length counts characters, not UTF-16 units; 8 is enough by default", () => {
    expect(MIN_PASSWORD_LENGTH).toBe(8);
    expect(passwordWeaknesses("plumtree")).toEqual([]);
    expect(passwordWeaknesses("plumtre")).toEqual(["length"]);
    expect(passwordWeaknesses("🍑🍑🍑🍑🍑🍑🍑")).toEqual(["length"]);
    expect(passwordWeaknesses("PASSWORD")).toEqual(["pwned"]);
    expect(passwordWeaknesses("passw0r")).toEqual(["length"]);
  });

  it("a password of 72 bytes passes, 73 are refused; a short one names its length", () => {
    expect(() => assertStrongPassword("plum-tree-4-".repeat(6))).not.toThrow();
    expect(() => assertStrongPassword("é".repeat(36))).not.toThrow();
    expect(() => assertStrongPassword(`${"é".repeat(36)}x`)).toThrow(
      expect.objectContaining({
        status: 422,
        code: "validation_failed",
        message: "Password cannot be longer than 72 characters",
      }),
    );
    expect(() => assertStrongPassword("plum")).toThrow(
      expect.objectContaining({
        status: 422,
        code: "weak_password",
        message: "Password should be at least 8 characters.",
        extra: { weak_password: { reasons: ["length"] } },
      }),
    );
    expect(() => assertStrongPassword("password")).toThrow(
      expect.objectContaining({
        message: "Password is known to be weak and easy to guess, please choose a different one.",
        extra: { weak_password: { reasons: ["pwned"] } },
      }),
    );
  });

  it("lenient optional fields: null and absent are undefined, other types refused", () => {
    expect(nullableString.parse(null)).toBeUndefined();
    expect(nullableString.parse(undefined)).toBeUndefined();
    expect(nullableString.parse("")).toBe("");
    expect(nullableString.parse("x")).toBe("x");
    expect(nullableString.safeParse(1).success).toBe(false);
    expect(nullableRecord.parse(null)).toBeUndefined();
    expect(nullableRecord.parse({ a: 1 })).toEqual({ a: 1 });
    expect(nullableRecord.safeParse("x").success).toBe(false);
  });

  it("a body of the wrong shape names its first wrong field, or the body itself", () => {
    const schema = z.object({ a: z.object({ b: z.string() }), c: z.number().optional() });
    expect(parseBody(schema, { a: { b: "x" }, extra: 1 })).toEqual({ a: { b: "x" } });
    expect(() => parseBody(schema, { a: { b: 1 } })).toThrow(
      expect.objectContaining({
        status: 400,
        code: "bad_json",
        message: "Could not read the request body: field a.b has the wrong type",
      }),
    );
    expect(() => parseBody(schema, "text")).toThrow(
      "Could not read the request body: field body has the wrong type",
    );
  });
});
