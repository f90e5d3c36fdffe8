"use client";

import { createContext } from "react";
import type { Environment } from "@/lib/app-data/environment-types";

export type LoadState<T> =
  | { status: "idle"; data: null }
  | { status: "loading"; data: T | null }
  | { status: "ready"; data: T }
  | { status: "error"; data: null };

export type KeyValues = Record<string, unknown>;

export type AppDataContextValue = {
  environment: LoadState<Environment>;
  reloadEnvironment: () => void;
  keyValues: LoadState<KeyValues>;
  /** Starts loading the key-values the first time it is called; later calls do nothing. */
  requestKeyValues: () => void;
  reloadKeyValues: () => void;
};

export const AppDataContext = createContext<AppDataContextValue | null>(null);
