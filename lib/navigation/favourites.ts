/**
 * Favourites are identified by title (spec §3). We store the title's catalogue key (the item
 * id, e.g. "plumbing"), so a favourite survives a change of language.
 */
export const FAVOURITES_STORAGE_KEY = "livemarket.quickAccess.favourites.v1";

/** Adds the key when absent, removes it when present. */
export function toggleFavourite(favourites: readonly string[], key: string): string[] {
  return favourites.includes(key)
    ? favourites.filter((favourite) => favourite !== key)
    : [...favourites, key];
}

/** Reads what localStorage held; anything but a list of strings counts as no favourites. */
export function parseFavourites(raw: string | null): string[] {
  if (!raw) return [];
  let data: unknown;
  try {
    data = JSON.parse(raw);
  } catch {
    return [];
  }
  if (!Array.isArray(data)) return [];
  return [...new Set(data.filter((value): value is string => typeof value === "string"))];
}
