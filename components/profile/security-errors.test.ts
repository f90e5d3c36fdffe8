import { describe, expect, it } from "vitest";
import enProfile from "@/messages/en/profile.json";
import { linkErrorKey, securityErrorKey } from "./security-errors";

describe("securityErrorKey", () => {
  it("maps the service's codes to the security messages", () => {
    expect(securityErrorKey("mfa_verification_failed")).toBe("mfaCode");
    expect(securityErrorKey("insufficient_aal")).toBe("aalRequired");
    expect(securityErrorKey("single_identity_not_deletable")).toBe("singleIdentity");
    expect(securityErrorKey("identity_not_found")).toBe("identityNotFound");
    expect(securityErrorKey("email_exists")).toBe("addressTaken");
    expect(securityErrorKey("otp_expired")).toBe("codeInvalid");
    expect(securityErrorKey("over_email_send_rate_limit")).toBe("rateLimited");
  });

  it("says that Google is not set up when linking it fails for that reason", () => {
    // GoTrue's answer without Google: 400 validation_failed "Unsupported provider: …".
    expect(linkErrorKey("validation_failed")).toBe("providerDisabled");
    expect(linkErrorKey("provider_disabled")).toBe("providerDisabled");
    expect(linkErrorKey("manual_linking_disabled")).toBe("linkingDisabled");
    expect(linkErrorKey("identity_already_exists")).toBe("identityExists");
    expect(enProfile.security.errors.providerDisabled).toBe(
      "Google sign-in is not set up on this site.",
    );
  });

  it("falls back to the generic message", () => {
    expect(securityErrorKey(undefined)).toBe("failed");
    expect(securityErrorKey("something_new")).toBe("failed");
    expect(securityErrorKey("toString")).toBe("failed");
  });

  it("every key it can answer has an English message", () => {
    const codes = [
      "mfa_verification_failed",
      "mfa_challenge_expired",
      "insufficient_aal",
      "mfa_factor_name_conflict",
      "too_many_enrolled_mfa_factors",
      "single_identity_not_deletable",
      "identity_not_found",
      "identity_already_exists",
      "provider_disabled",
      "manual_linking_disabled",
      "otp_expired",
      "email_exists",
      "over_request_rate_limit",
      "validation_failed",
      "session_not_found",
      "unknown",
    ];
    for (const code of codes) {
      expect(enProfile.security.errors[securityErrorKey(code)]).toEqual(expect.any(String));
    }
  });
});
