import {
  type Environment,
  parseEnvironment,
  parseKeyValues,
} from "@/lib/app-data/environment-types";
import { fetchJsonWithRetry } from "@/lib/app-data/fetch-with-retry";
import type { KeyValues } from "./app-data-context";

/**
 * The startup data's loaders, in their own chunk: AppDataProvider (on every page) imports them
 * when it starts loading, after hydration, so their parsing and retry code is not part of any
 * page's first-load JavaScript (docs/bench.md).
 */
export async function loadEnvironment(signal: AbortSignal): Promise<Environment> {
  const environment = parseEnvironment(await fetchJsonWithRetry("/api/environment", { signal }));
  if (!environment) throw new Error("/api/environment answered an unexpected document");
  return environment;
}

export async function loadKeyValues(signal: AbortSignal): Promise<KeyValues> {
  const keyValues = parseKeyValues(await fetchJsonWithRetry("/api/key-values", { signal }));
  if (!keyValues) throw new Error("/api/key-values answered an unexpected document");
  return keyValues;
}
