"use client";

import { useContext } from "react";
import { AppDataContext } from "./app-data-context";

function useAppData() {
  const context = useContext(AppDataContext);
  if (!context) throw new Error("useEnvironment/useKeyValues need <AppDataProvider>");
  return context;
}

/** The public environment loaded at startup: `{ status, data }` plus `reload`. */
export function useEnvironment() {
  const { environment, reloadEnvironment } = useAppData();
  return { ...environment, reload: reloadEnvironment };
}

export { useAppData };
