import { sql, type SQL } from "drizzle-orm";

/**
 * A list of uuids as one `uuid[]` SQL value, sent as a single text parameter on both drivers
 * (postgres.js and PGlite bind JavaScript arrays differently). Empty gives `'{}'`.
 */
export function uuidArray(ids: readonly string[]): SQL {
  return sql`string_to_array(${ids.join(",")}, ',')::uuid[]`;
}
