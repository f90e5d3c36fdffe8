import "server-only";
import { sql } from "drizzle-orm";
import { getDbDriver } from "@/lib/db/client";
import { withSystemContext } from "@/lib/db/context";
import type { DbDriver } from "@/lib/db/types";

export interface DatabaseHealth {
  ok: boolean;
  driver: DbDriver;
  latencyMs: number;
}

const TIMEOUT_MS = 3_000;

/** `select 1` through the system context, given up after a few seconds. */
export async function checkDatabase(): Promise<DatabaseHealth> {
  const started = performance.now();
  const driver = getDbDriver();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error("database health check timed out")), TIMEOUT_MS);
  });
  try {
    await Promise.race([
      withSystemContext("health-check", (tx) => tx.execute(sql`select 1`)),
      timeout,
    ]);
    return { ok: true, driver, latencyMs: Math.round(performance.now() - started) };
  } catch (error) {
    console.error("[health] database check failed", error);
    return { ok: false, driver, latencyMs: Math.round(performance.now() - started) };
  } finally {
    clearTimeout(timer);
  }
}
