import { describe, expect, it } from "vitest";
import {
  base32Decode,
  base32Encode,
  generateTotpSecret,
  hotp,
  matchTotpStep,
  otpauthUri,
  totpCode,
  totpStep,
} from "@/lib/auth/service/totp";

/** TOTP against RFC 4226 (HOTP) and RFC 6238 (TOTP) test vectors, base32, matching rules. */
const SHA1_SEED = Buffer.from("12345678901234567890");
const SHA256_SEED = Buffer.from("12345678901234567890123456789012");
const SHA512_SEED = Buffer.from("1234567890123456789012345678901234567890123456789012345678901234");

describe("HOTP (RFC 4226 appendix D)", () => {
  const expected = [
    "755224",
    "287082",
    "359152",
    "969429",
    "338314",
    "254676",
    "287922",
    "162583",
    "399871",
    "520489",
  ];
  it.each(expected.map((code, counter) => [counter, code]))("counter %i → %s", (counter, code) => {
    expect(hotp(SHA1_SEED, counter)).toBe(code);
  });
});

describe("TOTP (RFC 6238 appendix B, 8 digits)", () => {
  const vectors: [number, string, string, string][] = [
    [59, "94287082", "46119246", "90693936"],
    [1111111109, "07081804", "68084774", "25091201"],
    [1111111111, "14050471", "67062674", "99943326"],
    [1234567890, "89005924", "91819424", "93441116"],
    [2000000000, "69279037", "90698825", "38618901"],
    [20000000000, "65353130", "77737706", "47863826"],
  ];
  it.each(vectors)("time %i", (time, sha1, sha256, sha512) => {
    expect(totpCode(SHA1_SEED, time, 8, "sha1")).toBe(sha1);
    expect(totpCode(SHA256_SEED, time, 8, "sha256")).toBe(sha256);
    expect(totpCode(SHA512_SEED, time, 8, "sha512")).toBe(sha512);
  });
});

describe("base32", () => {
  it("encodes and decodes RFC 4648 vectors (without padding)", () => {
    const cases: [string, string][] = [
      ["", ""],
      ["f", "MY"],
      ["fo", "MZXQ"],
      ["foo", "MZXW6"],
      ["foob", "MZXW6YQ"],
      ["fooba", "MZXW6YTB"],
      ["foobar", "MZXW6YTBOI"],
    ];
    for (const [plain, encoded] of cases) {
      expect(base32Encode(Buffer.from(plain))).toBe(encoded);
      expect(base32Decode(encoded).toString()).toBe(plain);
    }
    expect(base32Decode("mzxw 6ytb oi======").toString()).toBe("foobar");
    expect(() => base32Decode("MZ1")).toThrow();
  });

  it("generates 160-bit secrets", () => {
    const secret = generateTotpSecret();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(base32Decode(secret)).toHaveLength(20);
    expect(generateTotpSecret()).not.toBe(secret);
  });
});

describe("matchTotpStep", () => {
  const secret = base32Encode(SHA1_SEED);
  const now = 1_700_000_000;
  const step = totpStep(now);
  const codeAt = (s: number) => hotp(SHA1_SEED, s);

  it("accepts the current step and one either side", () => {
    expect(matchTotpStep(secret, codeAt(step), now)).toBe(step);
    expect(matchTotpStep(secret, codeAt(step - 1), now)).toBe(step - 1);
    expect(matchTotpStep(secret, codeAt(step + 1), now)).toBe(step + 1);
  });

  it("refuses steps beyond the window, wrong codes and malformed input", () => {
    expect(matchTotpStep(secret, codeAt(step - 2), now)).toBeNull();
    expect(matchTotpStep(secret, codeAt(step + 2), now)).toBeNull();
    const wrong = ((Number(codeAt(step)) + 1) % 1_000_000).toString().padStart(6, "0");
    expect(matchTotpStep(secret, wrong, now)).toBeNull();
    expect(matchTotpStep(secret, "12345", now)).toBeNull();
    expect(matchTotpStep(secret, "abcdef", now)).toBeNull();
    expect(matchTotpStep(secret, `${codeAt(step)}0`, now)).toBeNull();
  });

  it("builds the otpauth URI", () => {
    expect(otpauthUri("ABC", "Live Market", "a@b.co")).toBe(
      "otpauth://totp/Live%20Market:a%40b.co?algorithm=SHA1&digits=6&issuer=Live%20Market&period=30&secret=ABC",
    );
  });
});
