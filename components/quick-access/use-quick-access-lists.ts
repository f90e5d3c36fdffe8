"use client";

import { useCallback } from "react";
import {
  FAVOURITES_STORAGE_KEY,
  parseFavourites,
  toggleFavourite,
} from "@/lib/navigation/favourites";
import {
  addRecent,
  parseRecents,
  RECENTS_STORAGE_KEY,
  type RecentEntry,
} from "@/lib/navigation/recents";
import { useLocalList } from "./use-local-list";

/** Favourite keys (item ids) kept in this browser. */
export function useFavourites() {
  const [favourites, update] = useLocalList(FAVOURITES_STORAGE_KEY, parseFavourites);
  const toggle = useCallback(
    (key: string) => update((current) => toggleFavourite(current, key)),
    [update],
  );
  return { favourites, toggle };
}

/** Recent entries kept in this browser, newest first. */
export function useRecents() {
  const [recents, update] = useLocalList(RECENTS_STORAGE_KEY, parseRecents);
  const record = useCallback(
    (entry: RecentEntry) => update((current) => addRecent(current, entry)),
    [update],
  );
  return { recents, record };
}
