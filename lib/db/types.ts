import type { PgDatabase, PgQueryResultHKT, PgTransaction } from "drizzle-orm/pg-core";
import type { ExtractTablesWithRelations } from "drizzle-orm";

type NoSchema = Record<string, never>;

/**
 * The Drizzle database, whichever driver is behind it (postgres.js or PGlite). Tables are
 * imported from each module's `schema.ts` and used with the query builder
 * (`tx.select().from(organisations)`); no relational schema is registered.
 */
export type Db = PgDatabase<PgQueryResultHKT, NoSchema>;

/** A transaction opened by one of the contexts of `lib/db/context.ts`. */
export type Tx = PgTransaction<PgQueryResultHKT, NoSchema, ExtractTablesWithRelations<NoSchema>>;

/** Something queries can run on: the database itself or a transaction. */
export type Queryable = Db | Tx;

export type DbDriver = "postgres" | "pglite";
