// No `server-only` guard: pure hashing, also used by the seed script (lib/auth/seed.ts).
import bcrypt from "bcryptjs";

/** bcrypt with cost 10, the format Supabase Auth stores ($2a$/$2b$ hashes verify alike). */
const COST = 10;
// A hash of no one's password: unknown users cost a comparison too (no timing oracle).
const DUMMY_HASH = "$2b$10$CwTycUXWue0Thq9StjUM0uJ8.jkrR4bS6ot4TtQK2YU7a4rC9Ohjy";

export function hashPassword(password: string): Promise<string> {
  return bcrypt.hash(password, COST);
}

export async function verifyPassword(
  password: string,
  hash: string | null | undefined,
): Promise<boolean> {
  if (!hash) {
    await bcrypt.compare(password, DUMMY_HASH);
    return false;
  }
  return bcrypt.compare(password, hash);
}
