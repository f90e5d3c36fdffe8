"use client";

import { type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from "react";
import {
  type Environment,
  parseEnvironment,
  parseKeyValues,
} from "@/lib/app-data/environment-types";
import { fetchJsonWithRetry } from "@/lib/app-data/fetch-with-retry";
import {
  AppDataContext,
  type AppDataContextValue,
  type KeyValues,
  type LoadState,
} from "./app-data-context";
import { EnvironmentAlert } from "./environment-alert";

async function loadEnvironment(signal: AbortSignal): Promise<Environment> {
  const environment = parseEnvironment(await fetchJsonWithRetry("/api/environment", { signal }));
  if (!environment) throw new Error("/api/environment answered an unexpected document");
  return environment;
}

async function loadKeyValues(signal: AbortSignal): Promise<KeyValues> {
  const keyValues = parseKeyValues(await fetchJsonWithRetry("/api/key-values", { signal }));
  if (!keyValues) throw new Error("/api/key-values answered an unexpected document");
  return keyValues;
}

/**
 * Startup data (spec §3, §7): the public environment is loaded when the app starts, the
 * key-values on first use (useKeyValues). Failed fetches retry up to 3 times; an environment
 * that cannot be loaded shows 'Environment data not found' with a way to try again.
 */
export function AppDataProvider({ children }: { children: ReactNode }) {
  const [environment, setEnvironment] = useState<LoadState<Environment>>({
    status: "loading",
    data: null,
  });
  const [keyValues, setKeyValues] = useState<LoadState<KeyValues>>({ status: "idle", data: null });
  const [environmentAttempt, setEnvironmentAttempt] = useState(0);
  const [keyValuesAttempt, setKeyValuesAttempt] = useState(0);
  const keyValuesWanted = useRef(false);

  useEffect(() => {
    const controller = new AbortController();
    loadEnvironment(controller.signal).then(
      (data) => setEnvironment({ status: "ready", data }),
      () => {
        if (!controller.signal.aborted) setEnvironment({ status: "error", data: null });
      },
    );
    return () => controller.abort();
  }, [environmentAttempt]);

  useEffect(() => {
    if (keyValuesAttempt === 0) return;
    const controller = new AbortController();
    loadKeyValues(controller.signal).then(
      (data) => setKeyValues({ status: "ready", data }),
      () => {
        if (!controller.signal.aborted) setKeyValues({ status: "error", data: null });
      },
    );
    return () => controller.abort();
  }, [keyValuesAttempt]);

  const reloadEnvironment = useCallback(() => {
    setEnvironment((previous) => ({ status: "loading", data: previous.data }));
    setEnvironmentAttempt((n) => n + 1);
  }, []);

  const reloadKeyValues = useCallback(() => {
    keyValuesWanted.current = true;
    setKeyValues((previous) => ({ status: "loading", data: previous.data }));
    setKeyValuesAttempt((n) => n + 1);
  }, []);

  const requestKeyValues = useCallback(() => {
    if (keyValuesWanted.current) return;
    reloadKeyValues();
  }, [reloadKeyValues]);

  const value = useMemo<AppDataContextValue>(
    () => ({ environment, reloadEnvironment, keyValues, requestKeyValues, reloadKeyValues }),
    [environment, reloadEnvironment, keyValues, requestKeyValues, reloadKeyValues],
  );

  return (
    <AppDataContext.Provider value={value}>
      {environment.status === "error" ? <EnvironmentAlert onRetry={reloadEnvironment} /> : null}
      {children}
    </AppDataContext.Provider>
  );
}
