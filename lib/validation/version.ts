import { z } from "zod";

/** The largest value of a PostgreSQL `integer` (int4) column. */
export const INT4_MAX = 2_147_483_647;

/**
 * The `version` a form read (optimistic concurrency: `update … where version = read`). Stored
 * in an `integer` column, so a version above int4 cannot exist: it is a field error here,
 * not a database error ("integer out of range") answered as a failure.
 */
export const versionSchema = z.coerce.number().int().min(1).max(INT4_MAX);
