import { describe, expect, it } from "vitest";
import {
  exchangeErrorKey,
  readCallback,
  readHash,
} from "@/app/[locale]/(auth)/callback/callback-params";
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

  it("never takes a session from the query: tokens are refused, even beside a code", () => {
    const refused = { kind: "error", key: "notStartedHere", code: null };
    expect(readCallback({ access_token: "a", refresh_token: "r", expires_at: "1" })).toEqual(
      refused,
    );
    expect(readCallback({ access_token: "a", type: "invite" })).toEqual(refused);
    expect(readCallback({ refresh_token: "r" })).toEqual(refused);
    expect(readCallback({ code: "abc", access_token: "a" })).toEqual(refused);
    expect(readCallback({ provider_token: "p" })).toEqual(refused);
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

describe("readHash", () => {
  it("moves errors and messages into the query, the fragment winning", () => {
    expect(readHash("?next=%2Fp&error=a", "#error=access_denied&error_code=otp_expired")).toEqual({
      kind: "reload",
      query: "next=%2Fp&error=access_denied&error_code=otp_expired",
    });
    expect(readHash("?next=%2Fp", "#message=Confirmation+link+accepted")).toEqual({
      kind: "reload",
      query: "next=%2Fp&message=Confirmation+link+accepted",
    });
  });

  it("refuses tokens that are not an invitation's, and never puts them in a URL", () => {
    for (const hash of [
      "#access_token=t&refresh_token=r&expires_at=1&token_type=bearer&type=magiclink",
      "#access_token=t&refresh_token=r&expires_in=3600&token_type=bearer",
      "#access_token=t&token_type=bearer",
      "#refresh_token=r&type=invite",
      "#access_token=t&type=invite",
      "#provider_token=p&access_token=t&refresh_token=r&type=signup",
    ]) {
      expect(readHash("?next=%2Fprofile", hash)).toEqual({ kind: "refuse" });
    }
  });

  it("hands an invitation's tokens to the invitation form", () => {
    expect(
      readHash("?next=%2F", "#access_token=t&refresh_token=r&expires_in=3600&type=invite"),
    ).toEqual({ kind: "invite", accessToken: "t", refreshToken: "r" });
  });

  it("has nothing to do without a fragment", () => {
    expect(readHash("?next=%2Fp", "")).toEqual({ kind: "none" });
    expect(readHash("", "#")).toEqual({ kind: "none" });
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
