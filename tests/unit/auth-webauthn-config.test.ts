import { afterEach, describe, expect, it } from "vitest";
import { AuthError } from "@/lib/auth/service/errors";
import {
  relyingParty,
  rpIdCoversOrigin,
  webAuthnSettings,
  type WebAuthnSettings,
} from "@/lib/auth/service/webauthn-config";
import { resetEnvForTests } from "@/lib/env";

/** Who the WebAuthn relying party is, for which page origins (lib/auth/service/webauthn-config). */
const settings = (overrides: Partial<WebAuthnSettings> = {}): WebAuthnSettings => ({
  passkeys: true,
  mfa: true,
  rpId: null,
  rpName: "Live Market",
  siteOrigin: "https://market.example",
  origins: ["https://market.example", "https://www.market.example", "http://localhost:3000"],
  ...overrides,
});

function refusal(run: () => unknown): { status: number; code: string } {
  try {
    run();
  } catch (error) {
    if (error instanceof AuthError) return { status: error.status, code: error.code };
    throw error;
  }
  throw new Error("expected a refusal");
}

afterEach(() => {
  delete process.env.AUTH_WEBAUTHN_ORIGINS;
  delete process.env.AUTH_WEBAUTHN_RP_ID;
  delete process.env.SITE_URL;
  resetEnvForTests();
});

describe("rpIdCoversOrigin", () => {
  it("accepts the host itself and its subdomains, nothing else", () => {
    expect(rpIdCoversOrigin("market.example", "https://market.example")).toBe(true);
    expect(rpIdCoversOrigin("market.example", "https://www.market.example:8443")).toBe(true);
    expect(rpIdCoversOrigin("market.example", "https://evilmarket.example")).toBe(false);
    expect(rpIdCoversOrigin("market.example", "https://market.example.evil.test")).toBe(false);
    expect(rpIdCoversOrigin("www.market.example", "https://market.example")).toBe(false);
  });
});

describe("relyingParty", () => {
  it("without Origin: the site's host, every allowed origin", () => {
    expect(relyingParty(settings(), null)).toEqual({
      rpId: "market.example",
      // localhost is not under market.example: a page there cannot answer this ceremony.
      origins: ["https://market.example", "https://www.market.example"],
    });
  });

  it("with an allowed Origin: that origin alone, its host as relying party id", () => {
    expect(relyingParty(settings(), "http://localhost:3000")).toEqual({
      rpId: "localhost",
      origins: ["http://localhost:3000"],
    });
    expect(relyingParty(settings(), "https://www.market.example")).toEqual({
      rpId: "www.market.example",
      origins: ["https://www.market.example"],
    });
  });

  it("with a fixed relying party id: that id for the origins it covers", () => {
    const fixed = settings({ rpId: "market.example" });
    expect(relyingParty(fixed, "https://www.market.example")).toEqual({
      rpId: "market.example",
      origins: ["https://www.market.example"],
    });
    expect(refusal(() => relyingParty(fixed, "http://localhost:3000"))).toEqual({
      status: 400,
      code: "validation_failed",
    });
  });

  it("refuses an origin that is not allowed, and IP addresses", () => {
    expect(refusal(() => relyingParty(settings(), "https://evil.example"))).toEqual({
      status: 400,
      code: "validation_failed",
    });
    expect(refusal(() => relyingParty(settings(), "null"))).toEqual({
      status: 400,
      code: "validation_failed",
    });
    const ip = settings({
      siteOrigin: "http://127.0.0.1:3000",
      origins: ["http://127.0.0.1:3000"],
    });
    expect(refusal(() => relyingParty(ip, null))).toEqual({
      status: 400,
      code: "validation_failed",
    });
    expect(refusal(() => relyingParty(ip, "http://127.0.0.1:3000"))).toEqual({
      status: 400,
      code: "validation_failed",
    });
    const v6 = settings({ siteOrigin: "http://[::1]:3000", origins: ["http://[::1]:3000"] });
    expect(refusal(() => relyingParty(v6, null))).toEqual({
      status: 400,
      code: "validation_failed",
    });
  });
});

describe("webAuthnSettings", () => {
  it("reads SITE_URL, AUTH_WEBAUTHN_ORIGINS (normalised origins) and AUTH_WEBAUTHN_RP_ID", () => {
    process.env.SITE_URL = "https://market.example/shop";
    process.env.AUTH_WEBAUTHN_ORIGINS =
      " https://www.market.example/path , https://market.example ";
    process.env.AUTH_WEBAUTHN_RP_ID = "Market.Example";
    resetEnvForTests();
    expect(webAuthnSettings()).toMatchObject({
      passkeys: true,
      mfa: true,
      rpId: "market.example",
      rpName: "Live Market",
      siteOrigin: "https://market.example",
      origins: ["https://market.example", "https://www.market.example"],
    });
  });

  it("refuses an entry that is not an http(s) URL", () => {
    process.env.AUTH_WEBAUTHN_ORIGINS = "market.example";
    resetEnvForTests();
    expect(() => webAuthnSettings()).toThrow(/AUTH_WEBAUTHN_ORIGINS/);
    process.env.AUTH_WEBAUTHN_ORIGINS = "ftp://market.example";
    resetEnvForTests();
    expect(() => webAuthnSettings()).toThrow(/AUTH_WEBAUTHN_ORIGINS/);
  });
});
