import { readFile } from "node:fs/promises";
import { describe, expect, it } from "vitest";
import { hashesAtOnce, hashPassword, verifyPassword } from "@/lib/auth/service/passwords";

/**
 * Hashes stored before the move to the native library: made by bcryptjs 3.0.3 (cost 10),
 * which wrote `$2b$`; the `$2a$` ones were made from a `$2a$` salt, as Supabase Auth stores.
 */
const BCRYPTJS_HASHES = [
  ["correct horse battery", "$2b$10$H3slk9X1ioLQUWJJmIHu5evPM78o5iLKBXpjXOj6iU9MvrvrTOk/C"],
  ["correct horse battery", "$2a$10$w0A37ZvXTtI06ByrVJJxauUMw8z7h12aBlMXmp.tcPywWRBGwgi0C"],
  ["pässwörd-ünicode ✓", "$2b$10$x65VVmWeG/teRF.FWaVYUenstU/jK6Za/f8hAcwzlZ1wDE.UZ6VtS"],
  ["pässwörd-ünicode ✓", "$2a$10$Srworq6.1VhA9YR7EgJWYusCbOppPYDheySzEsltgLMKiRiw3oWoy"],
  ["x".repeat(72), "$2b$10$wk//N0xKIbOC7dFqNcq/SOAHC5IoethIaIGvoayfB8A3x6B5HKaF."],
  ["x".repeat(72), "$2a$10$nLlEKaAAGblrxIbCtm6OruKDtaMGFtr3fjKoe9hGhvuvKukTfh.GC"],
  ["s3cret!", "$2b$04$A0bfbcAdW3tFWGtT4xUR.e1gXY07TKqIlmAiTQ3001ArUmmSxqRSm"],
] as const;

/** golang.org/x/crypto/bcrypt's own test vector (TestBcryptingIsCorrect): what GoTrue writes. */
const GO_BCRYPT_HASH = ["allmine", "$2a$10$XajjQvNhvvRt5GSeFk1xFeyqRrsxkhBkUiQeg0dt.wU1qD4aFDcga"];

/** Ten cost-10 checks take 0.3 s on an idle 2-core machine, many times that on a busy one. */
const BURST_TIMEOUT_MS = 60_000;

/** How many times the event loop turns (setImmediate) until `work` settles. */
async function loopTurnsDuring<T>(work: () => Promise<T>): Promise<{ turns: number; result: T }> {
  let turns = 0;
  let running = true;
  const spin = () => {
    turns++;
    if (running) setImmediate(spin);
  };
  setImmediate(spin);
  try {
    const result = await work();
    return { turns, result };
  } finally {
    running = false;
  }
}

describe("auth service passwords", () => {
  it("hashes with bcrypt at cost 10 in GoTrue's $2a$ format, salted, and verifies only the right password", async () => {
    const hash = await hashPassword("correct horse");
    expect(hash).toMatch(/^\$2a\$10\$[./A-Za-z0-9]{53}$/);
    expect(await hashPassword("correct horse")).not.toBe(hash);
    expect(await verifyPassword("correct horse", hash)).toBe(true);
    expect(await verifyPassword("correct horsf", hash)).toBe(false);
    expect(await verifyPassword("", hash)).toBe(false);
  });

  it.each(BCRYPTJS_HASHES)("verifies %j against a hash bcryptjs stored (%s)", async (pw, hash) => {
    expect(await verifyPassword(pw, hash)).toBe(true);
    expect(await verifyPassword(pw.slice(0, -1), hash)).toBe(false);
    expect(await verifyPassword(pw.toUpperCase(), hash)).toBe(false);
  });

  it("verifies a hash written by GoTrue's bcrypt (golang.org/x/crypto)", async () => {
    const [pw, hash] = GO_BCRYPT_HASH as [string, string];
    expect(await verifyPassword(pw, hash)).toBe(true);
    expect(await verifyPassword("allmin", hash)).toBe(false);
  });

  it("compares the first 72 bytes only, as bcryptjs and GoTrue do", async () => {
    const hash = "$2b$10$wk//N0xKIbOC7dFqNcq/SOAHC5IoethIaIGvoayfB8A3x6B5HKaF."; // "x" × 72
    expect(await verifyPassword("x".repeat(80), hash)).toBe(true);
    expect(await verifyPassword("x".repeat(71), hash)).toBe(false);
  });

  it.each([null, undefined, ""])(
    "refuses any password when there is no hash (%j)",
    async (hash) => {
      expect(await verifyPassword("", hash)).toBe(false);
      expect(await verifyPassword("anything", hash)).toBe(false);
    },
  );

  it.each(["not a hash", "$2b$10$short", "$2b$10$H3slk9X1ioLQUWJJmIHu5evPM78o5iLKBXpjXOj6iU9Mvr"])(
    "refuses, without throwing, a malformed stored hash (%s)",
    async (hash) => {
      expect(await verifyPassword("correct horse battery", hash)).toBe(false);
    },
  );

  it("runs one hash fewer than the cores at once (at least one), unless the setting says", () => {
    expect(hashesAtOnce(undefined, 1)).toBe(1);
    expect(hashesAtOnce(undefined, 2)).toBe(1);
    expect(hashesAtOnce(undefined, 8)).toBe(7);
    expect(hashesAtOnce(3, 2)).toBe(3);
    expect(hashesAtOnce(1, 16)).toBe(1);
  });

  // bcryptjs ran each check on the event loop in 100 ms slices: during ten concurrent
  // checks the loop turned a handful of times in a second or more. Natively the work runs
  // on libuv's thread pool and the loop keeps turning (many thousands of times).
  it(
    "leaves the event loop turning during ten concurrent checks and hashes",
    async () => {
      const [pw, hash] = BCRYPTJS_HASHES[0];
      const checks = await loopTurnsDuring(() =>
        Promise.all(Array.from({ length: 10 }, () => verifyPassword(pw, hash))),
      );
      expect(checks.result).toEqual(Array(10).fill(true));
      expect(checks.turns).toBeGreaterThan(1000);

      const hashes = await loopTurnsDuring(() =>
        Promise.all(Array.from({ length: 10 }, () => hashPassword(pw))),
      );
      expect(new Set(hashes.result).size).toBe(10);
      expect(hashes.turns).toBeGreaterThan(1000);
    },
    BURST_TIMEOUT_MS,
  );

  // The pool's threads are shared with file reads, compression and WebCrypto (JWTs): ten
  // checks at once take two of its four, so a file read queued after them does not wait for
  // them (with all ten in the pool's queue it would wait for six of them to end).
  it(
    "leaves libuv's pool free for other work during a burst of checks",
    async () => {
      const [pw, hash] = BCRYPTJS_HASHES[0];
      let checked = 0;
      const checks = Array.from({ length: 10 }, () =>
        verifyPassword(pw, hash).then((valid) => {
          checked++;
          return valid;
        }),
      );
      await readFile(new URL(import.meta.url));
      const checkedBeforeTheRead = checked;
      expect(await Promise.all(checks)).toEqual(Array(10).fill(true));
      expect(checkedBeforeTheRead).toBeLessThan(2);
    },
    BURST_TIMEOUT_MS,
  );
});
