import { describe, expect, it } from "vitest";
import { needsAal2, readEmailChangeReturn } from "@/app/[locale]/profile/update/assurance";

describe("needsAal2", () => {
  it("asks for the TOTP step when a verified factor exists and the session is below aal2", () => {
    expect(needsAal2("aal1", [{ status: "verified" }])).toBe(true);
    expect(needsAal2(undefined, [{ status: "unverified" }, { status: "verified" }])).toBe(true);
  });

  it("does not when the session is aal2 or no factor is verified", () => {
    expect(needsAal2("aal2", [{ status: "verified" }])).toBe(false);
    expect(needsAal2("aal1", [{ status: "unverified" }])).toBe(false);
    expect(needsAal2("aal1", [])).toBe(false);
  });
});

describe("readEmailChangeReturn", () => {
  it("reads where an email-change link landed", () => {
    expect(readEmailChangeReturn({})).toBeNull();
    expect(readEmailChangeReturn({ message: "x" })).toBeNull();
    expect(
      readEmailChangeReturn({ email_change: "1", message: "Confirmation link accepted" }),
    ).toBe("confirmedOne");
    expect(readEmailChangeReturn({ email_change: "1", code: "abc" })).toBe("done");
    expect(
      readEmailChangeReturn({
        email_change: "1",
        error: "access_denied",
        error_code: "otp_expired",
      }),
    ).toBe("failed");
  });
});
