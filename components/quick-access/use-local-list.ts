"use client";

import { useCallback, useSyncExternalStore } from "react";

/**
 * A list kept in localStorage and shared by every component that reads the same key: the
 * dialog and the inline browser on the hub home stay in step, and so do other tabs (through
 * the `storage` event). Reading is tolerant: `parse` turns anything stored into a valid list.
 * The server snapshot is the empty list, so server HTML and the first client render agree.
 */
const listeners = new Map<string, Set<() => void>>();
const cache = new Map<string, { raw: string | null; value: readonly unknown[] }>();
const empty: readonly never[] = Object.freeze([]);

function readRaw(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

function notify(key: string) {
  listeners.get(key)?.forEach((listener) => listener());
}

export function useLocalList<T>(
  key: string,
  parse: (raw: string | null) => T[],
): [readonly T[], (update: (current: readonly T[]) => T[]) => void] {
  const subscribe = useCallback(
    (listener: () => void) => {
      const set = listeners.get(key) ?? new Set();
      set.add(listener);
      listeners.set(key, set);
      const onStorage = (event: StorageEvent) => {
        if (event.key === key || event.key === null) listener();
      };
      window.addEventListener("storage", onStorage);
      return () => {
        set.delete(listener);
        window.removeEventListener("storage", onStorage);
      };
    },
    [key],
  );

  const getSnapshot = useCallback((): readonly T[] => {
    const raw = readRaw(key);
    const cached = cache.get(key);
    if (cached && cached.raw === raw) return cached.value as readonly T[];
    const value = parse(raw);
    cache.set(key, { raw, value });
    return value;
  }, [key, parse]);

  const value = useSyncExternalStore(subscribe, getSnapshot, () => empty);

  const update = useCallback(
    (updater: (current: readonly T[]) => T[]) => {
      const next = updater(getSnapshot());
      const raw = JSON.stringify(next);
      try {
        window.localStorage.setItem(key, raw);
      } catch {
        // Storage full or disabled (private mode): keep the list for this page only.
      }
      // Whatever storage now holds maps to `next`, so a failed write still shows the change.
      cache.set(key, { raw: readRaw(key), value: next });
      notify(key);
    },
    [key, getSnapshot],
  );

  return [value, update];
}
