"use client";

import { useEffect } from "react";
import { useAppData } from "./use-environment";

/**
 * The settings map from /api/key-values, loaded lazily: the first component that uses this
 * hook starts the (single, shared) load.
 */
export function useKeyValues() {
  const { keyValues, requestKeyValues, reloadKeyValues } = useAppData();
  useEffect(() => {
    requestKeyValues();
  }, [requestKeyValues]);
  return { ...keyValues, reload: reloadKeyValues };
}

/** One setting from the key-values map; undefined while loading or when absent. */
export function useKeyValue(key: string): unknown {
  const { data } = useKeyValues();
  return data?.[key];
}
