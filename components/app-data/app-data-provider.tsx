"use client";

import {
  lazy,
  type ReactNode,
  Suspense,
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
} from "react";
import type { Environment } from "@/lib/app-data/environment-types";
import {
  AppDataContext,
  type AppDataContextValue,
  type KeyValues,
  type LoadState,
} from "./app-data-context";

// Loaders and the failure notice load on demand (load-app-data.ts): not first-load code.
const loaders = () => import("./load-app-data");
const EnvironmentAlert = lazy(() =>
  import("./environment-alert").then((module) => ({ default: module.EnvironmentAlert })),
);

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
    loaders()
      .then((module) => module.loadEnvironment(controller.signal))
      .then(
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
    loaders()
      .then((module) => module.loadKeyValues(controller.signal))
      .then(
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
      {environment.status === "error" ? (
        <Suspense fallback={null}>
          <EnvironmentAlert onRetry={reloadEnvironment} />
        </Suspense>
      ) : null}
      {children}
    </AppDataContext.Provider>
  );
}
