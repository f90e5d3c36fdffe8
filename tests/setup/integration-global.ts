/**
 * Vitest globalSetup of the "integration" project: recreates the test database named by
 * DATABASE_URL (default livemarket_test on the local server) and migrates it. Test files
 * then run one after another against it (vitest.config.ts: fileParallelism false).
 */
import { migrateDatabase } from "@/lib/db/migrate";
import { recreatePostgresDatabase } from "@/lib/db/reset";

const DEFAULT_URL = "postgres://postgres@127.0.0.1:5432/livemarket_test";

export default async function setup(): Promise<void> {
  const url = process.env.DATABASE_URL?.trim() || DEFAULT_URL;
  // Workers start after this and inherit it, so lib/env sees the same database.
  process.env.DATABASE_URL = url;
  await recreatePostgresDatabase(url);
  await migrateDatabase({ url });
}
