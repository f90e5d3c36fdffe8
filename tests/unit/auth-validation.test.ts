import { describe, expect, it } from "vitest";
import { mergeMetadata } from "@/lib/auth/service/handlers/user";
import {
  assertStrongPassword,
  normalizeEmail,
  normalizePhone,
  passwordWeaknesses,
} from "@/lib/auth/service/validation";

describe("auth input rules", () => {
  it("lower-cases and trims emails, refusing non-addresses", () => {
    expect(normalizeEmail("  Ada@Example.COM ")).toBe("ada@example.com");
    for (const bad of ["", "ada", "ada@", "@example.com", "a b@example.com"]) {
      expect(() => normalizeEmail(bad)).toThrow("Unable to validate email address: invalid format");
    }
  });

  it("stores phones as E.164 digits without +", () => {
    expect(normalizePhone("+1 (555) 010-9999")).toBe("15550109999");
    expect(normalizePhone("34600111222")).toBe("34600111222");
    for (const bad of ["", "+0123456789", "12345", "+1234567890123456", "phone"]) {
      expect(() => normalizePhone(bad)).toThrow("Invalid phone number format (E.164 required)");
    }
  });

  it("refuses short and common passwords with their reasons", () => {
    expect(passwordWeaknesses("abc")).toEqual(["length"]);
    expect(passwordWeaknesses("Password123")).toEqual(["pwned"]);
    expect(passwordWeaknesses("correct horse battery staple")).toEqual([]);
    expect(() => assertStrongPassword("qwertyuiop")).toThrow(
      expect.objectContaining({
        status: 422,
        code: "weak_password",
        extra: { weak_password: { reasons: ["pwned"] } },
      }),
    );
    expect(() => assertStrongPassword("x".repeat(73))).toThrow(
      expect.objectContaining({ status: 422 }),
    );
  });

  it("takes the minimum length as a parameter (AUTH_PASSWORD_MIN_LENGTH), in GoTrue's words", () => {
    expect(passwordWeaknesses("plum-tree-4", 12)).toEqual(["length"]);
    expect(passwordWeaknesses("zq7!xw", 6)).toEqual([]);
    expect(() => assertStrongPassword("plum-tree-4", 12)).toThrow(
      "Password should be at least 12 characters.",
    );
  });

  it("merges user_metadata like GoTrue: keys replace, null removes", () => {
    expect(mergeMetadata({ a: 1, b: { c: 2 }, d: 3 }, { b: { e: 4 }, d: null, f: "x" })).toEqual({
      a: 1,
      b: { e: 4 },
      f: "x",
    });
  });
});
