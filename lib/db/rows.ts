import type { SQL } from "drizzle-orm";
import type { Queryable } from "@/lib/db/types";

/**
 * Runs raw SQL and returns its rows for either driver (postgres.js answers an array,
 * PGlite an object with `rows`). Prefer the query builder; use this for SQL it cannot say.
 */
export async function queryRows<T extends Record<string, unknown>>(
  db: Queryable,
  query: SQL,
): Promise<T[]> {
  const result: unknown = await db.execute(query);
  if (Array.isArray(result)) return result as T[];
  return (result as { rows: T[] }).rows;
}
