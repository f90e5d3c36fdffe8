"use client";

import { lazy, Suspense, useState, useSyncExternalStore } from "react";
import { getServerToasts, getToasts, subscribeToasts } from "./toast-store";

// React.lazy rather than next/dynamic: rendered only after a toast (never on the server), and
// next/dynamic would add its own runtime to every page.
const Toaster = lazy(() => import("./toast").then((module) => ({ default: module.Toaster })));

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
  return used ? (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  ) : null;
}
