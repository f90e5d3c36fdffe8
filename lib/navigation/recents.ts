import { RECENTS_KEPT, RECENTS_SHOWN } from "./categories";

/** localStorage key; the version changes when the stored shape does. */
export const RECENTS_STORAGE_KEY = "livemarket.quickAccess.recents.v1";

/** A recent entry (spec §3): kept with the title it was recorded with. */
export type RecentEntry = {
  title: string;
  /** A lucide icon name; "folder" when absent. */
  icon: string;
  description: string;
  /** A same-site path. */
  url: string;
  path: string[];
};

/** Same-site paths only ("//host" and "/\\host" would leave the site). */
const sameSitePath = /^\/(?![/\\])/;

const isNonEmptyString = (value: unknown): value is string =>
  typeof value === "string" && value.length > 0;

/**
 * One stored value as a recent entry, or null when it is not one. Hand-written rather than a
 * zod schema: this runs in the browser on every page with the quick access browser, and zod
 * would add about 30 kB gzipped to their first-load JavaScript (docs/bench.md).
 * Absent optional fields take their defaults; unknown fields are dropped.
 */
export function toRecentEntry(value: unknown): RecentEntry | null {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return null;
  const {
    title,
    icon = "folder",
    description = "",
    url,
    path = [],
  } = value as Record<string, unknown>;
  if (!isNonEmptyString(title) || !isNonEmptyString(icon)) return null;
  if (typeof description !== "string") return null;
  if (typeof url !== "string" || !sameSitePath.test(url)) return null;
  if (!Array.isArray(path) || !path.every((part) => typeof part === "string")) return null;
  return { title, icon, description, url, path: [...(path as string[])] };
}

/** Newest first; an entry with the same title is replaced; at most `keep` entries kept. */
export function addRecent(
  recents: readonly RecentEntry[],
  entry: RecentEntry,
  keep: number = RECENTS_KEPT,
): RecentEntry[] {
  return [entry, ...recents.filter((recent) => recent.title !== entry.title)].slice(0, keep);
}

/** The entries the Recents row shows. */
export function shownRecents(
  recents: readonly RecentEntry[],
  count: number = RECENTS_SHOWN,
): RecentEntry[] {
  return recents.slice(0, count);
}

/**
 * Reads what localStorage held. Bad JSON, a wrong shape or invalid entries never throw: the
 * valid entries are kept (same titles collapsed, newest first) and the rest dropped.
 */
export function parseRecents(raw: string | null): RecentEntry[] {
  if (!raw) return [];
  let data: unknown;
  try {
    data = JSON.parse(raw);
  } catch {
    return [];
  }
  if (!Array.isArray(data)) return [];
  const valid = data.flatMap((value) => {
    const entry = toRecentEntry(value);
    return entry ? [entry] : [];
  });
  return valid
    .filter((entry, index) => valid.findIndex((other) => other.title === entry.title) === index)
    .slice(0, RECENTS_KEPT);
}
