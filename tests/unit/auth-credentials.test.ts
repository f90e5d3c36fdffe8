import { describe, expect, it } from "vitest";
import {
  authCookieOptions,
  authServiceUrl,
  sessionCookieName,
} from "@/lib/auth/client/auth-options";
import {
  authErrorKey,
  CREDENTIALS_REQUIRED,
  credentialsSchema,
} from "@/lib/auth/client/credentials-schema";
import { parseWithValidation } from "@/lib/validation/parse";

describe("credentials schema", () => {
  it.each([
    [{ identifier: "", password: "secret-pass" }],
    [{ identifier: "a@b.example", password: "" }],
    [{ identifier: "   ", password: "" }],
  ])("asks for an email or phone and a password: %j", (input) => {
    const result = parseWithValidation(credentialsSchema, input);
    expect(result).toEqual({
      success: false,
      fieldErrors: { identifier: [CREDENTIALS_REQUIRED] },
    });
  });

  it("names the channel: email lower-cased, phone as E.164", () => {
    expect(
      parseWithValidation(credentialsSchema, { identifier: " Ana@Example.COM ", password: "pw" }),
    ).toEqual({ success: true, data: { email: "ana@example.com", password: "pw" } });
    expect(
      parseWithValidation(credentialsSchema, { identifier: "+34 600 11 22 33", password: "pw" }),
    ).toEqual({ success: true, data: { phone: "+34600112233", password: "pw" } });
  });

  it("rejects a malformed email or phone with the spec messages", () => {
    const email = parseWithValidation(credentialsSchema, { identifier: "a@", password: "pw" });
    expect(email.success ? null : email.fieldErrors.identifier).toEqual(["validation:email"]);
    const phone = parseWithValidation(credentialsSchema, { identifier: "call me", password: "pw" });
    expect(phone.success ? null : phone.fieldErrors.identifier).toEqual(["validation:format"]);
  });

  it("maps service error codes to catalogue keys", () => {
    expect(authErrorKey("invalid_credentials")).toBe("invalidCredentials");
    expect(authErrorKey("weak_password")).toBe("weakPassword");
    expect(authErrorKey("user_already_exists")).toBe("userExists");
    expect(authErrorKey("over_request_rate_limit")).toBe("rateLimited");
    expect(authErrorKey(undefined)).toBe("failed");
  });
});

describe("session cookie options", () => {
  it("uses the first label of the host and @supabase/ssr's settings", () => {
    const url = authServiceUrl("https://market.example.com/some/path");
    expect(url).toBe("https://market.example.com/auth/v1");
    expect(sessionCookieName(url)).toBe("sb-market-auth-token");
    expect(authCookieOptions(url)).toEqual({
      name: "sb-market-auth-token",
      path: "/",
      sameSite: "lax",
      maxAge: 400 * 24 * 60 * 60,
      secure: true,
    });
  });

  it("is not secure on localhost", () => {
    expect(authCookieOptions("http://localhost:3000/auth/v1").secure).toBe(false);
    expect(authCookieOptions("http://127.0.0.1:3330/auth/v1")).toMatchObject({
      name: "sb-127-auth-token",
      secure: false,
    });
  });
});
