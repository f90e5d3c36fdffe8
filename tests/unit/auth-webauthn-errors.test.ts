import { describe, expect, it } from "vitest";
import { webauthnErrorKey } from "@/components/auth/webauthn-errors";

/** The message shown for a failed WebAuthn step (components/auth/webauthn-errors.ts). */
describe("webauthnErrorKey", () => {
  it("maps the auth service's codes", () => {
    expect(webauthnErrorKey({ code: "webauthn_verification_failed" })).toBe("notRecognised");
    expect(webauthnErrorKey({ code: "webauthn_challenge_expired" })).toBe("expired");
    expect(webauthnErrorKey({ code: "webauthn_challenge_not_found" })).toBe("expired");
    expect(webauthnErrorKey({ code: "webauthn_credential_exists" })).toBe("alreadyRegistered");
    expect(webauthnErrorKey({ code: "too_many_passkeys" })).toBe("tooMany");
    expect(webauthnErrorKey({ code: "passkey_disabled" })).toBe("disabled");
    expect(webauthnErrorKey({ code: "mfa_verification_failed" })).toBe("verificationFailed");
    expect(webauthnErrorKey({ code: "insufficient_aal" })).toBe("aalRequired");
    expect(webauthnErrorKey({ code: "validation_failed" })).toBe("wrongSite");
  });

  it("maps auth-js WebAuthnError codes and the browser's DOMException names", () => {
    expect(webauthnErrorKey({ name: "WebAuthnError", code: "ERROR_CEREMONY_ABORTED" })).toBe(
      "cancelled",
    );
    expect(
      webauthnErrorKey({
        name: "WebAuthnError",
        code: "ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED",
      }),
    ).toBe("alreadyRegistered");
    expect(webauthnErrorKey({ code: "ERROR_INVALID_DOMAIN" })).toBe("wrongSite");
    expect(webauthnErrorKey(new DOMException("no", "NotAllowedError"))).toBe("cancelled");
    expect(webauthnErrorKey(new DOMException("no", "SecurityError"))).toBe("wrongSite");
    expect(webauthnErrorKey({ name: "AuthSessionMissingError" })).toBe("sessionEnded");
    expect(webauthnErrorKey({ message: "Browser does not support WebAuthn" })).toBe("unsupported");
    expect(
      webauthnErrorKey({
        code: "ERROR_PASSTHROUGH_SEE_CAUSE_PROPERTY",
        cause: new DOMException("x", "InvalidStateError"),
      }),
    ).toBe("alreadyRegistered");
  });

  it("falls back to failed", () => {
    expect(webauthnErrorKey(null)).toBe("failed");
    expect(webauthnErrorKey({ code: "something_new" })).toBe("failed");
    expect(webauthnErrorKey("boom")).toBe("failed");
  });
});
