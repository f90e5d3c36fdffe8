import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { parseGoDuration } from "@/lib/auth/service/admin-bearer";
import { AuthError } from "@/lib/auth/service/errors";
import { decodeBase58, encodeBase58 } from "@/lib/auth/service/base58";
import { parseSiwsMessage, signatureCandidates } from "@/lib/auth/service/siws";

const ADDRESS = encodeBase58(new Uint8Array(32).fill(7));

function message(lines: string[]): string {
  return [`app.example wants you to sign in with your Solana account:`, ADDRESS, ...lines].join(
    "\n",
  );
}

function parseError(text: string): string {
  try {
    parseSiwsMessage(text);
  } catch (error) {
    if (error instanceof AuthError) return error.message;
    throw error;
  }
  throw new Error("parsed");
}

describe("base58", () => {
  it("round-trips bytes, leading zeros included", () => {
    for (const bytes of [randomBytes(32), randomBytes(64), Buffer.from([0, 0, 1, 2])]) {
      const text = encodeBase58(new Uint8Array(bytes));
      expect(Buffer.from(decodeBase58(text) ?? [])).toEqual(bytes);
    }
    expect(encodeBase58(Uint8Array.from([0, 0, 1]))).toBe("112");
  });

  it("refuses characters outside the alphabet", () => {
    expect(decodeBase58("0OIl")).toBeUndefined();
    expect(decodeBase58("")).toBeUndefined();
  });
});

describe("signatureCandidates", () => {
  it("reads base64url, base64 with padding, and base58", () => {
    const signature = randomBytes(64);
    for (const text of [
      signature.toString("base64url"),
      signature.toString("base64"),
      encodeBase58(new Uint8Array(signature)),
    ]) {
      const candidates = signatureCandidates(text).map((c) => Buffer.from(c));
      expect(candidates).toContainEqual(signature);
    }
    expect(signatureCandidates(randomBytes(32).toString("base64"))).toEqual([]);
  });
});

describe("parseSiwsMessage", () => {
  it("parses auth-js's layout with statement, optional fields and Resources", () => {
    const parsed = parseSiwsMessage(
      message([
        "",
        "Sign in please",
        "",
        "Version: 1",
        "URI: https://app.example/login",
        "Issued At: 2026-01-02T03:04:05.000Z",
        "Not Before: 2026-01-02T03:04:00.000Z",
        "Expiration Time: 2026-01-02T03:14:05.000Z",
        "Chain ID: mainnet",
        "Nonce: abc123",
        "Request ID: r-1",
        "Resources",
        "- https://app.example/terms",
        "- ipfs://data",
      ]),
    );
    expect(parsed).toMatchObject({
      domain: "app.example",
      address: ADDRESS,
      statement: "Sign in please",
      version: "1",
      chainId: "mainnet",
      nonce: "abc123",
      requestId: "r-1",
      resources: ["https://app.example/terms", "ipfs://data"],
    });
    expect(parsed.uri.href).toBe("https://app.example/login");
    expect(parsed.issuedAt.toISOString()).toBe("2026-01-02T03:04:05.000Z");
    expect(parsed.notBefore?.toISOString()).toBe("2026-01-02T03:04:00.000Z");
    expect(parsed.expirationTime?.toISOString()).toBe("2026-01-02T03:14:05.000Z");
    expect(parsed.publicKey).toHaveLength(32);
  });

  it("parses the Wallet Standard order without a statement, header without colon", () => {
    const text = [
      "app.example wants you to sign in with your Solana account",
      ADDRESS,
      "",
      "URI: https://app.example/",
      "Version: 1",
      "Issued At: 2026-01-02T03:04:05Z",
      "Resources:",
      "- https://app.example/a",
    ].join("\n");
    const parsed = parseSiwsMessage(text);
    expect(parsed.statement).toBeUndefined();
    expect(parsed.resources).toEqual(["https://app.example/a"]);
  });

  it("refuses malformed messages with a reason", () => {
    const base = ["", "Version: 1", "URI: https://app.example/", "Issued At: 2026-01-02T03:04:05Z"];
    expect(parseError(base.join("\n"))).toBe("message does not begin with a SIWS header");
    expect(
      parseError(message(["", "URI: https://app.example/", "Issued At: 2026-01-02T03:04:05Z"])),
    ).toBe("message must have Version: 1");
    expect(parseError(message(["", "Version: 1", "Issued At: 2026-01-02T03:04:05Z"]))).toBe(
      "message must have a valid URI",
    );
    expect(parseError(message(["", "Version: 1", "URI: https://app.example/"]))).toBe(
      "message must have an Issued At",
    );
    expect(parseError(message([...base, "Issued At: yesterday"]))).toBe(
      "message repeats the field Issued At",
    );
    expect(
      parseError(message(["", "Version: 1", "URI: https://a.example/", "Issued At: soon"])),
    ).toBe("Issued At is not a valid ISO 8601 timestamp");
    expect(parseError(message([...base, "Color: blue"]))).toBe(
      "message has an unknown line: Color: blue",
    );
    expect(
      parseError(
        [
          "app.example wants you to sign in with your Solana account:",
          "not-base58-0OIl",
          ...base,
        ].join("\n"),
      ),
    ).toBe("message has an address that is not a base58 ed25519 public key");
  });
});

describe("parseGoDuration", () => {
  it("reads Go durations as GoTrue's ban_duration does", () => {
    expect(parseGoDuration("24h")).toBe(86_400_000);
    expect(parseGoDuration("1h30m")).toBe(5_400_000);
    expect(parseGoDuration("1.5s")).toBe(1500);
    expect(parseGoDuration("250ms")).toBe(250);
    expect(parseGoDuration("forever")).toBeUndefined();
    expect(parseGoDuration("10")).toBeUndefined();
  });
});
