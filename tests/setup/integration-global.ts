/**
 * Vitest globalSetup of the "integration" project: recreates the test database named by
 * DATABASE_URL (default livemarket_test on the local server) and migrates it. Test files
 * then run one after another against it (vitest.config.ts: fileParallelism false).
 * Under Stryker (`npm run mutation`) each worker gets a database of its own, suffixed with
 * the worker's number, so parallel workers never share one.
 */
import { migrateDatabase } from "@/lib/db/migrate";
import { recreatePostgresDatabase } from "@/lib/db/reset";

const DEFAULT_URL = "postgres://postgres@127.0.0.1:5432/livemarket_test";

export default async function setup(): Promise<void> {
  const base = new URL(process.env.DATABASE_URL?.trim() || DEFAULT_URL);
  const worker = process.env.STRYKER_MUTATOR_WORKER;
  if (worker && /^\d+$/.test(worker)) base.pathname = `${base.pathname}_stryker_${worker}`;
  const url = base.toString();
  // Workers start after this and inherit it, so lib/env sees the same database.
  process.env.DATABASE_URL = url;
  await recreatePostgresDatabase(url);
  await migrateDatabase({ url });
}
