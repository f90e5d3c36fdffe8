import type { Queryable } from "@/lib/db/types";

/** What drizzle's builders give from `.prepare(name)`: a query to execute with values. */
interface Prepared<R> {
  execute(placeholders?: Record<string, unknown>): Promise<R>;
}

interface Preparable<R> {
  prepare(name: string): Prepared<R>;
}

/** The drizzle session behind a database or transaction: its driver client. */
function sessionOf(db: Queryable): { client: unknown } {
  return (db as unknown as { session: { client: unknown } }).session;
}

/**
 * Builds a statement and refuses one that keeps a time made while building: drizzle computes
 * `$onUpdate(() => new Date())` (an update's `updated_at`, unless the statement sets it) and
 * `$defaultFn` values while building, and a statement built once would write that same time
 * for ever. Such a column is set in SQL instead (`updatedAt: sql\`now()\``). Building is
 * synchronous: nothing else runs while `Date` is watched.
 */
function buildOnce<R>(name: string, build: () => Prepared<R>): Prepared<R> {
  const RealDate = globalThis.Date;
  const made: Date[] = [];
  class WatchedDate extends RealDate {
    constructor(...args: ConstructorParameters<DateConstructor> | []) {
      super(...(args as ConstructorParameters<DateConstructor>));
      if (args.length === 0) made.push(this);
    }
  }
  let prepared: Prepared<R>;
  globalThis.Date = WatchedDate as DateConstructor;
  try {
    prepared = build();
  } finally {
    globalThis.Date = RealDate;
  }
  const kept = new Set(
    made.flatMap((date) => [date.toISOString(), date.toISOString().replace("T", " ")]),
  );
  const params = (prepared as unknown as { params?: unknown[] }).params ?? [];
  if (params.some((param) => made.includes(param as Date) || kept.has(param as string))) {
    throw new Error(
      `statement "${name}": it would keep a time made while building (an $onUpdate or $defaultFn column it does not set?); set it in SQL, or make it a placeholder`,
    );
  }
  return prepared;
}

/**
 * A statement whose SQL drizzle builds once per process, then runs with each call's values on
 * whichever database or transaction it is given. Building is the costly part of a drizzle
 * query: 130 µs of CPU for a two-column select, 450 µs for a 29-column `select *`, against
 * 90 µs for running it (docs/bench.md "Checkout"), so the statements of hot paths (checkout,
 * the payment webhook) use this.
 *
 * `build` must not close over anything that varies between calls: each varying value is a
 * `sql.placeholder("name")` (in `where`, `values`, `set`, `limit` …), given at the call. It is
 * run once per driver (postgres.js, PGlite), with the first call's database.
 *
 * The prepared query drizzle returns is bound to the first call's connection; each call runs a
 * copy bound to its own (the session's client), planned as that connection's other statements
 * are: the owner's pool prepares, the user pool does not (lib/db/connect.ts).
 */
export function statement<P extends Record<string, unknown>, R>(
  name: string,
  build: (db: Queryable) => Preparable<R>,
): (db: Queryable, values: P) => Promise<R> {
  const built = new Map<unknown, Prepared<R>>();
  return (db, values) => {
    const session = sessionOf(db);
    let template = built.get(session.constructor);
    if (!template) {
      template = buildOnce(name, () => build(db).prepare(name));
      built.set(session.constructor, template);
    }
    const bound = Object.create(template, {
      client: { value: session.client },
      // As drizzle's own unnamed queries: the owner's pool prepares them all the same.
      prepare: { value: false },
    }) as Prepared<R>;
    return bound.execute(values);
  };
}

/**
 * A family of statements told apart by a small key (the number of rows of a multi-row insert,
 * say), each built once. Keys past `limit` distinct ones are built at each call, as drizzle
 * does, so that an unusual shape never grows the cache without bound.
 */
export function statementFamily<K extends string | number, P extends Record<string, unknown>, R>(
  name: string,
  build: (db: Queryable, key: K) => Preparable<R>,
  limit = 16,
): (key: K) => (db: Queryable, values: P) => Promise<R> {
  const byKey = new Map<K, (db: Queryable, values: P) => Promise<R>>();
  return (key) => {
    const known = byKey.get(key);
    if (known) return known;
    const made = statement<P, R>(`${name} (${String(key)})`, (db) => build(db, key));
    if (byKey.size < limit) byKey.set(key, made);
    return made;
  };
}
