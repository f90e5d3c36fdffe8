import { describe, expect, it } from "vitest";
import { exchangeErrorKey, hashToQuery, readCallback } from "@/app/(auth)/callback/callback-params";
import { resetPasswordSchema } from "@/components/auth/recovery-schemas";

describe("readCallback", () => {
  it("aborts on an error in the URL", () => {
    expect(
      readCallback({ error: "access_denied", error_code: "otp_expired", error_description: "x" }),
    ).toEqual({ kind: "error", key: "linkExpired", code: "otp_expired" });
    expect(readCallback({ error: "access_denied", code: "abc" })).toEqual({
      kind: "error",
      key: "denied",
      code: "access_denied",
    });
    expect(readCallback({ error_description: "odd" })).toMatchObject({ key: "failed" });
  });

  it("takes a PKCE code", () => {
    expect(readCallback({ code: "abc", next: "/x" })).toEqual({ kind: "code", code: "abc" });
    expect(readCallback({ code: ["first", "second"] })).toEqual({ kind: "code", code: "first" });
  });

  it("needs access_token, refresh_token and expires_at for a session", () => {
    expect(readCallback({ access_token: "a", refresh_token: "r", expires_at: "1" })).toEqual({
      kind: "session",
      accessToken: "a",
      refreshToken: "r",
    });
    expect(readCallback({ access_token: "a", refresh_token: "r" })).toMatchObject({
      kind: "error",
      key: "noSession",
    });
  });

  it("reads the message of a half-confirmed secure email change", () => {
    const message =
      "Confirmation link accepted. Please proceed to confirm link sent to the other email";
    expect(readCallback({ message, next: "/profile/update" })).toEqual({ kind: "message" });
    expect(readCallback({ message, code: "abc" })).toEqual({ kind: "code", code: "abc" });
  });

  it("reports nothing to do without parameters", () => {
    expect(readCallback({})).toEqual({ kind: "none" });
    expect(readCallback({ next: "/profile" })).toEqual({ kind: "none" });
  });
});

describe("hashToQuery", () => {
  it("merges the fragment into the query, the fragment winning", () => {
    expect(hashToQuery("?next=%2Fp&type=a", "#access_token=t&type=b")).toBe(
      "next=%2Fp&type=b&access_token=t",
    );
  });
  it("is null for an empty fragment", () => {
    expect(hashToQuery("?next=%2Fp", "")).toBeNull();
    expect(hashToQuery("", "#")).toBeNull();
  });
});

describe("exchangeErrorKey", () => {
  it("maps the service's codes", () => {
    expect(exchangeErrorKey("pkce_code_verifier_not_found")).toBe("otherBrowser");
    expect(exchangeErrorKey("flow_state_expired")).toBe("linkExpired");
    expect(exchangeErrorKey("bad_code_verifier")).toBe("linkExpired");
    expect(exchangeErrorKey("invalid_jwt")).toBe("invalidJwt");
    expect(exchangeErrorKey(undefined)).toBe("failed");
  });
});

describe("resetPasswordSchema", () => {
  it("needs the same password twice", () => {
    expect(
      resetPasswordSchema.safeParse({ password: "abcdefgh", confirm: "abcdefgh" }).success,
    ).toBe(true);
    const mismatch = resetPasswordSchema.safeParse({ password: "abcdefgh", confirm: "abcdefgx" });
    expect(mismatch.success).toBe(false);
    expect(mismatch.error?.issues[0]?.path).toEqual(["confirm"]);
  });
});
