import { existsSync } from "node:fs";
import { pgliteDir } from "@/lib/db/connect";

/**
 * The database settings of the command-line scripts: the same variables as the app
 * (lib/env.ts), read from the environment and from .env when present.
 */
export interface ScriptDatabase {
  url: string | undefined;
  dataDir: string;
}

export function scriptDatabase(): ScriptDatabase {
  if (existsSync(".env")) process.loadEnvFile(".env");
  const url = process.env.DATABASE_URL?.trim() || undefined;
  const dataDir = process.env.DATA_DIR?.trim() || ".data";
  return { url, dataDir: pgliteDir(dataDir) };
}

export function describe(database: ScriptDatabase): string {
  if (!database.url) return `PGlite at ${database.dataDir}`;
  const url = new URL(database.url);
  url.password = url.password ? "***" : "";
  return `PostgreSQL at ${url.toString()}`;
}
