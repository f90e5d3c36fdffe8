// No `server-only` guard: pure hashing, also used by the seed script (lib/auth/seed.ts).
import { availableParallelism } from "node:os";
import { hash, verify } from "@node-rs/bcrypt";
import { env } from "@/lib/env";

/**
 * bcrypt with cost 10, the format Supabase Auth stores. Native (Rust, @node-rs/bcrypt) and
 * asynchronous: each hash or check (about 50 ms of CPU) runs on libuv's thread pool, so a
 * burst of sign-ins does not hold the event loop. New hashes are `$2a$`, the prefix GoTrue
 * writes (golang.org/x/crypto/bcrypt); `$2a$` and `$2b$` hashes verify alike (docs/auth.md).
 */
const COST = 10;
// A hash of no one's password: unknown users cost a comparison too (no timing oracle).
const DUMMY_HASH = "$2b$10$CwTycUXWue0Thq9StjUM0uJ8.jkrR4bS6ot4TtQK2YU7a4rC9Ohjy";

/**
 * Hashes and checks running at once in this process; the others wait their turn. Each keeps a
 * core busy for about 50 ms, on libuv's pool (4 threads, UV_THREADPOOL_SIZE), which page
 * requests need too: response compression, file reads, the WebCrypto signatures and checks of
 * JWTs. One fewer than the cores (AUTH_PASSWORD_HASHES_AT_ONCE overrides it) leaves a core to
 * the event loop during a burst of sign-ins: on 2 cores, one at a time (docs/auth.md).
 */
export function hashesAtOnce(
  setting = env().AUTH_PASSWORD_HASHES_AT_ONCE,
  cores = availableParallelism(),
): number {
  return setting ?? Math.max(1, cores - 1);
}

let maxAtOnce: number | undefined;
let running = 0;
const waiting: (() => void)[] = [];

async function inTurn<T>(work: () => Promise<T>): Promise<T> {
  // A finished task hands its place straight to the next waiting one (running unchanged).
  maxAtOnce ??= hashesAtOnce();
  if (running >= maxAtOnce) await new Promise<void>((resolve) => waiting.push(resolve));
  else running++;
  try {
    return await work();
  } finally {
    const next = waiting.shift();
    if (next) next();
    else running--;
  }
}

export function hashPassword(password: string): Promise<string> {
  return inTurn(() => hash(password, { cost: COST, version: "2a" }));
}

/** False for a wrong password, a missing hash and a malformed one (never throws for those). */
export async function verifyPassword(
  password: string,
  hash: string | null | undefined,
): Promise<boolean> {
  if (!hash) {
    await inTurn(() => verify(password, DUMMY_HASH));
    return false;
  }
  return inTurn(() => verify(password, hash));
}
