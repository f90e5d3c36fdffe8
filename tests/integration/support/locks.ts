import postgres from "postgres";

/**
 * Deterministic concurrency tests: a second connection (not the app's pool) takes the same
 * transaction-scoped advisory lock a command takes (`lockOrganisationScope`: key
 * `<scope>:<organisationId>`) and holds it, so the commands under test all stop at that
 * point, whatever the scheduling. The test checks that they are waiting there (pg_locks),
 * releases, and they run one after another. A command that no longer takes the lock never
 * waits, and the test fails at once instead of one run in many.
 */
export interface HeldLock {
  /** Sessions now waiting for this lock. */
  waiters(): Promise<number>;
  /** Resolves once `count` sessions wait for the lock; rejects after `timeoutMs`. */
  waitForWaiters(count: number, timeoutMs?: number): Promise<void>;
  /** Commits the holding transaction (the lock goes to the first waiter) and disconnects. */
  release(): Promise<void>;
}

export async function holdScopeLock(scope: string, organisationId: string): Promise<HeldLock> {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error("holdScopeLock needs DATABASE_URL (PostgreSQL)");
  const key = `${scope}:${organisationId}`;
  const sql = postgres(url, { max: 2, onnotice: () => {} });
  const holder = await sql.reserve();
  await holder`begin`;
  await holder`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`;

  // A bigint advisory key is stored as classid (high 32 bits) and objid (low 32 bits).
  const waiters = async () => {
    const [row] = await sql<{ n: number }[]>`
      select count(*)::int as n from pg_locks
       where locktype = 'advisory' and not granted and objsubid = 1
         and database = (select oid from pg_database where datname = current_database())
         and ((classid::bigint << 32) | objid::bigint) = hashtextextended(${key}, 0)`;
    return row?.n ?? 0;
  };

  return {
    waiters,
    async waitForWaiters(count, timeoutMs = 5000) {
      const deadline = Date.now() + timeoutMs;
      let seen = 0;
      while (Date.now() < deadline) {
        seen = await waiters();
        if (seen >= count) return;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      throw new Error(`expected ${count} sessions waiting for the lock ${key}, saw ${seen}`);
    },
    async release() {
      try {
        await holder`commit`;
      } finally {
        holder.release();
        await sql.end();
      }
    },
  };
}

/** A promise and whether it has settled yet (to check that a command is still waiting). */
export function track<T>(promise: Promise<T>): { promise: Promise<T>; readonly settled: boolean } {
  let settled = false;
  const tracked = promise.finally(() => {
    settled = true;
  });
  return {
    promise: tracked,
    get settled() {
      return settled;
    },
  };
}
