import { sql } from "drizzle-orm";
import type { Tx } from "./types";

/**
 * Serialises the writers of one organisation's list until the transaction ends: a
 * transaction-scoped advisory lock on `<scope>:<organisationId>`. For counts and orderings
 * that row locks cannot guard (new rows, an empty list), and usable by any role, unlike
 * `select … for update` on the organisation row.
 */
export async function lockOrganisationScope(
  tx: Tx,
  scope: string,
  organisationId: string,
): Promise<void> {
  await tx.execute(
    sql`select pg_advisory_xact_lock(hashtextextended(${`${scope}:${organisationId}`}, 0))`,
  );
}
