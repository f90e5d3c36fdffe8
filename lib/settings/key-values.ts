import "server-only";
import { eq } from "drizzle-orm";
import { withAnonContext } from "@/lib/db/context";
import { keyValues } from "@/lib/settings/schema";

/** The public settings as a map (spec §7: GET /api/key-values). */
export type KeyValueMap = Record<string, unknown>;

/** How long one process reuses what it read. Short: an edit shows within seconds. */
const CACHE_MS = 30_000;

let cache: { at: number; value: Promise<KeyValueMap> } | undefined;

async function readPublicKeyValues(): Promise<KeyValueMap> {
  // As anon: the RLS policy, not only the WHERE, keeps private settings out.
  const rows = await withAnonContext((tx) =>
    tx
      .select({ key: keyValues.key, value: keyValues.value })
      .from(keyValues)
      .where(eq(keyValues.isPublic, true))
      .orderBy(keyValues.key),
  );
  return Object.fromEntries(rows.map((row) => [row.key, row.value]));
}

export function getPublicKeyValues(): Promise<KeyValueMap> {
  const now = Date.now();
  if (!cache || now - cache.at > CACHE_MS) {
    const value = readPublicKeyValues();
    cache = { at: now, value };
    value.catch(() => {
      if (cache?.value === value) cache = undefined;
    });
  }
  return cache.value;
}

/** Forget the cached map (after a settings change, and in tests). */
export function invalidatePublicKeyValues(): void {
  cache = undefined;
}
