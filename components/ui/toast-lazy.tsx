"use client";

import dynamic from "next/dynamic";
import { useState, useSyncExternalStore } from "react";
import { getServerToasts, getToasts, subscribeToasts } from "./toast-store";

const Toaster = dynamic(() => import("./toast").then((module) => module.Toaster), { ssr: false });

/**
 * The root layout's toaster. The queue is a tiny store (toast-store.ts); the Radix viewport
 * that shows it loads with the first toast, then stays mounted.
 */
export function LazyToaster() {
  const hasToasts = useSyncExternalStore(
    subscribeToasts,
    () => getToasts().length > 0,
    () => getServerToasts().length > 0,
  );
  const [used, setUsed] = useState(false);
  if (hasToasts && !used) setUsed(true);
  return used ? <Toaster /> : null;
}
