import bcrypt from "bcryptjs";
import { describe, expect, it } from "vitest";
import { hashPassword, verifyPassword } from "@/lib/auth/service/passwords";

describe("auth service passwords", () => {
  it("hashes with bcrypt at cost 10, salted, and verifies only the right password", async () => {
    const hash = await hashPassword("correct horse");
    expect(hash).toMatch(/^\$2[ab]\$10\$[./A-Za-z0-9]{53}$/);
    expect(bcrypt.getRounds(hash)).toBe(10);
    expect(await hashPassword("correct horse")).not.toBe(hash);
    expect(await verifyPassword("correct horse", hash)).toBe(true);
    expect(await verifyPassword("correct horsf", hash)).toBe(false);
    expect(await verifyPassword("", hash)).toBe(false);
  });

  it("accepts Supabase's $2a$ hashes as well", async () => {
    // The same bcrypt output under the $2a$ prefix that Supabase Auth writes.
    const hash = bcrypt.hashSync("s3cret!", 4).replace(/^\$2b\$/, "$2a$");
    expect(hash.startsWith("$2a$04$")).toBe(true);
    expect(await verifyPassword("s3cret!", hash)).toBe(true);
    expect(await verifyPassword("s3cret", hash)).toBe(false);
  });

  it.each([null, undefined, ""])(
    "refuses any password when there is no hash (%j)",
    async (hash) => {
      expect(await verifyPassword("", hash)).toBe(false);
      expect(await verifyPassword("anything", hash)).toBe(false);
    },
  );
});
